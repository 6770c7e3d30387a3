/** Query keys of the Transactions section; its hooks arrive with the section. */
export const dealsKeys = {
  all: ['deals'] as const,
};
