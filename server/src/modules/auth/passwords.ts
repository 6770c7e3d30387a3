// Password hashing and verifying (argon2id) with bounded concurrency.
import { hash, verify } from '@node-rs/argon2';
import { createConcurrencyLimit } from './concurrency-limit.ts';

// argon2id (the library's default algorithm) at OWASP's floor: 19 MiB, 2 passes. Runs on libuv's thread
// pool, off the event loop.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const DUMMY_PASSWORD = 'dummy-password-for-timing-1A!';

/** Hashing and checking passwords with argon2id, at most `concurrency` computations at once. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Verifies a password against a stored hash. With no hash (unknown account) it still does the same work
   * against a dummy hash, so an answer takes about the same time whether or not the account exists.
   */
  verify(storedHash: string | undefined, password: string): Promise<boolean>;
}

/**
 * A hasher whose argon2 work is bounded: libuv has 4 threads by default, shared with file and DNS work, so a
 * login flood hashing on all of them would stall everyone else; the rest of the flood queues here.
 */
export function createPasswordHasher(options: { concurrency: number }): PasswordHasher {
  const limit = createConcurrencyLimit(options.concurrency);
  let dummyHash: Promise<string> | undefined;
  const hashLimited = (password: string) => limit.run(() => hash(password, OPTIONS));

  return {
    hash: hashLimited,
    async verify(storedHash, password) {
      if (!storedHash) {
        dummyHash ??= hashLimited(DUMMY_PASSWORD);
        const dummy = await dummyHash;
        await limit.run(() => verify(dummy, password)).catch(() => false);
        return false;
      }
      try {
        return await limit.run(() => verify(storedHash, password));
      } catch {
        return false;
      }
    },
  };
}

/** The process-wide default for one-off callers (CLI, seed, tests); the server's sign-in uses its own. */
const shared = createPasswordHasher({ concurrency: 2 });

/** Hashes a password with argon2id. */
export const hashPassword = (password: string): Promise<string> => shared.hash(password);

/** Verifies a password (see PasswordHasher.verify). */
export const verifyPassword = (storedHash: string | undefined, password: string): Promise<boolean> =>
  shared.verify(storedHash, password);
