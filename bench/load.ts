// The load generator of `npm run bench`, run as a child process of bench/run.ts so that generating load
// never competes with the server for the same event loop (it would overstate the server's throughput).
// Input: one JSON LoadSpec as the first argument. Output: one JSON LoadResult line on stdout.
import autocannon from 'autocannon';

/** One request of a cycle; each connection sends them in order, again and again. */
export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST' | 'PATCH';
  body?: string;
}

export interface LoadSpec {
  /** http://host:port */
  origin: string;
  requests: LoadRequest[];
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
  /** In every body, `%SEQ%` becomes a number unique within this process (12 digits, zero-padded). */
  sequence?: boolean;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyMs: { mean: number; p50: number; p99: number };
  total: number;
  non2xx: number;
  errors: number;
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  let sequence = 0;
  const result = await autocannon({
    url: spec.origin,
    connections: spec.connections,
    duration: spec.durationSeconds,
    headers: { 'content-type': 'application/json', ...spec.headers },
    requests: spec.requests.map((request) => {
      const base = { path: request.path, method: request.method ?? 'GET', body: request.body };
      if (!spec.sequence || !request.body) return base;
      const template = request.body;
      return {
        ...base,
        setupRequest: (built: autocannon.Request) => {
          sequence += 1;
          return { ...built, body: template.replaceAll('%SEQ%', String(sequence).padStart(12, '0')) };
        },
      };
    }),
  });
  return {
    requestsPerSecond: result.requests.average,
    latencyMs: { mean: result.latency.average, p50: result.latency.p50, p99: result.latency.p99 },
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec;
process.stdout.write(`${JSON.stringify(await run(spec))}\n`);
