import { type FieldErrors, HTTP_ERROR_TEXT, PAYMENT_MESSAGES, PAYMENT_TEXT } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInUser, type TestApp } from '../../../test/test-app.ts';
import { bankAddCommand } from '../../cli/commands/banks.ts';
import { loadConfig } from '../../config.ts';
import { paymentMethods, terminals, users } from '../../db/schema/index.ts';

let t: TestApp;
let owner: { cookie: string; user: { id: string } };
let other: { cookie: string; user: { id: string } };
let sber: number;
let vtb: number;
let ozon: number;

const POPULAR = [
  'Сбербанк',
  'Т-Банк',
  'ВТБ',
  'Альфа-Банк',
  'Газпромбанк',
  'Райффайзенбанк',
  'Росбанк',
  'Совкомбанк',
  'Банк Открытие',
  'Почта Банк',
];
const OTHERS = [
  'Озон Банк',
  'МТС Банк',
  'Яндекс Банк',
  'Русский Стандарт',
  'Хоум Банк',
  'Промсвязьбанк',
  'УБРиР',
  'Ак Барс Банк',
  'МКБ',
  'Уралсиб',
  'ОТП Банк',
  'Россельхозбанк',
  'Банк Синара',
  'Точка',
  'Вайлдберриз Банк',
];

type Json = Record<string, unknown>;
const request = (method: 'GET' | 'POST' | 'PATCH', path: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${t.prefix}${path}`,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
const get = (path: string, cookie: string) => request('GET', path, cookie);
const post = (path: string, cookie: string, payload: unknown) => request('POST', path, cookie, payload);
const patch = (id: string, cookie: string, payload: unknown) =>
  request('PATCH', `/api/v1/payments/${id}/update/`, cookie, payload);

/** A refused create in the spec §7 create shape: messages by field, or a message for the toast alone. */
const createFailure = (errors: FieldErrors | null, detail?: string) => ({
  details: PAYMENT_TEXT.createFailed,
  payment_id: null,
  status: 'error',
  errors,
  ...(detail === undefined ? {} : { detail }),
});

let serial = 0;
/** A card number nobody has used in this file (16 digits). */
const freshCard = () => `22${String(Date.now() % 1e8).padStart(8, '0')}${String(++serial).padStart(6, '0')}`;
/** An account number nobody has used in this file (20 digits). */
const freshAccount = () =>
  `40817${String(Date.now() % 1e9).padStart(9, '0')}${String(++serial).padStart(6, '0')}`;

async function createMethod(cookie: string, body: Json) {
  const response = await post('/api/v1/payments/create/', cookie, body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json().payment_id as string;
}
const cardMethod = (cookie: string, extra: Json = {}) =>
  createMethod(cookie, {
    name: 'Ivan Petrov',
    bank: sber,
    card: freshCard(),
    phone_number: '',
    nomer_scheta: '',
    ...extra,
  });
const sbpMethod = (cookie: string, extra: Json = {}) =>
  createMethod(cookie, {
    name: 'Анна Смирнова',
    bank: vtb,
    card: '',
    phone_number: '+7 (999) 123-45-67',
    nomer_scheta: freshAccount(),
    ...extra,
  });

async function listAll(cookie: string, query = '') {
  const response = await get(`/api/v1/payments/list/${query}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json() as { count: number; results: Json[] };
}
async function method(cookie: string, id: string) {
  const { results } = await listAll(cookie, '?page_size=100');
  const found = results.find((row) => row.id === id);
  if (!found) throw new Error(`method ${id} not listed`);
  return found;
}
const setRating = (userId: string, rating: string) =>
  t.database.db.update(users).set({ rating }).where(eq(users.id, userId));

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t);
  other = await signedInUser(t);
  const banks = (await get('/api/v1/payments/banks/', owner.cookie)).json().results as {
    id: number;
    name: string;
  }[];
  const byName = (name: string) => banks.find((bank) => bank.name === name)!.id;
  sber = byName('Сбербанк');
  vtb = byName('ВТБ');
  ozon = byName('Озон Банк');
});
afterAll(async () => {
  await t?.close();
});

