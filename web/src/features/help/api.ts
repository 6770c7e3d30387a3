/** Query keys of the Help & Supports section; its hooks arrive with the section. */
export const helpKeys = {
  all: ['help'] as const,
};
