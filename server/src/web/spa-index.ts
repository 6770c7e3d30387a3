// Use case: the SPA's index.html for every client route (/welcome, /payments, …), as the history fallback sends it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/** Whether an Accept-Encoding header accepts `encoding` (listed without q=0). */
function accepts(header: string, encoding: Encoding): boolean {
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * index.html and the .br and .gz the web build writes beside it, read once at start-up with their ETag, so a
 * page load costs no file system call (issue 28: under a burst of writes, /welcome answered 5.9× slower than at
 * rest while each load stat'ed, opened and streamed the file). The build never changes under a running server
 * (app.ts decides once whether to serve it), so the copy in memory stays the file on disk.
 */
export function loadSpaIndex(webDist: string) {
  const read = (name: string) => {
    const file = path.join(webDist, name);
    return fs.existsSync(file) ? fs.readFileSync(file) : null;
  };
  const identity = read('index.html');
  if (!identity) throw new Error(`no index.html in ${webDist}`);
  const bodies: Record<Encoding, Buffer | null> = { br: read('index.html.br'), gzip: read('index.html.gz') };
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;

  return {
    /** Sends the page (no-cache: revalidated by its ETag on every load, so a new build shows at once). */
    send(request: FastifyRequest, reply: FastifyReply) {
      reply
        .header('cache-control', 'no-cache')
        .header('etag', etag)
        .header('vary', 'Accept-Encoding')
        .type('text/html; charset=utf-8');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
      for (const encoding of ['br', 'gzip'] as const) {
        const body = bodies[encoding];
        if (body && accepts(acceptEncoding, encoding)) {
          return reply.header('content-encoding', encoding).send(body);
        }
      }
      return reply.send(identity);
    },
  };
}
