/** Query keys of the Terminals section; its hooks arrive with the section. */
export const terminalsKeys = {
  all: ['terminals'] as const,
};
