// A small round-robin HTTP reverse proxy for running several server instances without docker (the deploy
// smoke test uses it; compose.yaml uses nginx with deploy/nginx.conf for the same job):
//   node scripts/round-robin-proxy.mjs --listen 127.0.0.1:8080 --upstream 127.0.0.1:3001 --upstream 127.0.0.1:3002
// Each request goes to the next upstream in turn. X-Forwarded-For is set to the client's address (a client's
// own value is dropped, so with the instances' TRUST_PROXY naming this proxy nobody can choose their IP),
// X-Forwarded-Proto and -Host are set, and every answer names the upstream that served it in X-Upstream.
// An upstream that refuses the connection gives 502. SIGTERM/SIGINT stop it after open requests end.
import http from 'node:http';

function parseArgs(argv) {
  const options = { listen: '127.0.0.1:8080', upstreams: [] };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (flag === '--listen' && value) options.listen = value;
    else if (flag === '--upstream' && value) options.upstreams.push(value);
    else throw new Error(`unknown argument ${flag}`);
  }
  if (options.upstreams.length === 0) throw new Error('give at least one --upstream host:port');
  return options;
}

/** `host:port` → {host, port}; a bare port listens on 127.0.0.1. */
function hostPort(text) {
  const at = text.lastIndexOf(':');
  if (at < 0) return { host: '127.0.0.1', port: Number(text) };
  return { host: text.slice(0, at).replace(/^\[|\]$/g, ''), port: Number(text.slice(at + 1)) };
}

// Hop-by-hop headers (RFC 9110 §7.6.1) describe one connection and are not forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-authorization',
  'proxy-authenticate',
]);

/** Starts the proxy; resolves with the server once it listens. */
function startProxy({ listen, upstreams }) {
  const targets = upstreams.map(hostPort);
  const agent = new http.Agent({ keepAlive: true });
  let next = 0;
  const server = http.createServer((request, response) => {
    const target = targets[next];
    const name = upstreams[next];
    next = (next + 1) % targets.length;
    const headers = {};
    for (const [key, value] of Object.entries(request.headers)) {
      if (!HOP_BY_HOP.has(key) && !key.startsWith('x-forwarded-')) headers[key] = value;
    }
    headers['x-forwarded-for'] = request.socket.remoteAddress ?? '';
    headers['x-forwarded-proto'] = 'http';
    if (request.headers.host) headers['x-forwarded-host'] = request.headers.host;
    const upstream = http.request(
      { host: target.host, port: target.port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        const out = {};
        for (const [key, value] of Object.entries(answer.headers)) if (!HOP_BY_HOP.has(key)) out[key] = value;
        out['x-upstream'] = name;
        response.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (response.headersSent) response.destroy();
      else response.writeHead(502, { 'content-type': 'text/plain', 'x-upstream': name }).end('bad gateway');
    });
    request.pipe(upstream);
  });
  // Idle client connections stay open as long as nginx keeps them (75 s), longer than Node's default 5 s.
  server.keepAliveTimeout = 75_000;
  const { host, port } = hostPort(listen);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

const options = parseArgs(process.argv.slice(2));
const server = await startProxy(options);
console.log(`round-robin proxy on ${options.listen} → ${options.upstreams.join(', ')}`);
const stop = () => {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