describe('banks', () => {
  it('lists the seeded Russian banks, the ten big ones popular and first', async () => {
    const response = await get('/api/v1/payments/banks/', owner.cookie);
    expect(response.statusCode).toBe(200);
    const results = response.json().results as {
      id: number;
      name: string;
      full_name: string;
      is_popular: boolean;
    }[];
    const popular = results.filter((bank) => bank.is_popular).map((bank) => bank.name);
    expect(popular.sort()).toEqual([...POPULAR].sort());
    const others = results.filter((bank) => !bank.is_popular).map((bank) => bank.name);
    for (const name of OTHERS) expect(others).toContain(name);
    expect(others.length).toBeGreaterThanOrEqual(15);
    expect(results.slice(0, 10).every((bank) => bank.is_popular)).toBe(true);
    expect(results[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      full_name: expect.any(String),
      is_popular: true,
      color: null,
    });
  });

  it('needs a session', async () => {
    expect((await request('GET', '/api/v1/payments/banks/')).statusCode).toBe(401);
  });

  it('bank-add adds a bank the API lists, and refuses the same name twice', async () => {
    const lines: string[] = [];
    const env = {
      database: t.database,
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      print: (line: string) => lines.push(line),
    };
    const code = await bankAddCommand.run(
      { positional: [], flags: { name: 'Тест Банк', 'full-name': 'АО «Тест Банк»', popular: 'true' } },
      env,
    );
    expect(code).toBe(0);
    const banks = (await get('/api/v1/payments/banks/', owner.cookie)).json().results as Json[];
    expect(banks).toContainEqual({
      id: expect.any(Number),
      name: 'Тест Банк',
      full_name: 'АО «Тест Банк»',
      is_popular: true,
      color: null,
    });
    expect(await bankAddCommand.run({ positional: [], flags: { name: 'тест банк' } }, env)).toBe(1);
    expect(lines.at(-1)).toMatch(/already exists/);
  });
});

