import { randomUUID } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { API, HTTP_ERROR_TEXT } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRow } from '../src/db/rows.ts';
import {
  disputeFiles,
  referralCodes,
  telegramAccounts,
  walletWhitelist,
  webhookEvents,
} from '../src/db/schema/index.ts';
import { PROBLEM_CONTENT_TYPE } from '../src/lib/problem.ts';
import {
  AUTHORIZATION_MATRIX,
  CALLERS,
  type Caller,
  type MatrixObjects,
  type MatrixRequest,
  type MatrixRow,
  type Outcome,
  TINY_PDF,
} from './authorization-matrix.ts';
import { dealParties } from './deal-fixtures.ts';
import { activatedTerminal } from './device-fixtures.ts';
import { pairForwarder } from './forwarder-fixtures.ts';
import { postOrder, routableMethod, setRate, USDT } from './order-fixtures.ts';
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from './test-app.ts';
import { OUTSIDE_ADDRESSES } from './tron-fixtures.ts';

/** A registered route as the onRoute hook saw it, relative to API_PREFIX. */
interface RegisteredRoute {
  method: string;
  url: string;
}

/**
 * Builds the app with an onRoute hook on its root instance, added through Fastify's `fastify.initialization`
 * diagnostics channel (published when the instance is created, before any route is registered), so the
 * route table is the one the app really builds and app.ts carries nothing for the test.
 */
async function appWithRouteTable(env: Record<string, string>) {
  const routes: RegisteredRoute[] = [];
  const channel = diagnostics.channel('fastify.initialization');
  const collect = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method, url: route.url });
    });
  };
  channel.subscribe(collect);
  try {
    const t = await createTestApp(env);
    return { t, routes };
  } finally {
    channel.unsubscribe(collect);
  }
}

