import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Tx } from './client.ts';
import { RoundTripClient } from './round-trips.ts';

/** A connection prepares a statement once it has run the statement's text this many times. */
export const PREPARE_AFTER_USES = 3;
/** At most this many prepared statements per connection: the rest run unnamed, as before. */
export const PREPARED_PER_CONNECTION = 256;
/** At most this many distinct texts counted per connection or shared session: one-off texts cannot grow the count. */
const COUNTED_TEXTS = 4_096;
/** At most this many statements prepared in the embedded engine's one session, by all its pool's connections. */
export const PREPARED_IN_SHARED_SESSION = 512;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** The text of an unnamed statement with parameters sent as a config object, else undefined. */
function parameterizedText(config: unknown, values: unknown): string | undefined {
  if (!config || typeof config !== 'object') return undefined;
  const query = config as QueryConfig & { submit?: unknown };
  if (typeof query.submit === 'function' || query.name || typeof query.text !== 'string') return undefined;
  const parameters = Array.isArray(values) ? values : query.values;
  return Array.isArray(parameters) && parameters.length > 0 ? query.text : undefined;
}

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
 * send a named Bind to another backend. DATABASE_PREPARED_STATEMENTS=false turns it off. Not for the embedded
 * engine, whose pool connections share one backend session: they prepare through SharedSessionStatements.
 */
export class PreparingClient extends RoundTripClient {
  private readonly uses = new Map<string, number>();
  private readonly names = new Map<string, string>();

  protected override sendOne(config: unknown, values: unknown, callback: unknown): unknown {
    const text = parameterizedText(config, values);
    const name = text === undefined ? undefined : this.nameFor(text);
    if (name) return super.sendOne({ ...(config as pg.QueryConfig), name }, values, callback);
    return super.sendOne(config, values, callback);
  }

  private nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known) return known;
    if (this.names.size >= PREPARED_PER_CONNECTION) return undefined;
    const used = (this.uses.get(text) ?? 0) + 1;
    if (used < PREPARE_AFTER_USES) {
      if (this.uses.size < COUNTED_TEXTS || this.uses.has(text)) this.uses.set(text, used);
      return undefined;
    }
    this.uses.delete(text);
    const name = `s${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

/**
 * The statements prepared in the embedded engine's one session. PGlite has a single backend session that every
 * connection of pglite-socket shares, so a statement one connection prepared is there for all of them, and two
 * connections must never prepare one name. One registry per embedded database, shared by its pool's
 * connections (sharedSessionClient): a text run PREPARE_AFTER_USES times by any of them is prepared once, by
 * the connection that reached the count, under a name never used before; once that Parse has completed every
 * connection binds the name without parsing (each order's two statements were parsed and planned again on
 * every run, about half of the embedded engine's time per order). While the first Parse is in flight, others
 * run the text unnamed. A name whose Parse failed is not used again. At most PREPARED_IN_SHARED_SESSION names.
 *
 * Only for the process that owns the embedded database (its worker's session lives as long as the pool):
 * another process joining the owner's socket does not know these names and prepares nothing. Nothing may
 * DEALLOCATE in the embedded session, or the connections would bind names it no longer has.
 */
export class SharedSessionStatements {
  private readonly uses = new Map<string, number>();
  private readonly prepared = new Map<string, string>();
  private readonly preparing = new Set<string>();
  private named = 0;

  /** The name to run `text` under and whether the session has it already; undefined: run it unnamed. */
  choose(text: string): { name: string; prepared: boolean } | undefined {
    const name = this.prepared.get(text);
    if (name) return { name, prepared: true };
    if (this.preparing.has(text) || this.named >= PREPARED_IN_SHARED_SESSION) return undefined;
    const used = (this.uses.get(text) ?? 0) + 1;
    if (used < PREPARE_AFTER_USES) {
      if (this.uses.size < COUNTED_TEXTS || this.uses.has(text)) this.uses.set(text, used);
      return undefined;
    }
    this.uses.delete(text);
    this.preparing.add(text);
    this.named += 1;
    return { name: `e${this.named}`, prepared: false };
  }

  /** The first run of `name` is over: the session has the statement when its Parse completed. */
  settle(text: string, name: string, parsed: boolean): void {
    this.preparing.delete(text);
    if (parsed) this.prepared.set(text, name);
  }

  /** How many statements the session holds (tests). */
  get size(): number {
    return this.prepared.size;
  }
}

/** What node-postgres keeps per connection of the named statements the backend has parsed. */
type ParsedStatements = Record<string, string>;

/** A connection to the embedded engine (RoundTripClient) that prepares through `statements` (see there). */
export function sharedSessionClient(statements: SharedSessionStatements): typeof RoundTripClient {
  return class SharedSessionClient extends RoundTripClient {
    protected override sendOne(config: unknown, values: unknown, callback: unknown): unknown {
      const text = parameterizedText(config, values);
      const choice = text === undefined ? undefined : statements.choose(text);
      if (text === undefined || !choice) return super.sendOne(config, values, callback);
      const named = { ...(config as pg.QueryConfig), name: choice.name };
      const parsed = (this.connection as unknown as { parsedStatements: ParsedStatements }).parsedStatements;
      // Prepared by another connection of the session: node-postgres then binds it without a Parse.
      if (choice.prepared) {
        parsed[choice.name] = text;
        return super.sendOne(named, values, callback);
      }
      // node-postgres records the name once the backend answered ParseComplete, even if the run then failed.
      const settle = () => statements.settle(text, choice.name, parsed[choice.name] === text);
      if (typeof callback === 'function') {
        return super.sendOne(named, values, (...answer: unknown[]) => {
          settle();
          return (callback as (...all: unknown[]) => unknown)(...answer);
        });
      }
      const result = super.sendOne(named, values, callback);
      if (result instanceof Promise) result.then(settle, settle);
      else settle();
      return result;
    }
  };
}

/**
 * For the rest of `tx`, PostgreSQL runs prepared statements on their generic plan, made once per connection,
 * instead of planning them again with each execution's values (what it chooses by itself for a statement
 * whose generic plan it estimates dearer, such as the order's routing read: about a fifth of the database's
 * CPU per order went to that planning, perf during the order bench). For a hot path whose statements read and
 * write by keys and indexes that any values use alike. `SET LOCAL` ends with the transaction, so the
 * connection's other work keeps PostgreSQL's own choice. The same on the embedded engine, whose owner prepares
 * in its one session (SharedSessionStatements). The `set local` costs no round trip: it travels with `begin`.
 */
export async function genericPlansInTransaction(tx: Tx): Promise<void> {
  await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
}
