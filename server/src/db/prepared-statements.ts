import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Tx } from './client.ts';

/** A connection prepares a statement once it has run the statement's text this many times. */
export const PREPARE_AFTER_USES = 3;
/** At most this many prepared statements per connection: the rest run unnamed, as before. */
export const PREPARED_PER_CONNECTION = 256;
/** At most this many distinct texts counted per connection, so one-off statements cannot grow the count. */
const COUNTED_PER_CONNECTION = 4_096;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** What a held `begin` answers (the shape of node-postgres's result for it). */
const HELD_BEGIN = { command: 'BEGIN', rowCount: null, oid: null, rows: [], fields: [] };

/**
 * A node-postgres client (one PostgreSQL connection) that prepares the statements this connection runs
 * often: a parameterized statement run PREPARE_AFTER_USES times gets a name, so from then on PostgreSQL
 * skips parsing and, after its own few executions, planning it (the order's statements spent about as
 * long being parsed and planned as being run). Only texts with parameters are named: their values travel
 * separately, so one text is one statement whatever the values. The counts are bounded per connection;
 * past PREPARED_PER_CONNECTION every other text runs unnamed as before.
 *
 * Only for a PostgreSQL server reached directly (or through a pooler that keeps prepared statements per
 * client, PgBouncer 1.21+ with max_prepared_statements): a pooler in transaction mode that does not would
 * send a named Bind to another backend. DATABASE_PREPARED_STATEMENTS=false turns it off. Never for the
 * embedded engine, whose pool connections share one backend session.
 */
export class PreparingClient extends pg.Client {
  private readonly uses = new Map<string, number>();
  private readonly names = new Map<string, string>();
  /** A transaction's `begin`, not sent yet: it travels with the transaction's next statement. */
  private beginHeld = false;

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() is overloaded; this only renames.
  override query(config: any, values?: any, callback?: any): any {
    const plainConfig = typeof config === 'string' || (config && typeof config.submit !== 'function');
    if (this.beginHeld || (plainConfig && callback === undefined)) {
      const carried = this.carryBegin(plainConfig ? config : undefined, values, callback);
      if (carried) return carried;
    }
    if (config && typeof config === 'object' && typeof config.submit !== 'function') {
      const name = this.nameFor(config as QueryConfig, values);
      if (name) return super.query({ ...config, name }, values, callback);
    }
    return super.query(config, values, callback);
  }

  /**
   * Drizzle opens a transaction with `begin` alone and waits for it: one round trip that carries nothing. Here
   * the `begin` is answered at once and held; a next statement without parameters (the order's `set local`, a
   * `commit`) is sent with it as one message, `begin;\n<statement>`, answered with the statement's result.
   * Anything else next (parameters, a callback, a custom query) cannot share the message: the `begin` is sent
   * just before it, as it would have been. A `begin` that fails then fails that statement (node-postgres
   * sends in order), which ends the transaction as the failed `begin` would have.
   */
  private carryBegin(
    config: string | QueryConfig | undefined,
    values: unknown,
    callback: unknown,
  ): Promise<unknown> | undefined {
    const query: QueryConfig | undefined = typeof config === 'string' ? { text: config } : config;
    const parameters = Array.isArray(values) ? values : query?.values;
    const plain =
      query !== undefined &&
      typeof query.text === 'string' &&
      !query.name &&
      callback === undefined &&
      (!Array.isArray(parameters) || parameters.length === 0);
    if (!this.beginHeld) {
      if (!plain || query.text !== 'begin') return undefined;
      this.beginHeld = true;
      return Promise.resolve(HELD_BEGIN);
    }
    this.beginHeld = false;
    if (!plain) {
      super.query('begin').catch(() => undefined);
      return undefined;
    }
    return super
      .query({ ...(query as pg.QueryConfig), text: `begin;\n${query.text}` }, values as unknown[])
      .then((results: unknown) => (Array.isArray(results) ? results.at(-1) : results));
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
