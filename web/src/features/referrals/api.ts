/** Query keys of the Referrals section; its hooks arrive with the section. */
export const referralsKeys = {
  all: ['referrals'] as const,
};
