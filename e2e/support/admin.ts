import { execFileSync } from 'node:child_process';
import { E2E } from './env.ts';

/** Runs `npm run admin -- …` against the end-to-end database and returns what it printed. */
export function admin(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'server/src/cli/admin.ts', ...args], {
    cwd: E2E.root,
    env: { ...process.env, DATABASE_URL: E2E.databaseUrl, DATA_DIR: E2E.dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
}

let counter = 0;
/** A unique email for one test. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

export const E2E_PASSWORD = 'E2e!Passw0rd';

/** Creates a user through the admin CLI; returns its credentials. */
export function createUser(
  options: { role?: 'trader' | 'merchant' | 'support' | 'admin'; lead?: boolean; email?: string } = {},
) {
  const email = options.email ?? uniqueEmail(options.role ?? 'trader');
  const args = [
    'create-user',
    '--email',
    email,
    '--password',
    E2E_PASSWORD,
    '--role',
    options.role ?? 'trader',
  ];
  if (options.lead) args.push('--lead');
  admin(...args);
  return { email, password: E2E_PASSWORD };
}
