/** User roles. Lead is a flag on top of a role, not a role. `admin` runs the operator console (issue 27); sign-up never makes one. */
export const USER_ROLES = ['trader', 'merchant', 'support', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** HTTP status the API uses for "you are not a lead" (spec §6). */
export const NOT_A_LEAD_STATUS = 451;
