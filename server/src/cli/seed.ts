import fs from 'node:fs';
import path from 'node:path';
import {
  createOrderBody,
  paymentCreateRequest,
  paymentListQuery,
  paymentUpdateRequest,
  terminalListQuery,
} from '@app/shared';
import pino from 'pino';
import type { AppConfig } from '../config.ts';
import { type AppContext, createContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import type { SessionUser } from '../modules/auth/auth.service.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { createMailer, type Mailer, type MailMessage } from '../modules/mail/mailer.ts';
import * as users from '../modules/users/users.service.ts';
import { openCliDatabase } from './cli-database.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.ts';
import { type MerchantSimState, merchantSimStatePath } from './merchant-simulator.ts';
import { readState, SIMULATED_DEVICE, writeState } from './terminal-simulator.ts';

const DEMO_RATE = '92.50';
const DEMO_TRADER_USDT = 1_000_000_000n;
const DEMO_WEBHOOK_URL = 'http://127.0.0.1:4000/webhook';

/**
 * Keeps the codes the seed's own pairing mails, so it can confirm them like the trader would, and passes
 * every message on to the configured transport: a delivery pass also sends whatever else the outbox held.
 */
class SeedMailer implements Mailer {
  readonly messages: MailMessage[] = [];
  constructor(private readonly transport: Mailer) {}
  async send(message: MailMessage) {
    await this.transport.send(message);
    this.messages.push(message);
  }
  close() {
    this.transport.close();
  }
  lastCode(to: string): string {
    const message = [...this.messages].reverse().find((m) => m.to === to);
    const code = message?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
}

const asSessionUser = (row: users.UserRow): SessionUser => ({
  id: row.id,
  email: row.email,
  role: row.role,
  isLead: row.isLead,
  username: row.username,
  avatarUrl: row.avatarUrl,
  rating: row.rating,
  sessionId: 'seed',
});

/**
 * The demo trader's working setup, through the same services the web app uses: a rate, funded USDT, an
 * active payment method and a terminal paired with the simulator (its token saved where
 * `npm run terminal:sim` reads it), so orders can be routed and completed at once.
 */
async function seedTraderSetup(ctx: AppContext, mailer: SeedMailer, config: AppConfig) {
  if (!(await ctx.rates.current())) {
    await ctx.rates.record({ rate: DEMO_RATE, source: 'manual', setBy: 'seed' });
    console.log(`USDT/RUB rate set to ${DEMO_RATE} (change it: npm run admin -- rate-set 95.10).`);
  }
  const trader = (await users.findByEmail(ctx.database.db, 'trader@demo.local'))!;
  await ctx.ledger.creditDeposit({
    userId: trader.id,
    amount: DEMO_TRADER_USDT,
    idempotencyKey: `seed-deposit:${trader.id}`,
    meta: { source: 'seed' },
  });
  const actor = asSessionUser(trader);
  const statePath = path.join(config.dataDir, 'terminal-sim.json');
  const simState = readState(statePath);
  const existing = (await ctx.terminals.list(actor, terminalListQuery.parse({}))).results;
  let terminalId = existing.find((terminal) => simState.terminals[terminal.id])?.id;
  if (!terminalId) {
    const { terminal_id } = await ctx.terminals.connectRequest(actor, '127.0.0.1');
    // The pairing code went to the mail outbox; one delivery pass hands it to the seed's mailer.
    await ctx.mail.deliverDue();
    const qr = await ctx.terminals.verifyRequest(actor, {
      terminal_id,
      otp: mailer.lastCode(trader.email),
    });
    const activated = await ctx.device.activate({
      terminal_id,
      auth_key: qr.auth_key,
      device: SIMULATED_DEVICE,
    });
    await ctx.device.heartbeat(
      { id: activated.terminal_id, userId: trader.id, status: activated.status },
      { battery: 100 },
    );
    simState.terminals[activated.terminal_id] = {
      terminal_id: activated.terminal_id,
      name: activated.name,
      server_url: qr.server_url,
      device_token: activated.device_token,
      battery: 100,
      poll_after_s: activated.poll_after_s,
    };
    writeState(statePath, simState);
    terminalId = activated.terminal_id;
  }
  const methods = await ctx.payments.list({ id: trader.id }, paymentListQuery.parse({}));
  if (methods.results.length === 0) {
    const created = await ctx.payments.create(
      { id: trader.id },
      paymentCreateRequest.parse({
        name: 'Иван Петрович С.',
        bank: 1,
        card: '2202 2063 4512 7788',
        phone_number: '+7 900 123-45-67',
        nomer_scheta: '40817810099910004312',
      }),
    );
    await ctx.terminals.connectPayments(actor, terminalId, [created.payment_id]);
    await ctx.payments.update(
      { id: trader.id },
      created.payment_id,
      paymentUpdateRequest.parse({ is_active: true }),
    );
  }
  console.log(
    `Trader trader@demo.local: ${Number(DEMO_TRADER_USDT / 1_000_000n)} USDT, an active Сбербанк method (SBP and card).`,
  );
  console.log(
    `Simulated terminal ${terminalId}: keep it online with  npm run terminal:sim -- run ${terminalId}`,
  );
}

/** The demo merchant's API key and webhook secret, saved where `npm run merchant:sim` reads them. */
async function seedMerchantSetup(ctx: AppContext, config: AppConfig) {
  const merchant = (await users.findByEmail(ctx.database.db, 'merchant@demo.local'))!;
  const statePath = merchantSimStatePath(config.dataDir);
  if (fs.existsSync(statePath)) {
    console.log(`Merchant API key and webhook secret: already in ${statePath}.`);
    return;
  }
  const key = await ctx.merchantKeys.createKey(merchant.id, 'demo (seed)');
  const webhook = await ctx.webhooks.updateUrl(merchant.id, DEMO_WEBHOOK_URL);
  const secret = webhook.secret ?? (await ctx.webhooks.rotateSecret(merchant.id)).secret;
  const state: MerchantSimState = {
    server_url: config.PUBLIC_URL.replace(/\/+$/, '') + config.API_PREFIX,
    key: key.key,
    webhook_secret: secret,
  };
  fs.mkdirSync(path.dirname(statePath), { recursive: true });
  fs.writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
  console.log(`Merchant merchant@demo.local API key (shown once, saved in ${statePath}):`);
  console.log(`  ${key.key}`);
  console.log(`Webhooks go to ${DEMO_WEBHOOK_URL}: see them with  npm run merchant:sim -- listen`);
}

/** The demo dispute's order (one per merchant by external_id, so a second seed finds it taken) and its reason. */
const DEMO_DISPUTE_ORDER = 'seed-dispute-1';
const DEMO_DISPUTE_REASON =
  'Покупатель оплатил 1 500 ₽ по СБП и прислал чек, но заказ не подтверждён. Прошу проверить поступление.';

/**
 * One dispute the demo users find on /dispute: the demo merchant's order, paid by the payer, disputed with
 * the merchant's statement (what the trader and support read as its reason). Without TELEGRAM_BOT_TOKEN the
 * page needs no Telegram link (none could be made) and dispute notices go by mail; with a bot, spec §6
 * stands and the demo trader and merchant link Telegram in Settings first.
 */
async function seedDemoDispute(ctx: AppContext, config: AppConfig) {
  const merchant = (await users.findByEmail(ctx.database.db, 'merchant@demo.local'))!;
  try {
    const order = await ctx.orders.createOrder(
      merchant.id,
      createOrderBody.parse({ amount: '1500.00', payment_mode: 'sbp', external_id: DEMO_DISPUTE_ORDER }),
    );
    await ctx.orders.markPaid(order.id);
    await ctx.disputes.openByMerchant(merchant.id, order.id, { reason: DEMO_DISPUTE_REASON });
    console.log(`A demo dispute on order ${order.id}: open /dispute as trader, merchant or support.`);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    // 409: the order exists from an earlier seed (its dispute with it); anything else is worth saying.
    if (status !== 409) console.log(`No demo dispute: ${(error as Error).message}`);
  }
  console.log(
    config.TELEGRAM_BOT_TOKEN
      ? '/dispute: a Telegram bot is configured, so the trader and the merchant link Telegram in Settings → Connection first (spec §6).'
      : '/dispute: no Telegram bot (TELEGRAM_BOT_TOKEN unset), so no link is needed; dispute notices go by mail.',
  );
}

async function seed(database: Database, config: AppConfig) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  console.log('Demo logins (password for all: %s)', DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    const existing = await users.findByEmail(database.db, demo.email);
    if (!existing) await users.insertUser(database.db, { ...demo, passwordHash });
    console.log(
      `  ${demo.role.padEnd(9)}${demo.isLead ? ' (lead)' : '       '} ${demo.email}${existing ? '  (already there)' : ''}`,
    );
  }
  console.log('Sign-in codes are mailed; without SMTP_URL read them in DATA_DIR/mail/.');
  const mailer = new SeedMailer(
    createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      log: pino({ level: 'silent' }),
    }),
  );
  const ctx = createContext({ config, database, mailer, log: pino({ level: 'silent' }) });
  await seedTraderSetup(ctx, mailer, config);
  await seedMerchantSetup(ctx, config);
  await seedDemoDispute(ctx, config);
  mailer.close();
}

/** `npm run seed`: demo users, a routable trader with a simulated terminal, and a merchant with an API key. */
const { database, config } = await openCliDatabase('npm run seed');
try {
  await seed(database, config);
} finally {
  await database.close();
}