describe('create', () => {
  it('creates an inactive card method: card without spaces, empty phone and account as null, C2C mode', async () => {
    await setRating(owner.user.id, '87.50');
    const response = await post('/api/v1/payments/create/', owner.cookie, {
      name: ' Ivan Petrov ',
      bank: sber,
      card: '2200 7001 2345 6789',
      phone_number: '',
      nomer_scheta: '',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      details: PAYMENT_TEXT.created,
      payment_id: expect.any(String),
      status: 'success',
      errors: null,
    });
    const created = await method(owner.cookie, body.payment_id);
    expect(created).toMatchObject({
      name: 'Ivan Petrov',
      bank: { id: sber, name: 'Сбербанк', full_name: 'ПАО Сбербанк', is_popular: true },
      card: '2200700123456789',
      phone_number: null,
      nomer_scheta: null,
      is_SBP: false,
      is_c2c: true,
      is_active: false,
      is_connect: false,
      requisites_locked: false,
      rating: 87.5,
      min_amount_for_deposit: null,
      max_amount_for_deposit: null,
    });
    await setRating(owner.user.id, '100');
  });

  it('creates an SBP method with the phone normalized and the account kept', async () => {
    const account = freshAccount();
    const id = await sbpMethod(owner.cookie, { nomer_scheta: account, bank: String(vtb) });
    expect(await method(owner.cookie, id)).toMatchObject({
      card: null,
      phone_number: '+79991234567',
      nomer_scheta: account,
      is_SBP: true,
      is_c2c: false,
      rating: 100,
    });
  });

  it.each([
    [{ name: '' }, { name: [PAYMENT_MESSAGES.nameRequired] }],
    [{ name: 'A' }, { name: [PAYMENT_MESSAGES.nameMin] }],
    [{ name: 'A'.repeat(51) }, { name: [PAYMENT_MESSAGES.nameMax] }],
    [{ name: 'Ivan <b>' }, { name: [PAYMENT_MESSAGES.nameCharacters] }],
    [{ card: '1234 5678' }, { card: [PAYMENT_MESSAGES.cardLength] }],
    [{ card: '1'.repeat(20) }, { card: [PAYMENT_MESSAGES.cardLength] }],
    [{ card: 2200123412341234 }, { card: [PAYMENT_MESSAGES.cardLength] }],
    [{ card: '', phone_number: '' }, { card: [PAYMENT_MESSAGES.cardOrPhone] }],
    [
      { card: '', phone_number: '12345', nomer_scheta: '1' },
      { phone_number: [PAYMENT_MESSAGES.phoneLength] },
    ],
    [
      { card: '', phone_number: '+7 999 123 45 67', nomer_scheta: '' },
      { nomer_scheta: [PAYMENT_MESSAGES.accountRequired] },
    ],
    [{ nomer_scheta: '40817810' }, { phone_number: [PAYMENT_MESSAGES.phoneRequired] }],
    [
      { phone_number: '+79991234567', nomer_scheta: '4081-7810' },
      { nomer_scheta: [PAYMENT_MESSAGES.accountDigits] },
    ],
    [
      { phone_number: '+79991234567', nomer_scheta: '1'.repeat(21) },
      { nomer_scheta: [PAYMENT_MESSAGES.accountLength] },
    ],
    [{ bank: 'sber' }, { bank: [PAYMENT_MESSAGES.bankRequired] }],
    [{ bank: 999_999 }, { bank: [PAYMENT_MESSAGES.bankRequired] }],
  ])(
    'refuses %j with the spec message under its field, in the create answer shape',
    async (change, errors) => {
      const before = (await listAll(owner.cookie)).count;
      const response = await post('/api/v1/payments/create/', owner.cookie, {
        name: 'Ivan Petrov',
        bank: sber,
        card: freshCard(),
        ...change,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(createFailure(errors));
      expect((await listAll(owner.cookie)).count).toBe(before);
    },
  );

  it('refuses a card or account that exists on any method of any user, active or not', async () => {
    const card = freshCard();
    const account = freshAccount();
    await cardMethod(other.cookie, { card });
    const sbpId = await sbpMethod(other.cookie, { nomer_scheta: account });
    expect((await patch(sbpId, other.cookie, { is_active: true })).statusCode).toBe(200);

    const sameCard = await post('/api/v1/payments/create/', owner.cookie, {
      name: 'Ivan Petrov',
      bank: sber,
      card: card.replace(/(\d{4})/g, '$1 '),
    });
    expect(sameCard.statusCode).toBe(400);
    expect(sameCard.json()).toEqual(createFailure({ card: [PAYMENT_MESSAGES.duplicateCard] }));

    const sameAccount = await post('/api/v1/payments/create/', owner.cookie, {
      name: 'Ivan Petrov',
      bank: vtb,
      phone_number: '+79990000000',
      nomer_scheta: account,
    });
    expect(sameAccount.statusCode).toBe(400);
    expect(sameAccount.json()).toEqual(createFailure({ nomer_scheta: [PAYMENT_MESSAGES.duplicateAccount] }));

    const ownDuplicate = await post('/api/v1/payments/create/', other.cookie, {
      name: 'Ivan Petrov',
      bank: ozon,
      card,
    });
    expect(ownDuplicate.json()).toEqual(createFailure({ card: [PAYMENT_MESSAGES.duplicateCard] }));
  });

  it('lets exactly one of two simultaneous creates with the same card succeed', async () => {
    const card = freshCard();
    const body = { name: 'Ivan Petrov', bank: sber, card };
    const answers = await Promise.all([
      post('/api/v1/payments/create/', owner.cookie, body),
      post('/api/v1/payments/create/', other.cookie, body),
      post('/api/v1/payments/create/', owner.cookie, body),
      post('/api/v1/payments/create/', other.cookie, body),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400]);
    for (const refused of answers.filter((answer) => answer.statusCode === 400)) {
      expect(refused.json()).toEqual(createFailure({ card: [PAYMENT_MESSAGES.duplicateCard] }));
    }
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentMethods)
      .where(eq(paymentMethods.card, card));
    expect(row?.n).toBe(1);
  });

  it('refuses new methods for a trader below 51% and allows them at 51%', async () => {
    const trader = await signedInUser(t);
    await setRating(trader.user.id, '50.99');
    const refused = await post('/api/v1/payments/create/', trader.cookie, {
      name: 'Ivan Petrov',
      bank: sber,
      card: freshCard(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(createFailure(null, PAYMENT_MESSAGES.ratingTooLow));
    expect((await listAll(trader.cookie)).count).toBe(0);
    await setRating(trader.user.id, '51');
    const id = await cardMethod(trader.cookie);
    expect((await method(trader.cookie, id)).rating).toBe(51);
  });

  it('needs a session', async () => {
    const response = await request('POST', '/api/v1/payments/create/', undefined, {
      name: 'Ivan Petrov',
      bank: sber,
      card: freshCard(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(createFailure(null, HTTP_ERROR_TEXT.unauthorized));
  });

  it('answers a malformed body in the create shape, without repeating it', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${t.prefix}/api/v1/payments/create/`,
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"name": "secret-typed-text',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(createFailure(null, HTTP_ERROR_TEXT.invalidJson));
    expect(response.body).not.toContain('secret-typed-text');
  });
});

describe('list', () => {
  let trader: { cookie: string; user: { id: string } };
  const ids: Record<string, string> = {};
  const cards: Record<string, string> = {};

  beforeAll(async () => {
    trader = await signedInUser(t);
    cards.sberCard = freshCard();
    ids.sberCard = await cardMethod(trader.cookie, { name: 'Petr Sidorov', card: cards.sberCard });
    ids.vtbSbp = await sbpMethod(trader.cookie, {
      name: 'Olga Ivanova',
      phone_number: '+7 912 555-00-11',
      nomer_scheta: '40817810000000000077',
    });
    cards.ozonBoth = freshCard();
    ids.ozonBoth = await createMethod(trader.cookie, {
      name: 'Мария Кузнецова',
      bank: ozon,
      card: cards.ozonBoth,
      phone_number: '89031112233',
      nomer_scheta: freshAccount(),
    });
    expect((await patch(ids.vtbSbp, trader.cookie, { is_active: true })).statusCode).toBe(200);
    // payment_methods.terminal_id has a foreign key (0008): link to a real, activated terminal.
    const [row] = await t.database.db
      .insert(terminals)
      .values({ userId: trader.user.id, name: 'Терминал 1', status: 'Enabled', activatedAt: new Date() })
      .returning({ id: terminals.id });
    const terminal = row!.id;
    await t.database.db
      .update(paymentMethods)
      .set({ terminalId: terminal })
      .where(eq(paymentMethods.id, ids.ozonBoth));
  });

  const idsOf = (results: Json[]) => results.map((row) => row.id);

  it("returns only the owner's methods, newest first", async () => {
    const { count, results } = await listAll(trader.cookie);
    expect(count).toBe(3);
    expect(idsOf(results)).toEqual([ids.ozonBoth, ids.vtbSbp, ids.sberCard]);
    expect(results[0]).toMatchObject({
      is_connect: true,
      is_SBP: true,
      is_c2c: true,
      bank: { name: 'Озон Банк' },
    });
    const mine = await listAll(owner.cookie, '?page_size=100');
    expect(idsOf(mine.results)).not.toContain(ids.sberCard);
  });

  it.each([
    ['?search=sidorov', ['sberCard']],
    ['?search=КУЗНЕЦ', ['ozonBoth']],
    ['?search=912555', ['vtbSbp']],
    ['?search=0000000077', ['vtbSbp']],
    ['?search=Olga&search_by=card', []],
    ['?search=Olga&search_by=name', ['vtbSbp']],
    ['?search=9031112233&search_by=phone', ['ozonBoth']],
    ['?modes=sbp', ['vtbSbp']],
    ['?modes=c2c', ['sberCard']],
    ['?modes=sbp_c2c', ['ozonBoth']],
    ['?modes=sbp,c2c', ['vtbSbp', 'sberCard']],
    ['?modes=sbp&modes=sbp_c2c', ['ozonBoth', 'vtbSbp']],
    ['?active_only=true', ['vtbSbp']],
    ['?connected_only=true', ['ozonBoth']],
    ['?not_connected_only=true', ['vtbSbp', 'sberCard']],
    ['?connected_only=true&active_only=true', []],
  ])('filters %s', async (query, expected) => {
    const { count, results } = await listAll(trader.cookie, query);
    expect(idsOf(results)).toEqual(expected.map((key) => ids[key]));
    expect(count).toBe(expected.length);
  });

  it('filters by banks', async () => {
    expect(idsOf((await listAll(trader.cookie, `?banks=${sber},${ozon}`)).results)).toEqual([
      ids.ozonBoth,
      ids.sberCard,
    ]);
    expect(idsOf((await listAll(trader.cookie, `?banks=${vtb}`)).results)).toEqual([ids.vtbSbp]);
  });

  it('searches a card typed with spaces and treats LIKE characters literally', async () => {
    const spaced = cards.sberCard!.slice(4, 12).replace(/(\d{4})/, '$1 ');
    expect(idsOf((await listAll(trader.cookie, `?search=${encodeURIComponent(spaced)}`)).results)).toEqual([
      ids.sberCard,
    ]);
    // Non-word characters are stripped from a search (spec §5), so '%' alone means no search at all.
    expect((await listAll(trader.cookie, '?search=%25')).count).toBe(3);
    expect((await listAll(trader.cookie, '?search=_')).count).toBe(0);
  });

  it('pages by 20 by default and honours page_size', async () => {
    const many = await signedInUser(t);
    for (let i = 0; i < 23; i++) await cardMethod(many.cookie);
    const first = await listAll(many.cookie);
    expect(first.count).toBe(23);
    expect(first.results).toHaveLength(20);
    const second = await listAll(many.cookie, '?page=2');
    expect(second.results).toHaveLength(3);
    expect(new Set([...idsOf(first.results), ...idsOf(second.results)]).size).toBe(23);
    expect((await listAll(many.cookie, '?page=2&page_size=10')).results).toHaveLength(10);
    expect((await listAll(many.cookie, '?page=9')).results).toHaveLength(0);
  });

  it.each(['?page=0', '?page=x', '?page_size=101', '?modes=cash', '?banks=sber', '?active_only=yes'])(
    'refuses a bad query %s with 400',
    async (query) => {
      const response = await get(`/api/v1/payments/list/${query}`, trader.cookie);
      expect(response.statusCode).toBe(400);
    },
  );

  it('needs a session', async () => {
    expect((await request('GET', '/api/v1/payments/list/')).statusCode).toBe(401);
  });
});

describe('update', () => {
  it('edits requisites of a never-enabled method and keeps the mode fitting them', async () => {
    const id = await sbpMethod(owner.cookie);
    const card = freshCard();
    const response = await patch(id, owner.cookie, {
      name: 'Иван Петров',
      card: card.replace(/(\d{4})/g, '$1 '),
      phone_number: '',
      nomer_scheta: '',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: PAYMENT_TEXT.detailsSaved });
    expect(await method(owner.cookie, id)).toMatchObject({
      name: 'Иван Петров',
      card,
      phone_number: null,
      nomer_scheta: null,
      is_SBP: false,
      is_c2c: true,
    });
  });

  it('applies the create rules to edited requisites', async () => {
    const id = await cardMethod(owner.cookie);
    expect((await patch(id, owner.cookie, { card: '' })).json()).toEqual({
      card: [PAYMENT_MESSAGES.cardOrPhone],
    });
    expect((await patch(id, owner.cookie, { phone_number: '+79991112233' })).json()).toEqual({
      nomer_scheta: [PAYMENT_MESSAGES.accountRequired],
    });
    expect((await patch(id, owner.cookie, { name: 'x' })).json()).toEqual({
      name: [PAYMENT_MESSAGES.nameMin],
    });
    expect((await patch(id, owner.cookie, { card: '12' })).json()).toEqual({
      card: [PAYMENT_MESSAGES.cardLength],
    });
  });

  it('refuses a card that another method already has', async () => {
    const card = freshCard();
    await cardMethod(other.cookie, { card });
    const id = await cardMethod(owner.cookie);
    const response = await patch(id, owner.cookie, { card });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ card: [PAYMENT_MESSAGES.duplicateCard] });
  });

  it('turns a method on and off', async () => {
    const id = await cardMethod(owner.cookie);
    const on = await patch(id, owner.cookie, { is_active: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ message: PAYMENT_TEXT.activated });
    expect((await method(owner.cookie, id)).is_active).toBe(true);
    const off = await patch(id, owner.cookie, { is_active: false });
    expect(off.json()).toEqual({ message: PAYMENT_TEXT.deactivated });
    expect((await method(owner.cookie, id)).is_active).toBe(false);
  });

  it('refuses every change of an active method with the spec message and changes nothing', async () => {
    const id = await createMethod(owner.cookie, {
      name: 'Ivan Petrov',
      bank: sber,
      card: freshCard(),
      phone_number: '+79995550000',
      nomer_scheta: freshAccount(),
    });
    expect((await patch(id, owner.cookie, { is_active: true })).statusCode).toBe(200);
    const before = await method(owner.cookie, id);
    for (const body of [
      { name: 'Someone Else' },
      { card: freshCard() },
      { phone_number: '+79995550001', nomer_scheta: freshAccount() },
      { is_SBP: true, is_c2c: false },
    ]) {
      const response = await patch(id, owner.cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.disableFirst });
    }
    const limits = await post('/account/user/change-payment-limits/', owner.cookie, {
      payment_id: id,
      min_amount_for_deposit: 100,
      max_amount_for_deposit: 1000,
    });
    expect(limits.statusCode).toBe(400);
    expect(limits.json()).toEqual({ detail: PAYMENT_MESSAGES.disableFirst });
    expect(await method(owner.cookie, id)).toEqual(before);
  });

  it('after the first enabling keeps filled fields and lets a missing one be added once', async () => {
    const id = await cardMethod(owner.cookie);
    await patch(id, owner.cookie, { is_active: true });
    await patch(id, owner.cookie, { is_active: false });
    const current = await method(owner.cookie, id);
    expect(current.requisites_locked).toBe(true);

    const changeCard = await patch(id, owner.cookie, { card: freshCard() });
    expect(changeCard.statusCode).toBe(400);
    expect(changeCard.json()).toEqual({ card: [PAYMENT_MESSAGES.lockedField] });
    const clearCard = await patch(id, owner.cookie, { card: '' });
    expect(clearCard.json()).toEqual({ card: [PAYMENT_MESSAGES.lockedField] });
    const rename = await patch(id, owner.cookie, { name: 'Other Name' });
    expect(rename.json()).toEqual({ name: [PAYMENT_MESSAGES.lockedField] });

    // The edit modal sends all four fields: unchanged filled ones pass, the missing pair is added.
    const account = freshAccount();
    const add = await patch(id, owner.cookie, {
      name: current.name,
      card: current.card,
      phone_number: '+7 900 000-00-01',
      nomer_scheta: account,
    });
    expect(add.statusCode).toBe(200);
    expect(await method(owner.cookie, id)).toMatchObject({
      phone_number: '+79000000001',
      nomer_scheta: account,
    });
    const again = await patch(id, owner.cookie, { phone_number: '+79000000002' });
    expect(again.json()).toEqual({ phone_number: [PAYMENT_MESSAGES.lockedField] });
  });

  it('changes the mode when it fits the requisites', async () => {
    const both = await createMethod(owner.cookie, {
      name: 'Ivan Petrov',
      bank: sber,
      card: freshCard(),
      phone_number: '+79995550002',
      nomer_scheta: freshAccount(),
    });
    for (const flags of [
      { is_SBP: true, is_c2c: false },
      { is_SBP: false, is_c2c: true },
      { is_SBP: true, is_c2c: true },
    ]) {
      const response = await patch(both, owner.cookie, flags);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PAYMENT_TEXT.modeUpdated });
      expect(await method(owner.cookie, both)).toMatchObject(flags);
    }
    const cardOnly = await cardMethod(owner.cookie);
    expect((await patch(cardOnly, owner.cookie, { is_SBP: true, is_c2c: true })).json()).toEqual({
      is_SBP: [PAYMENT_MESSAGES.sbpNeedsPhone],
    });
    expect((await patch(cardOnly, owner.cookie, { is_SBP: false, is_c2c: false })).json()).toEqual({
      is_SBP: [PAYMENT_MESSAGES.modeRequired],
    });
    const phoneOnly = await sbpMethod(owner.cookie);
    expect((await patch(phoneOnly, owner.cookie, { is_SBP: false, is_c2c: true })).json()).toEqual({
      is_c2c: [PAYMENT_MESSAGES.c2cNeedsCard],
    });
    expect((await patch(phoneOnly, owner.cookie, { is_SBP: true })).json()).toEqual({
      is_c2c: [PAYMENT_MESSAGES.modeRequired],
    });
  });

  it('refuses to turn on a method whose requisites are incomplete', async () => {
    const id = await cardMethod(owner.cookie);
    await t.database.db
      .update(paymentMethods)
      .set({ isSbp: false, isC2c: false })
      .where(eq(paymentMethods.id, id));
    const response = await patch(id, owner.cookie, { is_active: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.incompleteRequisites });
    expect((await method(owner.cookie, id)).is_active).toBe(false);
  });

  it.each([
    [{ is_active: true, name: 'Ivan Petrov' }],
    [{ is_SBP: true, is_c2c: true, card: '2200123412341234' }],
    [{}],
    [{ is_active: 'yes' }],
  ])('refuses a body that is not exactly one change: %j', async (body) => {
    const id = await cardMethod(owner.cookie);
    const response = await patch(id, owner.cookie, body);
    expect(response.statusCode).toBe(400);
    expect((await method(owner.cookie, id)).is_active).toBe(false);
  });

  it('answers a mixed body with the pop-up message as a string', async () => {
    const id = await cardMethod(owner.cookie);
    const response = await patch(id, owner.cookie, { is_active: true, name: 'Ivan Petrov' });
    expect(response.json()).toEqual({ detail: PAYMENT_MESSAGES.oneGroup });
  });
});

describe('limits', () => {
  const limitsPath = '/account/user/change-payment-limits/';

  it('starts without limits, saves rubles as kopecks and reads them back', async () => {
    const id = await cardMethod(owner.cookie);
    const empty = await get(`${limitsPath}?payment_id=${id}`, owner.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({
      payment_id: id,
      min_amount_for_deposit: null,
      max_amount_for_deposit: null,
    });
    const saved = await post(limitsPath, owner.cookie, {
      payment_id: id,
      min_amount_for_deposit: 500,
      max_amount_for_deposit: '100000',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      message: PAYMENT_TEXT.limitsSaved,
      payment_id: id,
      min_amount_for_deposit: 500,
      max_amount_for_deposit: 100000,
    });
    const [row] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    expect(row?.minDepositKopecks).toBe(50_000n);
    expect(row?.maxDepositKopecks).toBe(10_000_000n);
    expect((await get(`${limitsPath}?payment_id=${id}`, owner.cookie)).json()).toMatchObject({
      min_amount_for_deposit: 500,
      max_amount_for_deposit: 100000,
    });
    const cleared = await post(limitsPath, owner.cookie, {
      payment_id: id,
      min_amount_for_deposit: '',
      max_amount_for_deposit: null,
    });
    expect(cleared.json()).toMatchObject({ min_amount_for_deposit: null, max_amount_for_deposit: null });
  });

  it.each([
    [
      { min_amount_for_deposit: 1000, max_amount_for_deposit: 999 },
      { min_amount_for_deposit: [PAYMENT_MESSAGES.minAboveMax] },
    ],
    [
      { min_amount_for_deposit: -1, max_amount_for_deposit: 10 },
      { min_amount_for_deposit: [PAYMENT_MESSAGES.minAmount] },
    ],
    [
      { min_amount_for_deposit: 1, max_amount_for_deposit: 'abc' },
      { max_amount_for_deposit: [PAYMENT_MESSAGES.maxAmount] },
    ],
    [
      { min_amount_for_deposit: '1e3', max_amount_for_deposit: -5 },
      {
        min_amount_for_deposit: [PAYMENT_MESSAGES.minAmount],
        max_amount_for_deposit: [PAYMENT_MESSAGES.maxAmount],
      },
    ],
    [{ max_amount_for_deposit: 10 }, { min_amount_for_deposit: [PAYMENT_MESSAGES.minAmount] }],
  ])('refuses %j', async (limits, errors) => {
    const id = await cardMethod(owner.cookie);
    const response = await post(limitsPath, owner.cookie, { payment_id: id, ...limits });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
    expect(
      (await get(`${limitsPath}?payment_id=${id}`, owner.cookie)).json().min_amount_for_deposit,
    ).toBeNull();
  });
});

describe('owner-only access', () => {
  let theirs: string;
  beforeAll(async () => {
    theirs = await cardMethod(other.cookie);
    await post('/account/user/change-payment-limits/', other.cookie, {
      payment_id: theirs,
      min_amount_for_deposit: 10,
      max_amount_for_deposit: 20,
    });
  });

  it.each([
    ['details', { name: 'Hacker Name' }],
    ['mode', { is_SBP: false, is_c2c: true }],
    ['status', { is_active: true }],
  ])("answers 404 to a %s change of another user's method and changes nothing", async (_kind, body) => {
    const before = await method(other.cookie, theirs);
    const response = await patch(theirs, owner.cookie, body);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(theirs);
    expect(await method(other.cookie, theirs)).toEqual(before);
  });

  it("answers 404 to another user's limits, read or write", async () => {
    const read = await get(`/account/user/change-payment-limits/?payment_id=${theirs}`, owner.cookie);
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('min_amount');
    const write = await post('/account/user/change-payment-limits/', owner.cookie, {
      payment_id: theirs,
      min_amount_for_deposit: 0,
      max_amount_for_deposit: 1,
    });
    expect(write.statusCode).toBe(404);
    expect((await method(other.cookie, theirs)).max_amount_for_deposit).toBe(20);
  });

  it('never lists another user’s methods, even filtered by their bank or card', async () => {
    const theirCard = (await method(other.cookie, theirs)).card as string;
    const { count } = await listAll(owner.cookie, `?search=${theirCard}&banks=${sber}`);
    expect(count).toBe(0);
  });

  it.each([
    'not-a-uuid',
    '123',
    '00000000-0000-4000-8000-00000000000z',
    '00000000-0000-4000-8000-000000000000',
    "1' or '1'='1",
  ])('answers 404 (never 500) to the id %s', async (id) => {
    const encoded = encodeURIComponent(id);
    expect((await patch(encoded, owner.cookie, { is_active: true })).statusCode).toBe(404);
    expect(
      (await get(`/account/user/change-payment-limits/?payment_id=${encoded}`, owner.cookie)).statusCode,
    ).toBe(404);
    const write = await post('/account/user/change-payment-limits/', owner.cookie, {
      payment_id: id,
      min_amount_for_deposit: 1,
      max_amount_for_deposit: 2,
    });
    expect(write.statusCode).toBe(404);
  });

  it('answers 404 to limits without a payment id', async () => {
    expect((await get('/account/user/change-payment-limits/', owner.cookie)).statusCode).toBe(404);
  });

  it('needs a session for update and limits', async () => {
    expect(
      (await request('PATCH', `/api/v1/payments/${theirs}/update/`, undefined, { is_active: true }))
        .statusCode,
    ).toBe(401);
    expect(
      (await request('GET', `/account/user/change-payment-limits/?payment_id=${theirs}`)).statusCode,
    ).toBe(401);
    expect(
      (await request('POST', '/account/user/change-payment-limits/', undefined, { payment_id: theirs }))
        .statusCode,
    ).toBe(401);
  });
});
