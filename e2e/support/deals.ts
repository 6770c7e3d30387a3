import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API,
  type BanksResponse,
  type ConnectRequestResponse,
  type DeviceActivateResponse,
  type DeviceNotificationsResponse,
  type Order,
  type PaymentCreateResponse,
  type VerifyRequestResponse,
  type WebhookPayload,
} from '@app/shared';
import { type APIRequestContext, expect } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { admin } from './admin.ts';
import { E2E } from './env.ts';
import { latestCode, mailCount } from './mail.ts';

/** The API's absolute address: the device and merchant clients call it outside the SPA. */
const API_BASE = `${E2E.baseUrl}${E2E.apiPrefix}`;

/** One POST the merchant's receiver got, its signature already checked. */
export interface ReceivedWebhook {
  id: string;
  payload: WebhookPayload;
}

/**
 * A merchant's webhook endpoint on 127.0.0.1 (a random port): answers 204 to every POST and keeps the body
 * only after `standardwebhooks` verified it with the merchant's secret, so a badly signed request counts as
 * not received (and is recorded in `rejected`, which a test can assert empty).
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const rejected: string[] = [];
  let verifier: Webhook | null = null;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      );
      try {
        if (!verifier) throw new Error('no secret yet');
        const payload = verifier.verify(body, headers) as WebhookPayload;
        received.push({ id: headers['webhook-id'] ?? '', payload });
      } catch (error) {
        rejected.push(`${(error as Error).message}: ${body.slice(0, 200)}`);
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/orders`,
    received,
    rejected,
    /** The whsec_… secret the server gave once; requests are verified with it from now on. */
    useSecret(secret: string) {
      verifier = new Webhook(secret);
    },
    /**
     * Waits for the verified event `type` of one order (the delivery worker runs every second); a timeout
     * names the requests whose signature failed, the usual reason.
     */
    async event(orderId: string, type: string, timeoutMs = 20_000): Promise<ReceivedWebhook> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((item) => item.payload.data.id === orderId && item.payload.type === type);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no verified ${type} for ${orderId} within ${timeoutMs} ms; rejected: ${JSON.stringify(rejected)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Sets a merchant's webhook URL with its session (Settings #api's call); returns the secret shown once. */
