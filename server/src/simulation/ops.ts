import { randomUUID } from 'node:crypto';
import { API, parseUsdt, paymentCreateRequest, paymentUpdateRequest } from '@app/shared';
import { HttpError } from '../lib/http-errors.ts';
import { ProblemError } from '../lib/problem.ts';
import type { SessionUser } from '../modules/auth/auth.service.ts';
import { OtpError } from '../modules/otp/otp.service.ts';
import type { DeviceTerminal } from '../modules/terminals/device.service.ts';
import * as users from '../modules/users/users.service.ts';
import { emptyTally } from './coverage.ts';
import type { World } from './world.ts';

/**
 * One step of the simulation. Plain data (JSON), generated from the seed alone, so a list of ops replays the
 * same way on a fresh database. Numbers that name an entity (t, m, d, x) are picked modulo what exists when
 * the op runs; an op whose entity does not exist yet is skipped.
 */
export type Op =
  | { k: 'merchant' }
  | { k: 'signup'; lead: boolean; referral: number | null }
  | { k: 'method'; t: number }
  | { k: 'toggle'; t: number; m: number; on: boolean }
  | { k: 'terminal'; t: number; on: boolean }
  | { k: 'deposit'; t: number; usdt: number; mode: 'plain' | 'replay' | 'reorder' | 'late' }
  /** all: everything withdrawable less the fee (a drained lead: a later dispute hold becomes a debt). */
  | { k: 'withdraw'; t: number; usdt: number; outcome: 'send' | 'fail' | 'reject' | 'approve'; all?: true }
  | { k: 'order'; m: number; rub: number; mode: 'sbp' | 'c2c'; retry: boolean }
  | { k: 'pay'; d: number }
  | { k: 'notify'; d: number; dup: boolean }
  | { k: 'confirm'; d: number }
  | { k: 'cancel'; d: number }
  | { k: 'tick'; s: number }
  | { k: 'dispute'; d: number; by: 'merchant' | 'support' }
  | { k: 'verdict'; x: number; r: 'merchant' | 'trader' | 'insufficient' };

/** mulberry32: a small seeded PRNG, the same sequence for the same seed on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The op mix: weights per kind (orders and their moves dominate, as in production). */
const WEIGHTS: [Op['k'], number][] = [
  ['merchant', 1],
  ['signup', 3],
  ['method', 4],
  ['toggle', 3],
  ['terminal', 2],
  ['deposit', 8],
  ['withdraw', 3],
  ['order', 30],
  ['pay', 10],
  ['notify', 10],
  ['confirm', 8],
  ['cancel', 3],
  ['tick', 5],
  ['dispute', 5],
  ['verdict', 5],
];
const TOTAL_WEIGHT = WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

/** A few merchants, traders with methods and deposits first, then the random mix. */
const PROLOGUE: Op[] = [
  { k: 'merchant' },
  { k: 'merchant' },
  { k: 'signup', lead: true, referral: null },
  { k: 'signup', lead: false, referral: 0 },
  { k: 'signup', lead: true, referral: null },
  { k: 'method', t: 0 },
  { k: 'method', t: 1 },
  { k: 'method', t: 2 },
  { k: 'method', t: 0 },
  { k: 'deposit', t: 0, usdt: 400, mode: 'plain' },
  { k: 'deposit', t: 1, usdt: 400, mode: 'plain' },
  { k: 'deposit', t: 2, usdt: 400, mode: 'plain' },
];

