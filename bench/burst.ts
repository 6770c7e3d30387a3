// The burst benchmark of `npm run bench` (BENCH_ONLY=burst): what an operator's probe and a visitor see while the
// server is busy writing. p99 latency of GET /health and of GET /welcome (the SPA's page) at rest, then again
// while 20 connections create payment methods (POST payments/create, as the API part's writes); the figure is
// busy p99 : idle p99 (idle floored at 1 ms, below which the ratio measures timer noise), goal ≤ 5 each
// (issue 28). /health answers from the snapshot its refresher keeps (server/src/modules/health/
// health-snapshot.ts) and the page from memory (server/src/web/spa-index.ts), so neither waits on the database
// the writes keep busy. The app must serve the web build: bench/run.ts points it at web/dist when built, else at
// the stand-in `standInWebDist` writes.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { API } from '@app/shared';
import type { AppContext } from '../server/src/context.ts';
import type { Database } from '../server/src/db/client.ts';
import { hashToken } from '../server/src/modules/auth/auth.service.ts';
import { insertSession } from '../server/src/modules/auth/sessions.repository.ts';
import { insertUser } from '../server/src/modules/users/users.repository.ts';
import { SESSION_COOKIE } from '../server/src/plugins/session.ts';
import { fixed, line, load, requireOk } from './harness.ts';
import type { LoadResult } from './load.ts';

const WRITERS = 20;
const PROBES = 4;
const RATIO_GOAL = 5;
/** Writes under way before the busy figure starts, so it measures a full queue. */
const RAMP_MS = 1000;

export interface BurstBenchInput {
  engine: 'pglite' | 'postgres';
  database: Database;
  ctx: AppContext;
  origin: string;
  seconds: number;
}

/**
 * A web build's index.html as the build writes it (with its .br and .gz), for a checkout where web/dist was
 * not built: the size and the files are what the server serves, the markup a stand-in.
 */
export function standInWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-web-'));
  const modules = Array.from(
    { length: 12 },
    (_, i) =>
      `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}-${randomBytes(4).toString('hex')}.js">`,
  );
  const html = `<!doctype html><html lang="ru"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><title>Processing</title><script type="module" crossorigin src="/assets/index-${randomBytes(4).toString('hex')}.js"></script>${modules.join('')}<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>`;
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(html));
  return dir;
}

async function signedInTrader(database: Database): Promise<string> {
  const user = await insertUser(database.db, {
    email: `bench-burst-${randomBytes(6).toString('hex')}@example.com`,
    passwordHash: 'x',
    role: 'trader',
  });
  const token = randomBytes(32).toString('base64url');
  await insertSession(database.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return `${SESSION_COOKIE}=${token}`;
}

export async function benchBurst(input: BurstBenchInput): Promise<void> {
  const { ctx, origin, seconds } = input;
  const prefix = ctx.config.API_PREFIX;
  const probes: [string, string, Record<string, string>][] = [
    ['GET /health', `${prefix}${API.health}`, {}],
    // As a browser asks for it: compressed.
    ['GET /welcome (the SPA page)', '/welcome', { 'accept-encoding': 'gzip, deflate, br' }],
  ];
  const probe = async (label: string, pathName: string, headers: Record<string, string>) => {
    const result = await load({
      origin,
      requests: [{ path: pathName }],
      connections: PROBES,
      durationSeconds: seconds,
      headers,
    });
    requireOk(label, result);
    return result;
  };

  // A short first load of each, so neither figure pays for the first requests (JIT, caches).
  for (const [label, pathName, headers] of probes) {
    const warm = await load({
      origin,
      requests: [{ path: pathName }],
      connections: PROBES,
      durationSeconds: 1,
      headers,
    });
    requireOk(`${label} (warm-up)`, warm);
  }
  const idle: LoadResult[] = [];
  for (const [label, pathName, headers] of probes)
    idle.push(await probe(`${label} at rest`, pathName, headers));

  const cookie = await signedInTrader(input.database);
  const tag = input.engine === 'pglite' ? '1' : '2';
  const writes = load({
    origin,
    requests: [
      {
        path: `${prefix}${API.payments.create}`,
        method: 'POST',
        body: `{"name":"Нагрузка","bank":1,"card":"7${tag}%SEQ%"}`,
      },
    ],
    connections: WRITERS,
    // Past the last busy probe: each probe also pays its load process's start (about a second).
    durationSeconds: probes.length * (seconds + 3) + RAMP_MS / 1000,
    headers: { cookie },
    sequence: true,
  });
  await new Promise((resolve) => setTimeout(resolve, RAMP_MS));
  const busy: LoadResult[] = [];
  for (const [label, pathName, headers] of probes)
    busy.push(await probe(`${label} under writes`, pathName, headers));
  const written = await writes;
  requireOk('payment creates (the burst)', written);
  line(
    `POST payments/create by ${WRITERS} connections (the burst)`,
    `${fixed(written.requestsPerSecond, 0)} req/s`,
    '',
  );
  probes.forEach(([label], i) => {
    const rest = idle[i]!.latencyMs.p99;
    const loaded = busy[i]!.latencyMs.p99;
    const ratio = loaded / Math.max(rest, 1);
    line(
      `${label} p99 at rest → under the burst`,
      `${fixed(rest)} → ${fixed(loaded)} ms`,
      `${fixed(ratio)}× (idle floored at 1 ms; goal ≤ ${RATIO_GOAL}: ${ratio <= RATIO_GOAL ? 'met' : 'NOT met'})`,
    );
  });
}
