import pg from 'pg';

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** What a held `begin` answers (the shape of node-postgres's result for it). */
const HELD_BEGIN = { command: 'BEGIN', rowCount: null, oid: null, rows: [], fields: [] };
/** What a held `set local` answers. */
const HELD_SET = { command: 'SET', rowCount: null, oid: null, rows: [], fields: [] };
/** What a `rollback` answers once the transaction ended with its last statement (thenCommit). */
const ENDED_ROLLBACK = { command: 'ROLLBACK', rowCount: null, oid: null, rows: [], fields: [] };

/**
 * Marks a transaction's last statement: its `commit` travels with it (see RoundTripClient). Put first in the
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
 * A node-postgres client that spends fewer round trips on a transaction:
 *
 * - A transaction's `begin` (and the `set local`s right after it) is answered at once and held; it travels with
 *   the transaction's next statement, in the same write: one round trip instead of two (carryBegin).
 * - A transaction's last statement marked with THEN_COMMIT has the `commit` written right behind it, and the
 *   caller's `commit` then only waits for that answer: the transaction's locks are held one round trip less.
 *
 * The connection runs in node-postgres's pipeline mode (each query with its own Sync, sent without waiting for
 * the one before), which is what lets two statements share a write; callers that await each query, as Drizzle
 * does, see no other difference. Both engines use it: PostgreSQL's connections through PreparingClient, the
 * embedded engine's as it is (pglite-socket takes a connection's messages in order and keeps the session for
 * it while a transaction is open, so what is written together is run together).
 */
export class RoundTripClient extends pg.Client {
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

  /** Sends a statement (sendOne); a THEN_COMMIT one with the transaction's `commit`. */
  private send(config: unknown, values: unknown, callback: unknown): unknown {
    const text = typeof config === 'string' ? config : (config as QueryConfig | undefined)?.text;
    const commits =
      typeof text === 'string' &&
      text.startsWith(THEN_COMMIT) &&
      this.inTransaction &&
      !this.savepointTaken &&
      callback === undefined;
    if (!commits) return this.sendOne(config, values, callback);
    return this.corked(() => {
      const result = this.sendOne(config, values, callback);
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

  /** Sends one query as node-postgres would (PreparingClient names the ones run often). */
  protected sendOne(config: unknown, values: unknown, callback: unknown): unknown {
    return super.query(config as never, values as never, callback as never);
  }
}