/** The op list of a seed: the same list for the same seed and length. */
export function generateOps(seed: number, count: number): Op[] {
  const random = prng(seed);
  const int = (below: number) => Math.floor(random() * below);
  const chance = (p: number) => random() < p;
  const one = <T>(items: readonly T[]) => items[int(items.length)]!;
  const ops: Op[] = PROLOGUE.slice(0, count);
  while (ops.length < count) {
    let roll = random() * TOTAL_WEIGHT;
    let kind: Op['k'] = 'order';
    for (const [k, weight] of WEIGHTS) {
      roll -= weight;
      if (roll < 0) {
        kind = k;
        break;
      }
    }
    const t = int(1 << 16);
    const d = int(1 << 16);
    switch (kind) {
      case 'merchant':
        ops.push({ k: kind });
        break;
      case 'signup':
        ops.push({ k: kind, lead: chance(0.4), referral: chance(0.5) ? t : null });
        break;
      case 'method':
        ops.push({ k: kind, t });
        break;
      case 'toggle':
        ops.push({ k: kind, t, m: d, on: chance(0.7) });
        break;
      case 'terminal':
        ops.push({ k: kind, t, on: chance(0.7) });
        break;
      case 'deposit':
        ops.push({
          k: kind,
          t,
          usdt: 20 + int(300),
          mode: one(['plain', 'plain', 'replay', 'reorder', 'late']),
        });
        break;
      case 'withdraw':
        ops.push({
          k: kind,
          t,
          usdt: 10 + int(80),
          outcome: one(['send', 'fail', 'reject', 'approve']),
          ...(chance(0.15) ? { all: true as const } : {}),
        });
        break;
      case 'order':
        // Few distinct amounts, so methods often hold one open deal of an amount and routing must skip them.
        ops.push({
          k: kind,
          m: t,
          rub: 500 + 100 * int(30),
          mode: chance(0.7) ? 'sbp' : 'c2c',
          retry: chance(0.2),
        });
        break;
      case 'pay':
      case 'confirm':
      case 'cancel':
        ops.push({ k: kind, d });
        break;
      case 'notify':
        ops.push({ k: kind, d, dup: chance(0.2) });
        break;
      case 'tick':
        ops.push({ k: kind, s: one([30, 120, 600, 1_200, 3_600, 90_000]) });
        break;
      case 'dispute':
        ops.push({ k: kind, d, by: chance(0.6) ? 'merchant' : 'support' });
        break;
      case 'verdict':
        ops.push({ k: kind, x: d, r: one(['merchant', 'trader', 'insufficient']) });
        break;
    }
  }
  return ops;
}

interface TraderState {
  user: SessionUser;
  terminal?: { device: DeviceTerminal; online: boolean };
  methods: string[];
  address?: { address: string; createdAt: Date };
}

interface DealState {
  id: string;
  merchantId: string;
  trader: TraderState;
  rub: number;
}

/** Deals and disputes are picked among this many newest (pickRecent). */
const RECENT = 24;
/**
 * The terminals a tick keeps heard from: the newest this many paired (each came with a method). Older ones fall
 * silent as a trader who stopped working would, so a tick's heartbeats cost the same at 10^6 ops as at 10^3
 * (heartbeating every terminal made each tick grow with the number of traders).
 */
const FLEET = 64;

/** Keeps the newest RECENT items (and up to as many again, trimmed in one go): all pickRecent ever reads. */
function pushRecent<T>(items: T[], item: T) {
  items.push(item);
  if (items.length > 2 * RECENT) items.splice(0, items.length - RECENT);
}

/** What the ops created so far (ids to pick from) and what the checks compare against. */
export class Model {
  readonly traders: TraderState[] = [];
  readonly tradersById = new Map<string, TraderState>();
  readonly leads: TraderState[] = [];
  readonly merchants: { id: string; key: string }[] = [];
  readonly merchantsById = new Map<string, { id: string; key: string }>();
  /** The newest deals and disputes only (pushRecent): a 10^6-op run keeps what it picks from, not its history. */
  readonly deals: DealState[] = [];
  readonly disputes: string[] = [];
  /** Traders in the order their terminals were paired (the tick heartbeats the newest FLEET). */
  readonly paired: TraderState[] = [];
  support: SessionUser | undefined;
  /** Behaviours the database cannot tell apart afterwards, counted as they succeed (coverage.ts). */
  readonly tally = emptyTally();
  /** Micro-USDT confirmed on chain to our deposit addresses (each credited exactly once by the scanner). */
  depositedMicro = 0n;
  private seq = 0;
  next() {
    this.seq += 1;
    return this.seq;
  }
}

/**
 * What an op did: done, refused by a service rule (a 4xx), skipped (nothing to act on), or rolled back by the
 * database as a deadlock or serialization failure (the client would see a 5xx and retry; see README).
 */
export type OpOutcome = 'done' | 'refused' | 'skipped' | 'deadlock';

