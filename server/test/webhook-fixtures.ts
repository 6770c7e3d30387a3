import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DealStatus, Order } from '@app/shared';

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
