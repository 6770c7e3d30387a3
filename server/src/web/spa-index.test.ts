import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { removeWebDist, webDistWith } from '../../test/web-dist.ts';
import { loadSpaIndex } from './spa-index.ts';

const HTML = '<!doctype html><title>Processing</title><div id="root"></div>';
const dist = webDistWith({
  'index.html': HTML,
  'index.html.br': zlib.brotliCompressSync(HTML),
  'index.html.gz': zlib.gzipSync(HTML),
});
const app = Fastify();
const spa = loadSpaIndex(dist);
app.get('/*', async (request, reply) => spa.send(request, reply));
afterAll(async () => {
  await app.close();
  removeWebDist(dist);
});

const get = (headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: '/welcome', headers });

describe('the SPA page from memory', () => {
  it('sends the .br, the .gz or the page as the client accepts, with no-cache and an ETag', async () => {
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(HTML);
    const gzip = await get({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(HTML);
    const identity = await get();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(HTML);
    expect(identity.headers.etag).toBe(br.headers.etag);
    expect(identity.headers.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('answers 304 to the ETag it sent, and serves from memory once loaded', async () => {
    const first = await get();
    const again = await get({ 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get({ 'if-none-match': '"other"' })).statusCode).toBe(200);
    // No file system call per page: the page outlives its file.
    fs.rmSync(path.join(dist, 'index.html'));
    expect((await get()).body).toBe(HTML);
  });
});