/** A deadlock (40P01) or serialization failure (40001) anywhere in the error's causes. */
function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** An op broke a rule the services promise (a retry answered differently, a duplicate not recognised…). */
export class ContractViolation extends Error {}

const pickAny = <T>(items: readonly T[], index: number): T | undefined =>
  items.length ? items[index % items.length] : undefined;
/** Deals and disputes are picked among the newest, where the open ones are. */
const pickRecent = <T>(items: readonly T[], index: number): T | undefined =>
  items.length ? items[items.length - 1 - (index % Math.min(items.length, RECENT))] : undefined;

const IP = '203.0.113.7';
const PASSWORD = 'Sim!Passw0rd';

function sessionUserOf(row: users.UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    isLead: row.isLead,
    username: null,
    avatarUrl: null,
    rating: '100',
    sessionId: 'simulation',
  };
}

/** The support user who opens disputes and gives verdicts (created before the first op). */
export async function createSupport(world: World, model: Model): Promise<void> {
  const row = await users.insertUser(world.database.db, {
    email: 'support@sim.test',
    passwordHash: 'unused',
    role: 'support',
    isLead: false,
  });
  model.support = sessionUserOf(row);
}

function supportUser(model: Model): SessionUser {
  if (!model.support) throw new Error('the support user is created before the first op');
  return model.support;
}

/** Card and account digits unique per simulation (cards and accounts are unique across users). */
function requisites(n: number) {
  const digits = String(n).padStart(10, '0');
  return {
    card: `220070${digits}`,
    phone: `+7900${digits.slice(-7)}`,
    account: `40817810${digits.slice(-10)}00`,
  };
}

/** Why an HTTP op got a 5xx: true for a deadlock or serialization failure (counted), anything else throws. */
function serverConflict(world: World, what: string, answer: { statusCode: number; body: string }): boolean {
  const requestId = String((JSON.parse(answer.body) as { request_id?: string }).request_id ?? '');
  const cause = world.requestErrors.get(requestId) ?? '';
  world.requestErrors.delete(requestId);
  if (/40P01|40001|deadlock detected/.test(cause)) return true;
  throw new Error(`${what}: ${answer.statusCode} ${answer.body}; logged: ${cause.slice(0, 2000)}`);
}

/** The payment receipt a merchant attaches: one is required to dispute an expired or canceled deal. */
const RECEIPT_PDF = Buffer.from('%PDF-1.7\n% simulation payment receipt\n');