const BOUNDARY = 'matrix-boundary';
function multipartBody(form: NonNullable<MatrixRequest['multipart']>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(form.fields ?? {})) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${form.file.field}"; filename="${form.file.name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    form.file.content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

/** The tables holding what users own: a refused call must leave every one of them as it was. */
const OWNED_TABLES = [
  'users',
  'user_avatars',
  'payment_methods',
  'terminals',
  'deals',
  'deal_receipts',
  'disputes',
  'dispute_history',
  'dispute_blocks',
  'dispute_files',
  'referral_codes',
  'wallet_addresses',
  'wallet_whitelist',
  'wallet_whitelist_settings',
  'withdrawals',
  'merchant_api_keys',
  'merchant_webhooks',
  'webhook_events',
  'telegram_accounts',
  'telegram_keys',
  'user_balances',
  'ledger_postings',
];

describe('authorization matrix: every registered route × every caller', () => {
  let t: TestApp;
  let routes: RegisteredRoute[];
  let objects: MatrixObjects;
  const credentials = {} as Record<Caller, Record<string, string>>;

  beforeAll(async () => {
    ({ t, routes } = await appWithRouteTable({
      // The bot's webhook route exists only in webhook mode; the matrix covers it too.
      TELEGRAM_BOT_TOKEN: '123456:matrix-test-token-abcdefghij',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
      TELEGRAM_WEBHOOK_URL: 'https://app.test/backend/telegram/webhook/',
      TELEGRAM_WEBHOOK_SECRET: 'matrix-webhook-secret',
      // /metrics is registered only when a token is configured.
      METRICS_TOKEN: 'matrix-metrics-token-0123456789',
    }));
    await setRate(t, '100.00');
    const [trader, otherTrader, merchantUser, otherMerchantUser, support, lead, otherLead, admin] =
      await Promise.all([
        signedInUser(t),
        signedInUser(t),
        signedInUser(t, { role: 'merchant' }),
        signedInUser(t, { role: 'merchant' }),
        signedInUser(t, { role: 'support' }),
        signedInUser(t, { isLead: true }),
        signedInUser(t, { isLead: true }),
        signedInUser(t, { role: 'admin' }),
      ]);
    const session = {
      trader,
      otherTrader,
      merchant: merchantUser,
      otherMerchant: otherMerchantUser,
      support,
      lead,
      otherLead,
      admin,
    };
    let telegramId = 9_100_000;
    for (const [caller, user] of Object.entries(session)) {
      credentials[caller as Caller] = { cookie: user.cookie, origin: TEST_ORIGIN };
      // Disputes need a linked Telegram account; every caller has one so the id checks are what refuses.
      await t.database.db
        .insert(telegramAccounts)
        .values({ userId: user.user.id, telegramId: telegramId++, telegramName: caller });
    }
    const merchantKey = (await t.ctx.merchantKeys.createKey(merchantUser.user.id, 'matrix')).key;
    const otherMerchantKey = (await t.ctx.merchantKeys.createKey(otherMerchantUser.user.id, 'matrix')).key;
    const revocable = await t.ctx.merchantKeys.createKey(merchantUser.user.id, 'revocable');

    const routable = await routableMethod(t, { traderId: trader.user.id, balanceUsdt: 1000n * USDT });
    credentials.anonymous = { origin: TEST_ORIGIN };
    credentials.device = { authorization: `Bearer ${routable.deviceToken}` };
    credentials.merchantKey = { authorization: `Bearer ${merchantKey}` };
    credentials.otherMerchantKey = { authorization: `Bearer ${otherMerchantKey}` };
    const spare = await dealParties(t, { traderId: trader.user.id, merchantId: merchantUser.user.id });
    const removable = await activatedTerminal(t, { userId: trader.user.id });
    const forwarder = await pairForwarder(t, trader, 'automation');

    let amount = 1000;
    const order = async (paid: boolean) => {
      amount += 1;
      const created = await postOrder(t, merchantKey, { amount: `${amount}.00` });
      if (created.statusCode !== 201) throw new Error(`order: ${created.statusCode} ${created.body}`);
      const id = created.json().id as string;
      if (paid) await t.app.inject({ method: 'POST', url: `${t.prefix}${API.payer.paid(id)}` });
      return id;
    };
    const dealId = await order(true);
    const resolveDealId = await order(true);
    const confirmDealId = await order(true);
    const cancelOrderId = await order(false);
    const disputeOrderId = await order(true);
    const supportDealId = await order(true);
    const reason = { reason: 'Оплачено, средства не зачислены' };
    const dispute = await t.ctx.disputes.openByMerchant(merchantUser.user.id, dealId, reason);
    const resolveDispute = await t.ctx.disputes.openByMerchant(merchantUser.user.id, resolveDealId, reason);

    const upload = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.disputes.files(dispute.id)}`,
      headers: { ...credentials.trader, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody({
        fields: { type: 'trader' },
        file: { field: 'files', name: 'чек.pdf', content: TINY_PDF },
      }),
    });
    if (upload.statusCode !== 200) throw new Error(`evidence: ${upload.body}`);
    const [file] = await t.database.db
      .select({ id: disputeFiles.id })
      .from(disputeFiles)
      .where(eq(disputeFiles.disputeId, dispute.id));

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer();
    const avatar = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.settings.changeAvatar}`,
      headers: { ...credentials.trader, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipartBody({ file: { field: 'avatar', name: 'me.png', content: png } }),
    });
    if (avatar.statusCode !== 200) throw new Error(`avatar: ${avatar.body}`);
    const avatarHash = /\/([^/]+)\.jpg$/.exec(avatar.json().avatar_url as string)![1]!;

    const referral = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.referrals.create}`,
      headers: credentials.lead,
      payload: { email: `invited-${randomUUID()}@example.com` },
    });
    if (referral.statusCode >= 300) throw new Error(`referral: ${referral.body}`);
    const white = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}${API.wallet.white}`,
      headers: credentials.lead,
      payload: { wallet: OUTSIDE_ADDRESSES[0] },
    });
    if (white.statusCode !== 200) throw new Error(`whitelist: ${white.body}`);
    const [referralRow] = await t.database.db
      .select({ id: referralCodes.id })
      .from(referralCodes)
      .where(eq(referralCodes.leadId, lead.user.id));
    const [whiteRow] = await t.database.db
      .select({ id: walletWhitelist.id })
      .from(walletWhitelist)
      .where(eq(walletWhitelist.userId, lead.user.id));
    const [event] = await t.database.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.merchantId, merchantUser.user.id))
      .limit(1);
    // A second account of the trader: the disconnect route never removes the last one.
    const secondTelegramId = 9_200_000;
    await t.database.db
      .insert(telegramAccounts)
      .values({ userId: trader.user.id, telegramId: secondTelegramId, telegramName: 'second' });
    objects = {
      methodId: routable.method.id,
      spareMethodId: spare.methodId,
      terminalId: routable.terminalId,
      removableTerminalId: removable.id,
      forwarderTerminalId: forwarder.terminal_id,
      dealId,
      confirmDealId,
      cancelOrderId,
      disputeOrderId,
      supportDealId,
      disputeId: dispute.id,
      resolveDisputeId: resolveDispute.id,
      disputeFileId: file!.id,
      avatarUserId: trader.user.id,
      avatarHash,
      referralId: referralRow!.id,
      whitelistId: String(whiteRow!.id),
      revocableKeyId: String(revocable.id),
      webhookEventId: event!.id,
      telegramId: secondTelegramId,
    };
  });
  afterAll(() => t?.close());

  /** The route table without HEAD twins of GET routes (they share the GET's hooks and row). */
  const table = () =>
    routes
      .filter(
        (route) => route.method !== 'HEAD' || !routes.some((r) => r.method === 'GET' && r.url === route.url),
      )
      .map((route) => ({ ...route, key: `${route.method} ${route.url.slice(t.prefix.length)}` }))
      .sort(
        (a, b) => (AUTHORIZATION_MATRIX[a.key]?.runsLast ?? 0) - (AUTHORIZATION_MATRIX[b.key]?.runsLast ?? 0),
      );

  function inject(
    method: string,
    pattern: string,
    request: MatrixRequest,
    headers: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const path = pattern.replace(/:(\w+)/g, (_, name: string) =>
      encodeURIComponent(request.params?.[name] ?? 'x'),
    );
    const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
    const options: InjectOptions = {
      method: method as InjectOptions['method'],
      url: `${path}${query}`,
      headers: { ...headers, 'idempotency-key': randomUUID() },
    };
    if (request.multipart) {
      options.payload = multipartBody(request.multipart);
      options.headers = { ...options.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
    } else if (request.body !== undefined) {
      options.payload = request.body as InjectOptions['payload'];
    }
    return t.app.inject(options);
  }

  async function ownedDigest(): Promise<string> {
    const parts = OWNED_TABLES.map(
      (name) =>
        // Without the columns a caller's own authentication stamps (a key's or a terminal's last use).
        `(select coalesce(md5(string_agg((to_jsonb(r) - array['last_used_at', 'last_ping']::text[])::text, '|' order by r::text)), '') from ${name} r)`,
    );
    const row = await selectRow<{ digest: string }>(
      t.database.db,
      sql.raw(`select ${parts.join(" || ',' || ")} as digest`),
    );
    return row!.digest;
  }

  const refused = (outcome: Outcome) =>
    (typeof outcome === 'number' ? [outcome] : outcome).every((s) => s >= 400);
  /** A problem document names its request; the rest of an answer must match. */
  const withoutRequestId = (response: LightMyRequestResponse) =>
    response.body.replace(/"instance":"[^"]*"/, '');
  const matches = (outcome: Outcome, status: number) =>
    typeof outcome === 'number' ? outcome === status : outcome.includes(status);

  it('has a row for every registered route and no row for a route that does not exist', () => {
    const keys = table().map((route) => route.key);
    expect(keys.length).toBeGreaterThan(80);
    expect(keys.filter((key) => !AUTHORIZATION_MATRIX[key])).toEqual([]);
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('refuses another user’s object exactly as an id that does not exist: the refusal reveals nothing', async () => {
    const wrong: string[] = [];
    const ids = Object.values(objects);
    for (const route of table()) {
      const row = AUTHORIZATION_MATRIX[route.key];
      if (!row?.owner || row.public || !row.request) continue;
      const request = row.request(objects);
      if (request.multipart) continue;
      // The same request with every id of an object replaced by one nobody owns.
      let text = JSON.stringify(request);
      for (const id of ids) {
        // A numeric id (a Telegram account) becomes a number nobody has linked.
        text = text.split(String(id)).join(typeof id === 'number' ? '9999999' : randomUUID());
      }
      const unknown = JSON.parse(text) as MatrixRequest;
      if (text === JSON.stringify(request)) continue;
      for (const caller of CALLERS) {
        if (caller === row.owner || !refused(row.expect[caller])) continue;
        const real = await inject(route.method, route.url, request, credentials[caller]);
        const made = await inject(route.method, route.url, unknown, credentials[caller]);
        if (real.statusCode !== made.statusCode || withoutRequestId(real) !== withoutRequestId(made)) {
          wrong.push(
            `${route.key} ${caller}: ${real.statusCode} ${real.body.slice(0, 80)} for the owner's id, ${made.statusCode} ${made.body.slice(0, 80)} for an unknown one`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to an anonymous call of every signed-in route, whatever id or body it carries', async () => {
    const wrong: string[] = [];
    const huge = JSON.stringify({ pad: 'x'.repeat(1_100_000) });
    for (const route of table()) {
      const row = AUTHORIZATION_MATRIX[route.key];
      if (!row || row.public) continue;
      const isProblem = route.key.includes('/device/v1/') || route.key.includes('/merchant/v1/');
      const real = row.request?.(objects) ?? {};
      const probes: { name: string; request: MatrixRequest; headers?: Record<string, string> }[] = [
        { name: 'real ids and body', request: real },
        {
          name: 'malformed ids',
          request: {
            params: Object.fromEntries(Object.keys(real.params ?? {}).map((k) => [k, "'; select 1--"])),
          },
        },
        {
          name: 'unknown ids',
          request: {
            params: Object.fromEntries(Object.keys(real.params ?? {}).map((k) => [k, randomUUID()])),
          },
        },
      ];
      for (const probe of probes) {
        const response = await inject(route.method, route.url, probe.request, credentials.anonymous);
        check(route.key, probe.name, response);
      }
      if (route.method !== 'GET' && route.method !== 'HEAD') {
        for (const [name, body, type] of [
          ['malformed JSON', '{"a":', 'application/json'],
          ['a body over the limit', huge, 'application/json'],
          ['an unsupported content type', 'a=1', 'text/plain'],
          ['a broken multipart form', '--x\r\nbroken', 'multipart/form-data; boundary=x'],
        ] as const) {
          const response = await t.app.inject({
            method: route.method as InjectOptions['method'],
            url: route.url.replace(/:(\w+)/g, () => randomUUID()),
            headers: { ...credentials.anonymous, 'content-type': type },
            payload: body,
          });
          check(route.key, name, response);
        }
      }

      function check(key: string, probe: string, response: LightMyRequestResponse) {
        const bad = (why: string) =>
          wrong.push(`${key} (${probe}): ${why}: ${response.statusCode} ${response.body.slice(0, 120)}`);
        if (response.statusCode !== 401) return bad('not 401');
        if (isProblem) {
          if (!String(response.headers['content-type']).startsWith(PROBLEM_CONTENT_TYPE))
            bad('not problem+json');
          if (response.json().status !== 401) bad('problem status');
        } else if (
          !Object.values(response.json() as Record<string, unknown>).includes(HTTP_ERROR_TEXT.unauthorized)
        ) {
          bad('not the 401 text');
        }
      }
    }
    expect(wrong).toEqual([]);
  });
  // Last: its logout row ends every caller's session. Every guarded row digests the owned tables once per caller:
  // some 15 s on an idle 2-core machine, more than the default 30 s on a loaded one.
  it('answers every caller of every route as its row expects; a refused call changes nothing', {
    timeout: 120_000,
  }, async () => {
    const wrong: string[] = [];
    for (const route of table()) {
      const row: MatrixRow | undefined = AUTHORIZATION_MATRIX[route.key];
      if (!row) continue;
      const request = row.request?.(objects) ?? {};
      // The owner last: its call may change (or delete) the objects the others were refused.
      const order = [...CALLERS.filter((caller) => caller !== row.owner), ...(row.owner ? [row.owner] : [])];
      const call = async (caller: Caller) => {
        const response = await inject(route.method, route.url, request, credentials[caller]);
        const expected = row.expect[caller];
        if (!matches(expected, response.statusCode)) {
          wrong.push(
            `${route.key} ${caller}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 120)}`,
          );
        }
      };
      // A row on somebody's objects: everyone else is refused, and the owned data must not have moved.
      const guarded = row.owner !== undefined && route.method !== 'GET';
      if (!guarded) {
        // Reads, and calls on the caller's own data: the callers do not disturb each other.
        await Promise.all(order.filter((caller) => caller !== row.owner).map(call));
        if (row.owner) await call(row.owner);
        continue;
      }
      let before = await ownedDigest();
      let refusedSince: Caller[] = [];
      for (const caller of order) {
        if ((caller === row.owner || !refused(row.expect[caller])) && refusedSince.length > 0) {
          if ((await ownedDigest()) !== before) {
            wrong.push(`${route.key}: refused ${refusedSince.join(', ')}, yet owned data changed`);
          }
          refusedSince = [];
        }
        await call(caller);
        if (caller === row.owner) continue;
        // A caller the row lets through (support on either side's evidence) moves the baseline.
        if (refused(row.expect[caller])) refusedSince.push(caller);
        else before = await ownedDigest();
      }
    }
    expect(wrong).toEqual([]);
  });
});
