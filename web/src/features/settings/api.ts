/** Query keys of the Settings section; its hooks arrive with the section. */
export const settingsKeys = {
  all: ['settings'] as const,
};
