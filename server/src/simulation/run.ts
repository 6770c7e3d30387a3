import { maintainTables, TABLE_MAINTENANCE_INTERVAL_MS } from '../modules/maintenance/table-maintenance.ts';
import { type Coverage, measureCoverage } from './coverage.ts';
import { IncrementalChecker } from './incremental.ts';
import { checkInvariants } from './invariants.ts';
import { applyOp, createSupport, Model, type Op, type OpOutcome } from './ops.ts';
import { openWorld, type Template, type World } from './world.ts';

/** Runs after an op (tests plant a fault here to prove the checker and the shrinker work). */
export type AfterOp = (world: World, model: Model, op: Op, outcome: OpOutcome) => Promise<void>;

export interface RunResult {
  /** Ops executed (up to and including the failing batch). */
  executed: number;
  outcomes: Record<OpOutcome, number>;
  /** The same per op kind, e.g. {order: {done: 310, refused: 12, skipped: 0}}. */
  byKind: Record<string, Record<OpOutcome, number>>;
  elapsedMs: number;
  /** What the ops exercised (coverage.ts), measured at the end of a run that did not fail. */
  coverage?: Coverage;
  /** The invariant checks made: how many of each kind and the time they took. */
  checks: Record<CheckKind, { count: number; ms: number }>;
  /** The server's table maintenance run between batches (autovacuum's work where none runs), as a server would. */
  maintenance: { passes: number; tables: number; ms: number };
  /** The first failure: the index of the last op of its batch, what broke, and the check that saw it. */
  failure?: { index: number; messages: string[]; check: CheckKind | 'op' };
}

/** incremental: what the batch changed (incremental.ts); full: everything (invariants.ts). */
export type CheckKind = 'incremental' | 'full';

/**
 * With no --full-every, a full check comes once the time since the previous one is this many times what that
 * one took: the full checks stay under 1 / (1 + FULL_CHECK_SPACING) of the run (about 5 %) however long a
 * recomputation grows.
 */
const FULL_CHECK_SPACING = 19;

/** An error with its causes (a failed query's PostgreSQL code and message are in its cause). */
function describe(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const item = current as { message?: string; code?: string; stack?: string; cause?: unknown };
    parts.push(
      depth === 0 ? (item.stack ?? String(current)) : `cause: ${item.code ?? ''} ${item.message ?? current}`,
    );
    current = item.cause;
  }
  return parts.join('\n    ');
}

/**
 * Executes ops on a fresh database in batches of `concurrency` (at once, Promise.allSettled), checking the
 * invariants after each batch: on what the batch changed, and on everything every `fullEvery` batches (by
 * default as often as keeps the full checks near 5 % of the time) and after the last batch. Stops at the first
 * failure (an op throwing what no client should see, a broken service promise, or a broken invariant).
 */
