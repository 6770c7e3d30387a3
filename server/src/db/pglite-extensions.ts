import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions every embedded PGlite instance loads (server, CLI, tests, benchmarks), so the same
 * migrations run on PGlite and on a PostgreSQL server. PGlite needs them at creation time.
 * pg_trgm: trigram indexes for the Payments list search (migration 0006).
 */
export const PGLITE_EXTENSIONS = { pg_trgm };
