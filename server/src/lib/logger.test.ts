import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLogger, loggableUrl } from './logger.ts';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: createLogger('info', sink) };
}

describe('createLogger', () => {
  it('logs a failed query with its SQL but without its parameter values, causes included', () => {
    const { lines, log } = capture();
    const cause = new DrizzleQueryError(
      'insert into otp_codes (hash) values ($1)',
      ['secret-hash-42'],
      new Error('boom'),
    );
    const error = new DrizzleQueryError(
      'select * from sessions where token_hash = $1',
      ['secret-hash-17'],
      cause,
    );
    log.error({ err: error }, 'request failed');
    const text = JSON.stringify(lines);
    expect(text).not.toContain('secret-hash-17');
    expect(text).not.toContain('secret-hash-42');
    // pino joins the causes' messages and stacks into the outer ones.
    const err = lines[0]!.err as { message: string; stack: string };
    expect(err.message).toBe(
      'Failed query: select * from sessions where token_hash = $1: Failed query: insert into otp_codes (hash) values ($1): boom',
    );
    expect(err.stack).toContain('caused by: Error: Failed query: insert into otp_codes');
    expect(text).not.toContain('params');
  });

  it('redacts headers and body-like fields with secrets, and keeps error codes', () => {
    const { lines, log } = capture();
    log.info(
      {
        req: { headers: { authorization: 'Bearer key-1', cookie: 'sid=tok-2' } },
        body: { password: 'pw-3', otp: '123456', code_otp: '654321', token: 'tok-4', secret: 'whsec_5' },
        err: { code: 'FST_ERR_VALIDATION', statusCode: 400 },
      },
      'refused',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['key-1', 'tok-2', 'pw-3', '123456', '654321', 'tok-4', 'whsec_5']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('FST_ERR_VALIDATION');
  });

  it('logs a request with a forwarder URL’s token (and its query) cut off, other URLs whole', () => {
    const { lines, log } = capture();
    const token = 'q3Jk9Zx1VbN2mL8sT4wY7pR0cH5gF6dE3aU1iO9yK2e';
    log.info(
      { req: { method: 'POST', url: `/backend/device/v1/hooks/${token}?sign=abc%3D` } },
      'incoming request',
    );
    log.info({ req: { method: 'GET', url: '/backend/deals/42/?page=2' } }, 'incoming request');
    expect(lines.map((line) => (line.req as { url: string }).url)).toEqual([
      '/backend/device/v1/hooks/…',
      '/backend/deals/42/?page=2',
    ]);
    expect(JSON.stringify(lines)).not.toContain(token);
    expect(loggableUrl(`/device/v1/hooks/${token}/more\nlines`)).toBe('/device/v1/hooks/…');
  });
});