export async function setWebhookUrl(merchant: APIRequestContext, url: string): Promise<string> {
  const answer = await merchant.put(`${E2E.apiPrefix}${API.merchantSettings.webhook}`, { data: { url } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const body = (await answer.json()) as { url: string | null; secret?: string };
  expect(body.secret, 'the first save of a URL creates the secret').toMatch(/^whsec_/);
  return body.secret!;
}

/** Creates a merchant API key with the admin CLI and returns the key it prints once. */
export function createMerchantKey(email: string): string {
  const key = admin('merchant-key', 'create', email).match(/\bmk_live_[0-9A-Za-z]+\b/)?.[0];
  if (!key) throw new Error(`no key printed for ${email}`);
  return key;
}

/** POST merchant/v1/orders as a merchant's integration does: Bearer key, a fresh Idempotency-Key. */
export async function createOrder(
  request: APIRequestContext,
  key: string,
  body: { amount: string; payment_mode: 'sbp' | 'c2c'; external_id: string; bank_id?: number },
): Promise<Order> {
  const answer = await request.post(`${API_BASE}${API.merchant.orders}`, {
    headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': randomUUID() },
    data: body,
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as Order;
}

/** The simulated terminal phone after pairing: heartbeats and forwards bank notifications. */
export interface Device {
  terminalId: string;
  heartbeat(battery?: number): Promise<void>;
  notify(sender: string, text: string): Promise<DeviceNotificationsResponse['results'][number]>;
}

/** Everything routing asks of a trader, set up through the product's own calls. */
export interface RoutableTrader {
  methodId: string;
  /** The method's bank: orders that name it (`bank_id`) can only route to this spec's trader. */
  bankId: number;
  owner: string;
  phone: string;
  bankName: string;
  device: Device;
}

/**
 * Makes a signed-in trader routable (issue 10 Routing): an Online SBP method of Сбербанк (the bank whose
 * SMS the notification parser reads), linked to a terminal paired through the device API and heartbeating.
 * `trader` is the trader's session (a signed-in page's request); `request` is a sessionless client for the
 * device API. `digits` keeps the phone and account unique across runs. Specs run in parallel on one server
 * and routing gives an order to the least recently used method, so each spec that makes a trader routable
 * takes its own bank and names it in its orders (`bank_id`); otherwise one spec's order can go to another
 * spec's trader.
 */
export async function makeRoutable(
  trader: APIRequestContext,
  request: APIRequestContext,
  email: string,
  digits: string,
  bankName = 'Сбербанк',
): Promise<RoutableTrader> {
  const owner = 'Ivan Petrov';
  const phone = `+7999${digits.slice(-7).padStart(7, '0')}`;
  const banks = await trader.get(`${E2E.apiPrefix}${API.payments.banks}`);
  expect(banks.ok()).toBe(true);
  const bank = ((await banks.json()) as BanksResponse).results.find((item) => item.name === bankName);
  expect(bank, `bank ${bankName}`).toBeTruthy();
  const created = await trader.post(`${E2E.apiPrefix}${API.payments.create}`, {
    data: {
      name: owner,
      bank: bank!.id,
      card: null,
      phone_number: phone,
      nomer_scheta: `40817810${digits.slice(-8).padStart(8, '0')}0099`,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const methodId = ((await created.json()) as PaymentCreateResponse).payment_id;

  // Pairing: the OTP-confirmed connect request gives the QR data the phone activates with.
  const seen = mailCount(email);
  const connect = await trader.post(`${E2E.apiPrefix}${API.terminals.connectRequest}`);
  expect(connect.ok(), await connect.text()).toBe(true);
  const { terminal_id: terminalId } = (await connect.json()) as ConnectRequestResponse;
  const verify = await trader.post(`${E2E.apiPrefix}${API.terminals.verifyRequest}`, {
    data: { terminal_id: terminalId, otp: await latestCode(email, seen) },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  const qr = (await verify.json()) as VerifyRequestResponse;
  const activated = await request.post(`${qr.server_url}${API.device.activate}`, {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      terminal_id: qr.terminal_id,
      auth_key: qr.auth_key,
      device: { model: 'Pixel 7', os: 'Android 14', app_version: '1.0.0' },
    },
  });
  expect(activated.ok(), await activated.text()).toBe(true);
  const { device_token: token } = (await activated.json()) as DeviceActivateResponse;

  const device: Device = {
    terminalId,
    async heartbeat(battery = 80) {
      const answer = await request.post(`${qr.server_url}${API.device.heartbeat}`, {
        headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
        data: { battery },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
    },
    async notify(sender, text) {
      const id = `sms-${randomUUID()}`;
      const answer = await request.post(`${qr.server_url}${API.device.notifications}`, {
        headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
        data: { items: [{ id, source: 'sms', sender, text, received_at: new Date().toISOString() }] },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
      const result = ((await answer.json()) as DeviceNotificationsResponse).results.find(
        (item) => item.id === id,
      );
      expect(result, `the answer for ${id}`).toBeTruthy();
      return result!;
    },
  };
  await device.heartbeat();

  const link = await trader.patch(`${E2E.apiPrefix}${API.terminals.connectPayments(terminalId)}`, {
    data: { payment_ids: [methodId] },
  });
  expect(link.ok(), await link.text()).toBe(true);
  const online = await trader.patch(`${E2E.apiPrefix}${API.payments.update(methodId)}`, {
    data: { is_active: true },
  });
  expect(online.ok(), await online.text()).toBe(true);
  return { methodId, bankId: bank!.id, owner, phone, bankName, device };
}
