import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import type { DealStatus, Order } from '@app/shared';
import { afterEach } from 'vitest';

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The webhook-id header. */
  id: string;
  /** The order id in the payload's data. */
  orderId: string;
}

/** What the receiver does with a request: the status (and headers) it answers, or 'hang' to never answer. */
export type ReceiverAnswer = number | { status: number; headers?: Record<string, string> } | 'hang';

/**
 * A merchant's webhook receiver on 127.0.0.1:<random port>: records every request and answers what `answer`
 * says (200 unless told otherwise). close() also ends requests left hanging.
 */
export async function startReceiver(initial: (request: ReceivedWebhook) => ReceiverAnswer = () => 200) {
  const received: ReceivedWebhook[] = [];
  const hanging = new Set<http.ServerResponse>();
  let answer = initial;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([key, value]) => [key, String(value)]),
      );
      let orderId = '';
      try {
        orderId = (JSON.parse(body) as { data?: { id?: string } }).data?.id ?? '';
      } catch {
        orderId = '';
      }
      const entry = { path: request.url ?? '', headers, body, id: headers['webhook-id'] ?? '', orderId };
      received.push(entry);
      const result = answer(entry);
      if (result === 'hang') {
        hanging.add(response);
        return;
      }
      const { status, headers: extra } =
        typeof result === 'number' ? { status: result, headers: {} } : result;
      response.writeHead(status, extra).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    origin: `http://127.0.0.1:${port}`,
    received,
    /** Requests with this webhook-id. */
    of: (id: string) => received.filter((entry) => entry.id === id),
    answer(next: (request: ReceivedWebhook) => ReceiverAnswer) {
      answer = next;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * Receivers closed after each test of the file that calls this (it registers the afterEach): `receiver` starts
 * one, `closeAfterTest` hands one started otherwise (a TLS receiver) to the same clean-up.
 */
export function receiversPerTest() {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((receiver) => receiver.close()));
  });
  return {
    async receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
      const started = await startReceiver(...args);
      open.push(started);
      return started;
    },
    closeAfterTest(receiver: { close(): Promise<void> }) {
      open.push(receiver);
    },
  };
}

/** An order as the merchant API shows it (only its shape matters to webhooks). */
export function sampleOrder(values: { id?: string; status?: DealStatus; externalId?: string } = {}): Order {
  const at = new Date().toISOString();
  const id = values.id ?? randomUUID();
  return {
    id,
    external_id: values.externalId ?? `ext-${id.slice(0, 8)}`,
    status: values.status ?? 'pending',
    amount: '1500.00',
    currency: 'RUB',
    amount_usdt: '16.216216',
    rate: '92.50',
    payment_mode: 'sbp',
    requisites: {
      bank: { id: 1, name: 'Сбербанк' },
      card: null,
      phone_number: '+79001234567',
      owner_name: 'Иван Петров',
    },
    payment_url: `http://app.test/c2c/${id}`,
    callback_url: null,
    return_url: null,
    expires_at: at,
    created_at: at,
    updated_at: at,
  };
}

/**
 * A self-signed certificate for hooks.shop.test and its key (P-256), made for these tests only and valid until
 * 2126: no client trusts it, which is the point of the TLS receiver below.
 */
const TEST_ONLY_TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgLXwrMCvWtMImY0O0
yiQyYdrsgwp9ugcF/b22FEShj0uhRANCAAThgN8w3TrWxaAMTyBRLxDspECK3rQm
hoTaqg1AfgHrfKFgt/RunCxDY5vD2xV8Jh/vULmoF9RLJPL0VLgCkEC8
-----END PRIVATE KEY-----
`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBpzCCAU2gAwIBAgIUK9yus9KdAivpXZ8/oa11/wSht24wCgYIKoZIzj0EAwIw
GjEYMBYGA1UEAwwPaG9va3Muc2hvcC50ZXN0MCAXDTI2MTEyNzE5MDE1OFoYDzIx
MjYxMTAzMTkwMTU4WjAaMRgwFgYDVQQDDA9ob29rcy5zaG9wLnRlc3QwWTATBgcq
hkjOPQIBBggqhkjOPQMBBwNCAAThgN8w3TrWxaAMTyBRLxDspECK3rQmhoTaqg1A
fgHrfKFgt/RunCxDY5vD2xV8Jh/vULmoF9RLJPL0VLgCkEC8o28wbTAdBgNVHQ4E
FgQU9gr+kv/8xoH0OD9aBllRcwcO8Z4wHwYDVR0jBBgwFoAU9gr+kv/8xoH0OD9a
BllRcwcO8Z4wDwYDVR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgg9ob29rcy5zaG9w
LnRlc3QwCgYIKoZIzj0EAwIDSAAwRQIhAMA1LZUm5TTS+yQMuhYfFLm6ofMwznm7
LowdA0AYTdLGAiBHFH0lhwQBLwcoKKiL+AFBf8aYyyC2ZkkfDK9AQwZTFQ==
-----END CERTIFICATE-----
`,
};

/**
 * A TLS listener on 127.0.0.1:<random port> with the self-signed hooks.shop.test certificate: records the
 * server name (SNI) each client asked for. A client that checks certificates refuses it in the handshake.
 */
export async function startTlsReceiver() {
  const serverNames: (string | undefined)[] = [];
  const context = tls.createSecureContext(TEST_ONLY_TLS);
  const server = tls.createServer({
    ...TEST_ONLY_TLS,
    SNICallback: (name, done) => {
      serverNames.push(name);
      done(null, context);
    },
  });
  server.on('tlsClientError', () => undefined);
  server.on('secureConnection', (socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    serverNames,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
