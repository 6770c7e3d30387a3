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
/** What a held `set local` answers. */
const HELD_SET = { command: 'SET', rowCount: null, oid: null, rows: [], fields: [] };
/** What a `rollback` answers once the transaction ended with its last statement (thenCommit). */
const ENDED_ROLLBACK = { command: 'ROLLBACK', rowCount: null, oid: null, rows: [], fields: [] };

/**
 * Marks a transaction's last statement: its `commit` travels with it (see PreparingClient). Put first in the
 * statement's text by `thenCommit` (db/writes-together.ts); to PostgreSQL it is a comment.
 */
export const THEN_COMMIT = '/* then commit */ ';

/** The text of a query without parameters, a name or a callback (what may share a message), else undefined. */
function plainText(config: unknown, values: unknown, callback: unknown): string | undefined {
  if (callback !== undefined) return undefined;
  if (typeof config === 'string') return Array.isArray(values) && values.length > 0 ? undefined : config;
  if (
    !config ||
    typeof config !== 'object' ||
    typeof (config as { submit?: unknown }).submit === 'function'
  ) {
    return undefined;
  }
  const query = config as QueryConfig;
  const parameters = Array.isArray(values) ? values : query.values;
  if (query.name || typeof query.text !== 'string') return undefined;
  return Array.isArray(parameters) && parameters.length > 0 ? undefined : query.text;
}

/**
 * A node-postgres client (one PostgreSQL connection) that spends fewer round trips and parses less:
 *
 * - It prepares the statements this connection runs often: a parameterized statement run PREPARE_AFTER_USES
 *   times gets a name, so from then on PostgreSQL skips parsing and, after its own few executions, planning it
 *   (the order's statements spent about as long being parsed and planned as being run). Only texts with
 *   parameters are named: their values travel separately, so one text is one statement whatever the values.
 *   The counts are bounded per connection; past PREPARED_PER_CONNECTION every other text runs unnamed.
 * - A transaction's `begin` (and the `set local`s right after it) is answered at once and held; it travels with
 *   the transaction's next statement, in the same write: one round trip instead of two (carryBegin).
 * - A transaction's last statement marked with THEN_COMMIT has the `commit` written right behind it, and the
 *   caller's `commit` then only waits for that answer: the order's locks are held one round trip less.
 *
 * The connection runs in node-postgres's pipeline mode (each query with its own Sync, sent without waiting for
 * the one before), which is what lets two statements share a write; callers that await each query, as Drizzle
 * does, see no other difference.
 *
 * Only for a PostgreSQL server reached directly (or through a pooler that keeps prepared statements per
 * client, PgBouncer 1.21+ with max_prepared_statements): a pooler in transaction mode that does not would
 * send a named Bind to another backend. DATABASE_PREPARED_STATEMENTS=false turns it off. Never for the
 * embedded engine, whose pool connections share one backend session.
 */
export class PreparingClient extends pg.Client {
  private readonly uses = new Map<string, number>();
  private readonly names = new Map<string, string>();
  /** The held `begin` and `set local`s of a transaction, not sent yet. */
  private held: string[] | undefined;
  /** A transaction is open (its `begin` seen, no `commit` or `rollback` since). */
  private inTransaction = false;
  /** A savepoint was taken in the open transaction: its last statement cannot commit it (a nested one's could). */
  private savepointTaken = false;
  /** The `commit` sent with the transaction's last statement (THEN_COMMIT), its answer not yet asked for. */
  private sentCommit: Promise<unknown> | undefined;

