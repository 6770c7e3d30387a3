import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';

/** The one statement `run` executes on the handle it is given, captured instead of run (its result is empty). */
export async function capturedStatement(run: (handle: DbOrTx) => Promise<unknown>): Promise<SQL> {
  let captured: SQL | undefined;
  const capture = {
    execute: async (statement: SQL) => {
      captured = statement;
      return { rows: [] };
    },
  } as unknown as DbOrTx;
  await run(capture);
  if (!captured) throw new Error('no statement was run');
  return captured;
}