/** The merchant's dispute through its API, as its integration sends it: multipart reason and receipt. */
async function openMerchantDispute(
  world: World,
  model: Model,
  deal: { id: string; merchantId: string },
): Promise<OpOutcome> {
  const merchant = model.merchantsById.get(deal.merchantId);
  if (!merchant) throw new Error(`deal ${deal.id} of a merchant the simulation does not know`);
  const boundary = `sim-${randomUUID()}`;
  const answer = await world.app.inject({
    method: 'POST',
    url: `${world.prefix}${API.merchant.disputes(deal.id)}`,
    headers: {
      authorization: `Bearer ${merchant.key}`,
      'idempotency-key': randomUUID(),
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="reason"\r\n\r\nплатёж не дошёл\r\n` +
          `--${boundary}\r\ncontent-disposition: form-data; name="files"; filename="receipt.pdf"\r\n` +
          'content-type: application/pdf\r\n\r\n',
      ),
      RECEIPT_PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (answer.statusCode === 201) {
    pushRecent(model.disputes, answer.json().id as string);
    return 'done';
  }
  if (answer.statusCode < 500) {
    if (process.env.SIMULATION_DEBUG) console.error('dispute', answer.statusCode, answer.body);
    return 'refused';
  }
  serverConflict(world, 'dispute', answer);
  return 'deadlock';
}

const sberTransfer = (rubles: number) =>
  `MIR-4821 13:54 Перевод ${rubles}р от Марина Петровна А. Баланс: 22393.15р`;

async function depositTo(world: World, model: Model, trader: TraderState, op: Extract<Op, { k: 'deposit' }>) {
  if (!trader.address) {
    const asked = await world.ctx.wallet.requestAddress(trader.user, IP);
    const address =
      asked.status === 'exists'
        ? asked.address
        : (await world.ctx.wallet.confirmAddress(trader.user, await world.mailer.code(trader.user.email)))
            .address;
    trader.address = { address, createdAt: new Date(world.clock.now().getTime() - 60_000) };
  }
  const { address, createdAt } = trader.address;
  const amount = BigInt(op.usdt) * 1_000_000n;
  // A scan rolled back by a deadlock is done again, as the deposit watcher's next pass would.
  const scan = async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await world.ctx.tron.scanAddress(address, createdAt);
      } catch (error) {
        if (!isTransactionConflict(error) || attempt >= 5) throw error;
      }
    }
  };
  if (op.mode === 'plain') {
    world.chain.deposit({ to: address, amount });
    model.depositedMicro += amount;
  } else if (op.mode === 'replay') {
    const first = world.chain.deposit({ to: address, amount });
    model.depositedMicro += amount;
    await scan();
    world.chain.deposit({ to: address, amount, txid: first.txid, eventIndex: first.eventIndex });
    model.tally.depositReplays += 1;
  } else if (op.mode === 'reorder') {
    const early = world.chain.deposit({ to: address, amount, confirmed: false });
    const late = world.chain.deposit({ to: address, amount: amount / 2n, confirmed: false });
    await scan();
    world.chain.confirm(late.txid);
    model.depositedMicro += amount / 2n;
    await scan();
    world.chain.confirm(early.txid);
    model.depositedMicro += amount;
    model.tally.depositReorders += 1;
  } else {
    const pending = world.chain.deposit({ to: address, amount, confirmed: false });
    await scan();
    world.chain.confirm(pending.txid);
    model.depositedMicro += amount;
  }
  await scan();
}

async function withdraw(world: World, model: Model, trader: TraderState, op: Extract<Op, { k: 'withdraw' }>) {
  const { ctx, mailer } = world;
  const address = world.payee;
  const fee = parseUsdt(ctx.config.WITHDRAWAL_FEE_USDT) ?? 0n;
  const amount = op.all
    ? Number(
        ((await ctx.ledger.withdrawable(trader.user.id, world.clock.now())).withdrawable - fee) / 1_000_000n,
      )
    : op.usdt;
  await ctx.wallet.requestWithdrawal(trader.user, { amount, address }, IP);
  const verified = await ctx.wallet.verifyWithdrawal(trader.user, {
    amount,
    address,
    otp: await mailer.code(trader.user.email),
  });
  const id = verified.withdrawal.id;
  if (verified.withdrawal.status === 'held') {
    if (op.outcome === 'reject') {
      await world.operator.reject(id, 'simulation', 'отклонено симуляцией');
      return;
    }
    await world.operator.approve(id, 'simulation');
    model.tally.withdrawalsApproved += 1;
  }
  const sender = op.outcome === 'fail' ? world.failingSender : world.sender;
  await sender.runOnce();
  await sender.runOnce();
}

/** Runs one op against the real services. Throws only what no client should ever see (a bug). */
export async function applyOp(world: World, model: Model, op: Op): Promise<OpOutcome> {
  try {
    return await perform(world, model, op);
  } catch (error) {
    if (error instanceof HttpError || error instanceof ProblemError) {
      if (error.statusCode >= 500) throw error;
      if (process.env.SIMULATION_DEBUG) console.error(op.k, error.statusCode, error.message);
      return 'refused';
    }
    if (error instanceof OtpError) return 'refused';
    if (isTransactionConflict(error)) {
      if (process.env.SIMULATION_DEBUG) console.error('deadlock', op, error);
      return 'deadlock';
    }
    throw error;
  }
}

async function perform(world: World, model: Model, op: Op): Promise<OpOutcome> {
  const { ctx } = world;
  switch (op.k) {
    case 'merchant': {
      const row = await users.insertUser(world.database.db, {
        email: `merchant-${model.next()}@sim.test`,
        passwordHash: 'unused',
        role: 'merchant',
        isLead: false,
      });
      const created = await ctx.merchantKeys.createKey(row.id, 'simulation');
      const merchant = { id: row.id, key: created.key };
      model.merchants.push(merchant);
      model.merchantsById.set(merchant.id, merchant);
      return 'done';
    }
    case 'signup': {
      const email = `trader-${model.next()}@sim.test`;
      const lead = op.referral === null ? undefined : pickAny(model.leads, op.referral);
      const referral = lead ? (await ctx.referrals.create(lead.user, { email })).referral_code : undefined;
      await ctx.auth.register({ email, password: PASSWORD, referral_code: referral }, { ip: IP });
      const session = await ctx.auth.verifyRegistration(
        { email, otp: await world.mailer.code(email), password: PASSWORD },
        { ip: IP },
      );
      let row = (await users.findById(world.database.db, session.user.id))!;
      if (op.lead) row = (await users.setLead(world.database.db, email, true)) ?? row;
      const trader: TraderState = { user: sessionUserOf(row), methods: [] };
      model.traders.push(trader);
      model.tradersById.set(trader.user.id, trader);
      if (op.lead) model.leads.push(trader);
      return 'done';
    }
    case 'method': {
      const trader = pickAny(model.traders, op.t);
      if (!trader) return 'skipped';
      if (!trader.terminal) {
        const { terminal_id } = await ctx.terminals.connectRequest(trader.user, IP);
        const pairing = await ctx.terminals.verifyRequest(trader.user, {
          terminal_id,
          otp: await world.mailer.code(trader.user.email),
        });
        const activated = await ctx.device.activate({
          terminal_id,
          auth_key: pairing.auth_key,
          device: { model: 'Pixel 8', os: 'Android 15', app_version: '1.0.0' },
        });
        const device = (await ctx.device.authenticate(activated.device_token))!;
        await ctx.device.heartbeat(device, {
          battery: 80,
          charging: true,
          network: 'wifi',
          app_version: '1.0.0',
        });
        trader.terminal = { device, online: true };
        model.paired.push(trader);
      }
      const r = requisites(model.next());
      const created = await ctx.payments.create(
        trader.user,
        paymentCreateRequest.parse({
          name: 'Иван Петрович С.',
          bank: 1,
          card: r.card,
          phone_number: r.phone,
          nomer_scheta: r.account,
        }),
      );
      await ctx.terminals.connectPayments(trader.user, trader.terminal.device.id, [created.payment_id]);
      await ctx.payments.update(
        trader.user,
        created.payment_id,
        paymentUpdateRequest.parse({ is_active: true }),
      );
      trader.methods.push(created.payment_id);
      return 'done';
    }
    case 'toggle': {
      const trader = pickAny(model.traders, op.t);
      const method = trader && pickAny(trader.methods, op.m);
      if (!trader || !method) return 'skipped';
      await ctx.payments.update(trader.user, method, paymentUpdateRequest.parse({ is_active: op.on }));
      return 'done';
    }
    case 'terminal': {
      const trader = pickAny(model.traders, op.t);
      if (!trader?.terminal) return 'skipped';
      // Offline: disabled by the trader and silent; online: enabled and heard from again.
      trader.terminal.online = op.on;
      await ctx.terminals.setEnabled(trader.user, trader.terminal.device.id, op.on);
      if (!op.on) model.tally.terminalsOffline += 1;
      if (op.on) {
        await ctx.device.heartbeat(trader.terminal.device, {
          battery: 80,
          charging: true,
          network: 'wifi',
          app_version: '1.0.0',
        });
      }
      return 'done';
    }
    case 'deposit': {
      const trader = pickAny(model.traders, op.t);
      if (!trader) return 'skipped';
      await depositTo(world, model, trader, op);
      return 'done';
    }
    case 'withdraw': {
      const trader = pickAny(model.leads, op.t);
      if (!trader) return 'skipped';
      await withdraw(world, model, trader, op);
      return 'done';
    }
    case 'order': {
      const merchant = pickAny(model.merchants, op.m);
      if (!merchant) return 'skipped';
      const key = randomUUID();
      const payload = { amount: `${op.rub}.00`, payment_mode: op.mode, external_id: `sim-${model.next()}` };
      const post = () =>
        world.app.inject({
          method: 'POST',
          url: `${world.prefix}${API.merchant.orders}`,
          headers: { authorization: `Bearer ${merchant.key}`, 'idempotency-key': key },
          payload,
        });
      const conflicted = (answer: Awaited<ReturnType<typeof post>>) => serverConflict(world, 'order', answer);
      let first = await post();
      let deadlocked = first.statusCode >= 500 && conflicted(first);
      if (op.retry) {
        const again = await post();
        if (first.statusCode < 500 && (again.statusCode !== first.statusCode || again.body !== first.body)) {
          throw new ContractViolation(
            `an idempotent retry answered ${again.statusCode} ${again.body} after ${first.statusCode} ${first.body}`,
          );
        }
        // A 5xx releases the key: the retry is the order's real attempt.
        if (first.statusCode >= 500) {
          first = again;
          deadlocked = first.statusCode >= 500 && conflicted(first);
        }
      }
      if (deadlocked) return 'deadlock';
      if (first.statusCode !== 201) {
        if (process.env.SIMULATION_DEBUG) console.error('order', first.statusCode, first.body);
        return 'refused';
      }
      if (op.retry) model.tally.orderRetries += 1;
      const id = first.json().id as string;
      const deal = (await ctx.orders.findDeal(undefined, id))!;
      const trader = model.tradersById.get(deal.traderId);
      if (!trader) throw new Error(`order ${id} went to a trader the simulation does not know`);
      pushRecent(model.deals, { id, merchantId: merchant.id, trader, rub: op.rub });
      return 'done';
    }
    case 'pay': {
      const deal = pickRecent(model.deals, op.d);
      if (!deal) return 'skipped';
      await ctx.orders.markPaid(deal.id);
      return 'done';
    }
    case 'notify': {
      const deal = pickRecent(model.deals, op.d);
      const terminal = deal?.trader.terminal;
      if (!deal || !terminal) return 'skipped';
      const item = {
        id: randomUUID(),
        source: 'sms' as const,
        sender: '900',
        text: sberTransfer(deal.rub),
        received_at: world.clock.now().toISOString(),
      };
      await ctx.device.submitNotifications(terminal.device, { items: [item] });
      if (op.dup) {
        const again = await ctx.device.submitNotifications(terminal.device, { items: [item] });
        if (again.results[0]?.status !== 'duplicate') {
          throw new ContractViolation(`a resent notification was ${JSON.stringify(again.results[0])}`);
        }
        model.tally.duplicateNotifications += 1;
      }
      return 'done';
    }
    case 'confirm': {
      const deal = pickRecent(model.deals, op.d);
      if (!deal) return 'skipped';
      await ctx.orders.confirmByTrader(deal.trader.user, deal.id);
      return 'done';
    }
    case 'cancel': {
      const deal = pickRecent(model.deals, op.d);
      if (!deal) return 'skipped';
      await ctx.orders.cancelOrder(deal.merchantId, deal.id);
      return 'done';
    }
    case 'tick': {
      world.clock.advance(op.s * 1000);
      await ctx.rates.record({ rate: '100.00', source: 'manual', setBy: 'simulation' });
      const fleet = model.paired.slice(-FLEET).filter((trader) => trader.terminal?.online);
      // A few at a time: the tick is one op of its batch and should not hold the pool on its own.
      for (let start = 0; start < fleet.length; start += 8) {
        await Promise.all(
          fleet.slice(start, start + 8).map((trader) =>
            ctx.device.heartbeat(trader.terminal!.device, {
              battery: 80,
              charging: true,
              network: 'wifi',
              app_version: '1.0.0',
            }),
          ),
        );
      }
      await ctx.orders.expireDue();
      await ctx.disputes.advanceDue();
      // The offline notice job's pass: the fleet's older terminals fall silent and leave routing's walk.
      while ((await ctx.terminals.announceOffline(100)) === 100);
      await world.sender.runOnce();
      return 'done';
    }
    case 'dispute': {
      const deal = pickRecent(model.deals, op.d);
      if (!deal) return 'skipped';
      if (op.by === 'merchant') return openMerchantDispute(world, model, deal);
      const opened = await ctx.disputes.openBySupport(supportUser(model), {
        transactionId: deal.id,
        note: 'проверка',
      });
      pushRecent(model.disputes, opened.id);
      return 'done';
    }
    case 'verdict': {
      const dispute = pickRecent(model.disputes, op.x);
      if (!dispute) return 'skipped';
      await ctx.disputes.resolve(supportUser(model), dispute, { resolution: op.r, comment: 'решение' });
      return 'done';
    }
  }
}
