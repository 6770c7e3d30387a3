import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { API, type CreateOrderBody } from '@app/shared';
import { verifySignature } from '../modules/webhooks/signing.ts';

/**
 * A merchant's integration in miniature, for trying the merchant API locally: create, read and cancel orders
 * with the seeded API key, and receive the signed webhooks. Everything goes over HTTP, exactly as a
 * merchant's own server would call (docs/merchant-api.md).
 */

/** DATA_DIR/merchant-sim.json, written by `npm run seed`: where the API is, the key and the webhook secret. */
export interface MerchantSimState {
  server_url: string;
  key: string;
  webhook_secret: string;
}

export class MerchantSimError extends Error {}

export const merchantSimStatePath = (dataDir: string) => path.join(dataDir, 'merchant-sim.json');

export function readMerchantState(statePath: string): MerchantSimState {
  if (!fs.existsSync(statePath)) {
    throw new MerchantSimError(
      `No ${statePath}: run npm run seed first (it creates the demo merchant's key).`,
    );
  }
  return JSON.parse(fs.readFileSync(statePath, 'utf8')) as MerchantSimState;
}

/** One merchant API call; an error answer becomes a MerchantSimError with the problem's detail. */
export async function merchantCall(
  state: MerchantSimState,
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<unknown> {
  const url = `${state.server_url}${route}`;
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${state.key}`,
      ...(method === 'POST' ? { 'idempotency-key': crypto.randomUUID() } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  }).catch((error: unknown) => {
    throw new MerchantSimError(`Cannot reach ${url} (${String(error)}): is npm start running?`);
  });
  const text = await response.text();
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!response.ok) {
    throw new MerchantSimError(`${response.status}: ${String(json.detail ?? json.title ?? text)}`);
  }
  return json;
}

export function createOrder(state: MerchantSimState, body: CreateOrderBody) {
  return merchantCall(state, 'POST', API.merchant.orders, body);
}

/**
 * Listens for webhooks on 127.0.0.1:port/webhook, verifies each signature with the saved secret and hands
 * the event over; answers 204 for a valid one and 400 for anything else.
 */
export function listenForWebhooks(
  state: MerchantSimState,
  port: number,
  onEvent: (event: { id: string; valid: boolean; body: string }) => void,
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => String(request.headers[name] ?? '');
      const valid = verifySignature(state.webhook_secret, {
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        body,
      });
      onEvent({ id: header('webhook-id'), valid, body });
      response.writeHead(valid ? 204 : 400).end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