  constructor(config?: string | pg.ClientConfig) {
    super(
      typeof config === 'string'
        ? { connectionString: config, pipeline: true }
        : { ...config, pipeline: true },
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() is overloaded; this only renames.
  override query(config: any, values?: any, callback?: any): any {
    const plain = plainText(config, values, callback);
    if (this.sentCommit) return this.afterSentCommit(plain);
    if (plain !== undefined) {
      const held = this.hold(plain);
      if (held) return held;
      this.follow(plain);
    }
    if (this.held) return this.carryBegin(plain, config, values, callback);
    return this.send(config, values, callback);
  }

  /** Holds a transaction's `begin` and the `set local`s right after it; undefined for anything else. */
  private hold(plain: string): Promise<unknown> | undefined {
    if (plain === 'begin') {
      this.held = ['begin'];
      this.inTransaction = true;
      this.savepointTaken = false;
      return Promise.resolve(HELD_BEGIN);
    }
    if (this.held && plain.startsWith('set local ')) {
      this.held.push(plain);
      return Promise.resolve(HELD_SET);
    }
    return undefined;
  }

  /** Follows the transaction's state through the plain statements that change it. */
  private follow(plain: string) {
    if (plain === 'commit' || plain === 'rollback') this.inTransaction = false;
    else if (plain.startsWith('savepoint ')) this.savepointTaken = true;
  }

  /**
   * Sends the held `begin` (and `set local`s) with the statement that follows them. A plain statement shares
   * their message, `begin;\n<statement>`, answered with the statement's result. Anything else is written right
   * behind them in the same write; an error of the held part is the statement's error (the statement itself
   * would only say the transaction is aborted).
   */
  private carryBegin(
    plain: string | undefined,
    config: unknown,
    values: unknown,
    callback: unknown,
  ): unknown {
    const prefix = this.held!.join(';\n');
    this.held = undefined;
    if (plain !== undefined && !plain.startsWith(THEN_COMMIT)) {
      const query = typeof config === 'string' ? { text: config } : (config as pg.QueryConfig);
      return super
        .query({ ...query, text: `${prefix};\n${plain}` }, values as unknown[])
        .then((results: unknown) => (Array.isArray(results) ? results.at(-1) : results));
    }
    return this.corked(() => {
      const carried = super.query(prefix);
      const result = this.send(config, values, callback);
      if (!(result instanceof Promise)) {
        carried.catch(() => undefined);
        return result;
      }
      return Promise.allSettled([carried, result]).then(([first, statement]) => {
        if (first.status === 'rejected') throw first.reason;
        if (statement.status === 'rejected') throw statement.reason;
        return statement.value;
      });
    });
  }

  /** Sends a statement (named when it is run often); a THEN_COMMIT one with the transaction's `commit`. */
  private send(config: unknown, values: unknown, callback: unknown): unknown {
    const text = typeof config === 'string' ? config : (config as QueryConfig | undefined)?.text;
    const commits =
      typeof text === 'string' &&
      text.startsWith(THEN_COMMIT) &&
      this.inTransaction &&
      !this.savepointTaken &&
      callback === undefined;
    if (!commits) return this.sendNamed(config, values, callback);
    return this.corked(() => {
      const result = this.sendNamed(config, values, callback);
      const sent = super.query('commit');
      sent.catch(() => undefined);
      this.sentCommit = sent;
      this.inTransaction = false;
      return result;
    });
  }

  /**
   * After a THEN_COMMIT statement the transaction's `commit` is already on its way: the caller's `commit` gets
   * its answer; a `rollback` (the statement failed, so the `commit` ended the transaction as a rollback) gets a
   * rollback's answer once it is over. Anything else would run outside the transaction: refused.
   */
  private afterSentCommit(plain: string | undefined): Promise<unknown> {
    const sent = this.sentCommit!;
    this.sentCommit = undefined;
    if (plain === 'commit') return sent;
    if (plain === 'rollback')
      return sent.then(
        () => ENDED_ROLLBACK,
        () => ENDED_ROLLBACK,
      );
    return Promise.reject(
      new Error("A statement after the transaction's last one (THEN_COMMIT) was refused"),
    );
  }

  /** Runs `write` with the socket corked: what it sends leaves in one write. */
  private corked<T>(write: () => T): T {
    const stream = this.connection.stream as { cork?: () => void; uncork?: () => void };
    stream.cork?.();
    try {
      return write();
    } finally {
      stream.uncork?.();
    }
  }

  private sendNamed(config: unknown, values: unknown, callback: unknown): unknown {
    if (
      config &&
      typeof config === 'object' &&
      typeof (config as { submit?: unknown }).submit !== 'function'
    ) {
      const name = this.nameFor(config as QueryConfig, values);
      if (name)
        return super.query(
          { ...(config as pg.QueryConfig), name } as never,
          values as never,
          callback as never,
        );
    }
    return super.query(config as never, values as never, callback as never);
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
