/** Query keys of the auth calls; its own module so the entry chunk can seed the session check (app/session-boot.ts). */
export const authKeys = {
  all: ['auth'] as const,
  check: ['auth', 'check'] as const,
};
