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
  /**
   * In every body and header value, `%SEQ%` becomes a number unique within this process (12 digits,
   * zero-padded) and `%RUB%` a ruble amount derived from it ("1234.56"), so amounts differ between requests.
   */
  sequence?: boolean;
  /** Requests per second across all connections (a constant arrival rate); unset: as fast as answered. */
  overallRate?: number;
  /** Headers of one request (with `%SEQ%`), beside the shared `headers`. */
  requestHeaders?: Record<string, string>;
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
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
    requests: spec.requests.map((request) => {
      const base = { path: request.path, method: request.method ?? 'GET', body: request.body };
      if (!spec.sequence || !request.body) return base;
      const template = request.body;
      return {
        ...base,
        setupRequest: (built: autocannon.Request) => {
          sequence += 1;
          const fill = (text: string) =>
            text
              .replaceAll('%SEQ%', String(sequence).padStart(12, '0'))
              .replaceAll('%RUB%', `${100 + (sequence % 90_000)}.${String(sequence % 100).padStart(2, '0')}`);
          const headers = Object.fromEntries(
            Object.entries(spec.requestHeaders ?? {}).map(([name, value]) => [name, fill(value)]),
          );
          return { ...built, body: fill(template), headers: { ...built.headers, ...headers } };
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
