/** Query keys of the Disputes section; its hooks arrive with the section. */
export const disputesKeys = {
  all: ['disputes'] as const,
};
