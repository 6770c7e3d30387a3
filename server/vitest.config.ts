import { defineConfig } from 'vitest/config';

// Files named *.db.test.ts touch the database and run twice: on embedded PGlite and on the PostgreSQL
// server (TEST_DATABASE_URL). Plain *.test.ts files are unit tests and run once.
const dbTests = ['src/**/*.db.test.ts', 'test/**/*.db.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['./test/global-setup.ts'],
    testTimeout: 30_000,
    // Every statement compiled by db/sql-compiler.ts is compiled by drizzle too and must agree (servers the
    // tests spawn inherit it).
    env: { SQL_COMPILE_CHECK: '1' },
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'test/**/*.test.ts'], exclude: dbTests },
      },
      { extends: true, test: { name: 'pglite', include: dbTests, env: { TEST_DB_ENGINE: 'pglite' } } },
      { extends: true, test: { name: 'postgres', include: dbTests, env: { TEST_DB_ENGINE: 'postgres' } } },
    ],
  },
});
