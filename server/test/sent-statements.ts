import pg from 'pg';
import { vi } from 'vitest';

/** The texts this process hands node-postgres to send while `run` runs, in order. */
export async function sentWhile(run: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    // biome-ignore lint/suspicious/noExplicitAny: node-postgres's query() is overloaded; this only records.
    ...args: any[]
  ) {
    const config = args[0];
    sent.push(typeof config === 'string' ? config : String(config?.text));
    return (query as (...all: unknown[]) => unknown).apply(this, args);
  } as typeof query);
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return sent;
}
