import { hashPassword } from '../modules/auth/passwords.ts';
import * as users from '../modules/users/users.service.ts';
import { openCliDatabase } from './cli-database.ts';

/** Demo users, one of each role plus a lead; all share one password that meets the sign-up rules. */
export const DEMO_PASSWORD = 'Demo!2345';
export const DEMO_USERS = [
  { email: 'trader@demo.local', role: 'trader', isLead: false },
  { email: 'lead@demo.local', role: 'trader', isLead: true },
  { email: 'merchant@demo.local', role: 'merchant', isLead: false },
  { email: 'support@demo.local', role: 'support', isLead: false },
] as const;

/** `npm run seed`: creates the demo users (skipping existing ones) and prints their logins. */
const { database } = await openCliDatabase('npm run seed');
try {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  console.log('Demo logins (password for all: %s)', DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    const existing = await users.findByEmail(database.db, demo.email);
    if (!existing) await users.insertUser(database.db, { ...demo, passwordHash });
    console.log(
      `  ${demo.role.padEnd(9)}${demo.isLead ? ' (lead)' : '       '} ${demo.email}${existing ? '  (already there)' : ''}`,
    );
  }
  console.log('Sign-in codes are mailed; without SMTP_URL read them in DATA_DIR/mail/.');
} finally {
  await database.close();
}