export async function execute(
  template: Template,
  ops: readonly Op[],
  options: {
    concurrency: number;
    afterOp?: AfterOp;
    /** Called once the fresh database and the world are ready, before the first op. */
    onReady?: () => void;
    onBatch?: (done: number, checks: RunResult['checks']) => void;
    /** A deadlock or serialization failure fails the run too (otherwise it is counted and reported). */
    strict?: boolean;
    /** A full check every this many batches (1: after every batch); by default spaced by its own cost. */
    fullEvery?: number;
    /** Aborted: the run ends after the batch in flight, with the full check of a last batch. */
    signal?: AbortSignal;
  },
): Promise<RunResult> {
  const started = performance.now();
  const world = await openWorld(template, { poolSize: Math.min(20, Math.max(10, options.concurrency)) });
  const model = new Model();
  const outcomes: Record<OpOutcome, number> = { done: 0, refused: 0, skipped: 0, deadlock: 0 };
  const byKind: Record<string, Record<OpOutcome, number>> = {};
  const checks: RunResult['checks'] = { incremental: { count: 0, ms: 0 }, full: { count: 0, ms: 0 } };
  const incremental = new IncrementalChecker(world.database, model);
  let batches = 0;
  let lastFull = { endedAt: performance.now(), ms: 0, batch: 0 };
  const maintenance = { passes: 0, tables: 0, ms: 0 };
  const summary = (executed: number, end: Pick<RunResult, 'coverage' | 'failure'>): RunResult => ({
    executed,
    outcomes,
    byKind,
    checks,
    maintenance,
    elapsedMs: performance.now() - started,
    ...end,
  });
  let lastMaintenance = performance.now();
  // What the server's table-maintenance job does every minute (workers.ts); the simulation runs no jobs.
  const maintain = async () => {
    if (performance.now() - lastMaintenance < TABLE_MAINTENANCE_INTERVAL_MS) return;
    const at = performance.now();
    maintenance.tables += await maintainTables(world.database);
    maintenance.passes += 1;
    lastMaintenance = performance.now();
    maintenance.ms += lastMaintenance - at;
  };
  const check = async (last: boolean): Promise<{ kind: CheckKind; messages: string[] }> => {
    const at = performance.now();
    const full = options.fullEvery
      ? last || batches - lastFull.batch >= options.fullEvery
      : last || at - lastFull.endedAt >= lastFull.ms * FULL_CHECK_SPACING;
    const kind: CheckKind = full ? 'full' : 'incremental';
    // The full check reads everything itself; the next incremental one reads this batch's changes with its own.
    const messages = full
      ? await checkInvariants(world.database, world.ctx.ledger, model)
      : await incremental.check();
    const ended = performance.now();
    checks[kind].count += 1;
    checks[kind].ms += ended - at;
    if (full) lastFull = { endedAt: ended, ms: ended - at, batch: batches };
    return { kind, messages };
  };
  try {
    await world.ctx.rates.record({ rate: '100.00', source: 'manual', setBy: 'simulation' });
    await createSupport(world, model);
    options.onReady?.();
    for (let start = 0; start < ops.length; start += options.concurrency) {
      const batch = ops.slice(start, start + options.concurrency);
      const settled = await Promise.allSettled(
        batch.map(async (op) => {
          const outcome = await applyOp(world, model, op);
          await options.afterOp?.(world, model, op, outcome);
          return outcome;
        }),
      );
      const messages: string[] = [];
      settled.forEach((result, offset) => {
        if (result.status === 'fulfilled') {
          outcomes[result.value] += 1;
          const name = batch[offset]!.k;
          byKind[name] ??= { done: 0, refused: 0, skipped: 0, deadlock: 0 };
          byKind[name][result.value] += 1;
          if (options.strict && result.value === 'deadlock')
            messages.push(
              `op #${start + offset} ${JSON.stringify(batch[offset])} was rolled back by a deadlock`,
            );
        } else {
          messages.push(
            `op #${start + offset} ${JSON.stringify(batch[offset])} threw: ${describe(result.reason)}`,
          );
        }
      });
      const executed = start + batch.length;
      batches += 1;
      const opsFailed = messages.length > 0;
      const last = executed === ops.length || options.signal?.aborted === true;
      const checked = await check(last);
      messages.push(...checked.messages);
      if (messages.length === 0 && !last) await maintain();
      options.onBatch?.(executed, checks);
      if (messages.length > 0) {
        return summary(executed, {
          failure: { index: executed - 1, messages, check: opsFailed ? 'op' : checked.kind },
        });
      }
      if (last) return summary(executed, { coverage: await measureCoverage(world.database, model.tally) });
    }
    return summary(ops.length, { coverage: await measureCoverage(world.database, model.tally) });
  } finally {
    await world.close();
  }
}

/**
 * The shortest op list found that still fails, replayed one op at a time on fresh databases: first cut after
 * the first failing op, then delta debugging (drop chunks, then single ops, while it still fails). `budget`
 * bounds the replays. Returns null when the sequential replay does not fail (a failure that needs
 * concurrency to happen).
 */
export async function shrink(
  template: Template,
  ops: readonly Op[],
  options: { afterOp?: AfterOp; budget?: number; log?: (line: string) => void } = {},
): Promise<{ ops: Op[]; messages: string[]; replays: number } | null> {
  let replays = 0;
  const budget = options.budget ?? 300;
  const fails = async (candidate: readonly Op[]) => {
    replays += 1;
    // Every op checked in full: the cut after the first failing op must not wait for a periodic full check.
    const result = await execute(template, candidate, {
      concurrency: 1,
      afterOp: options.afterOp,
      fullEvery: 1,
    });
    return result.failure ? { ...result.failure, candidate } : null;
  };
  const first = await fails(ops);
  if (!first) return null;
  let current = ops.slice(0, first.index + 1);
  let messages = first.messages;
  options.log?.(`shrinking: fails sequentially at op ${first.index}; ${current.length} ops`);
  let chunks = 2;
  while (current.length > 1 && replays < budget) {
    const size = Math.ceil(current.length / chunks);
    let reduced = false;
    for (let start = 0; start < current.length && replays < budget; start += size) {
      const candidate = [...current.slice(0, start), ...current.slice(start + size)];
      const failed = await fails(candidate);
      if (failed) {
        // A shorter list that fails may fail earlier still: keep only what it ran.
        current = candidate.slice(0, failed.index + 1);
        messages = failed.messages;
        reduced = true;
        break;
      }
    }
    if (reduced) {
      chunks = Math.max(chunks - 1, 2);
      options.log?.(`shrinking: ${current.length} ops (${replays} replays)`);
    } else if (size === 1) {
      break;
    } else {
      chunks = Math.min(chunks * 2, current.length);
    }
  }
  return { ops: current, messages, replays };
}
