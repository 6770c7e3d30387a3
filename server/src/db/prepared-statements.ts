import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Tx } from './client.ts';
import { RoundTripClient } from './round-trips.ts';

/** A connection prepares a statement once it has run the statement's text this many times. */
export const PREPARE_AFTER_USES = 3;
/** At most this many prepared statements per connection: the rest run unnamed, as before. */
export const PREPARED_PER_CONNECTION = 256;
/** At most this many distinct texts counted per connection, so one-off statements cannot grow the count. */
const COUNTED_PER_CONNECTION = 4_096;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/**
 * A PostgreSQL connection (RoundTripClient) that prepares the statements it runs often: a parameterized
 * statement run PREPARE_AFTER_USES times gets a name, so from then on PostgreSQL skips parsing and, after its own
 * few executions, planning it (the order's statements spent about as long being parsed and planned as being
 * run). Only texts with parameters are named: their values travel separately, so one text is one statement
 * whatever the values. The counts are bounded per connection; past PREPARED_PER_CONNECTION every other text runs
 * unnamed as before.
 *
 * Only for a PostgreSQL server reached directly (or through a pooler that keeps prepared statements per
 * client, PgBouncer 1.21+ with max_prepared_statements): a pooler in transaction mode that does not would
 * send a named Bind to another backend. DATABASE_PREPARED_STATEMENTS=false turns it off. Never for the
 * embedded engine, whose pool connections share one backend session.
 */
export class PreparingClient extends RoundTripClient {
  private readonly uses = new Map<string, number>();
  private readonly names = new Map<string, string>();

  protected override sendOne(config: unknown, values: unknown, callback: unknown): unknown {
    if (
      config &&
      typeof config === 'object' &&
      typeof (config as { submit?: unknown }).submit !== 'function'
    ) {
      const name = this.nameFor(config as QueryConfig, values);
      if (name) return super.sendOne({ ...(config as pg.QueryConfig), name }, values, callback);
    }
    return super.sendOne(config, values, callback);
  }

  private nameFor(config: QueryConfig, values: unknown): string | undefined {
    if (config.name || typeof config.text !== 'string') return undefined;
    const parameters = Array.isArray(values) ? values : config.values;
    if (!Array.isArray(parameters) || parameters.length === 0) return undefined;
    const text = config.text;
    const known = this.names.get(text);
    if (known) return known;
    if (this.names.size >= PREPARED_PER_CONNECTION) return undefined;
    const used = (this.uses.get(text) ?? 0) + 1;
    if (used < PREPARE_AFTER_USES) {
      if (this.uses.size < COUNTED_PER_CONNECTION || this.uses.has(text)) this.uses.set(text, used);
      return undefined;
    }
    this.uses.delete(text);
    const name = `s${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

/**
 * For the rest of `tx`, PostgreSQL runs prepared statements on their generic plan, made once per connection,
 * instead of planning them again with each execution's values (what it chooses by itself for a statement
 * whose generic plan it estimates dearer, such as the order's routing read: about a fifth of the database's
 * CPU per order went to that planning, perf during the order bench). For a hot path whose statements read and
 * write by keys and indexes that any values use alike. `SET LOCAL` ends with the transaction, so the
 * connection's other work keeps PostgreSQL's own choice. The embedded engine prepares nothing: no statement.
 */
export async function genericPlansInTransaction(tx: Tx, engine: Database['engine']): Promise<void> {
  if (engine !== 'postgres') return;
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
}
