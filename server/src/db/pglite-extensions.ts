/**
 * The extensions every embedded PGlite instance loads (server, CLI, tests, benchmarks), so the same
 * migrations run on PGlite and on a PostgreSQL server. PGlite needs them at creation time.
 */
export const PGLITE_EXTENSIONS = {};
