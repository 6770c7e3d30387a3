/**
 * Demo users, one of each role (the console's admin too) plus a lead; all share one password that meets the sign-up rules. Apart from
 * seed.ts (which seeds when it is imported), so the crash loop can sign in as them.
 */
export const DEMO_PASSWORD = 'Demo!2345';
export const DEMO_USERS = [
  { email: 'trader@demo.local', role: 'trader', isLead: false },
  { email: 'lead@demo.local', role: 'trader', isLead: true },
  // The shop name the payer page shows (issue 25).
  { email: 'merchant@demo.local', role: 'merchant', isLead: false, displayName: 'Демо-магазин' },
  { email: 'support@demo.local', role: 'support', isLead: false },
  // The operator console (issue 27) at /admin.
  { email: 'admin@demo.local', role: 'admin', isLead: false },
] as const;
