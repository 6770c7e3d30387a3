// The load generator of `npm run bench`, run as a child process of bench/run.ts so that generating load
// never competes with the server for the same event loop (it would overstate the server's throughput).
// Input: one JSON LoadSpec as the first argument. Output: one JSON LoadResult line on stdout.
import http from 'node:http';
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
  /**
   * Requests per second across all connections, as a constant arrival rate measured open loop (see openLoop);
   * unset: as fast as answered (autocannon).
   */
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
  /** This process's CPU time during the load, in seconds (user + system). */
  cpuSeconds: number;
}

/** `%SEQ%` and `%RUB%` of one request. */
function filler(sequence: number) {
  return (text: string) =>
    text
      .replaceAll('%SEQ%', String(sequence).padStart(12, '0'))
      .replaceAll('%RUB%', `${100 + (sequence % 90_000)}.${String(sequence % 100).padStart(2, '0')}`);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * A constant arrival rate, open loop: request i is due at start + i / rate whether or not earlier ones have
 * been answered, and its latency counts from when it was due, so a slow answer cannot hide the queue it
 * causes (autocannon's rate limit sends each second's quota in a burst and times from sending). Keep-alive
 * sockets, at most `connections` at once.
 */
async function openLoop(spec: LoadSpec & { overallRate: number }): Promise<Omit<LoadResult, 'cpuSeconds'>> {
  const origin = new URL(spec.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: spec.connections });
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const total = Math.floor(spec.overallRate * spec.durationSeconds);
  const intervalMs = 1000 / spec.overallRate;
  const start = performance.now();
  const send = (index: number, due: number) =>
    new Promise<void>((resolve) => {
      const template = spec.requests[index % spec.requests.length]!;
      const fill = filler(index + 1);
      const body = template.body ? fill(template.body) : undefined;
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        ...spec.headers,
        ...Object.fromEntries(
          Object.entries(spec.requestHeaders ?? {}).map(([name, value]) => [name, fill(value)]),
        ),
      };
      const request = http.request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          path: template.path,
          method: template.method ?? 'GET',
          headers,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(performance.now() - due);
            if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) >= 300) non2xx += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });
  const pending: Promise<void>[] = [];
  for (let index = 0; index < total; index++) {
    const due = start + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(index, due));
  }
  await Promise.all(pending);
  agent.destroy();
  const elapsedS = (performance.now() - start) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsedS,
    latencyMs: {
      mean: sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
    },
    total: latencies.length,
    non2xx,
    errors,
  };
}

async function run(spec: LoadSpec): Promise<Omit<LoadResult, 'cpuSeconds'>> {
  if (spec.overallRate) return openLoop({ ...spec, overallRate: spec.overallRate });
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
          const fill = filler(sequence);
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
const cpuBefore = process.cpuUsage();
const result = await run(spec);
const cpu = process.cpuUsage(cpuBefore);
const answer: LoadResult = { ...result, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
process.stdout.write(`${JSON.stringify(answer)}\n`);
