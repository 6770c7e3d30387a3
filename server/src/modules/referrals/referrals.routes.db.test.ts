import {
  API,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_MESSAGES,
  referralDetailResponse,
  referralLink,
} from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertUser, signedInUser, TEST_ORIGIN, testAppForFile } from '../../../test/test-app.ts';
import { referralCodes } from '../../db/schema/index.ts';

let now = new Date('2031-05-10T10:00:00Z');
const t = testAppForFile({ options: { now: () => now } });

const call = (method: 'GET' | 'POST', path: string, cookie?: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${t.prefix}${path}`,
    headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN },
    ...(payload ? { payload } : {}),
  });

let seq = 0;
const inviteEmail = () => `invitee-${++seq}-${Date.now()}@example.com`;
const codePattern = new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

describe('referral routes', () => {
  it('answers 451 with the no-permission message to a non-lead on list, create and detail, creating nothing', async () => {
    const trader = await signedInUser(t);
    const lead = await signedInUser(t, { isLead: true });
    const own = (await call('POST', API.referrals.create, lead.cookie, { email: inviteEmail() })).json();
    for (const [method, path, body] of [
      ['GET', API.referrals.list, undefined],
      ['POST', API.referrals.create, { email: inviteEmail() }],
      ['GET', API.referrals.detail(own.id), undefined],
    ] as const) {
      const response = await call(method, path, trader.cookie, body);
      expect(response.statusCode).toBe(451);
      expect(response.json()).toEqual({ detail: REFERRAL_MESSAGES.noPermission });
    }
    const rows = await t.database.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.leadId, trader.user.id));
    expect(rows).toEqual([]);
    expect((await call('GET', API.referrals.list)).statusCode).toBe(401);
  });

  it('creates a code from the unambiguous alphabet bound to the lowercased email, 201, and mails the invitation', async () => {
    const lead = await signedInUser(t, { isLead: true });
    const email = inviteEmail();
    const response = await call('POST', API.referrals.create, lead.cookie, { email: email.toUpperCase() });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ email, profit: 0, is_used: false, created_at: now.toISOString() });
    expect(body.referral_code).toMatch(codePattern);
    const mail = t.mailer.messages.at(-1)!;
    expect(mail.to).toBe(email);
    expect(mail.purpose).toBe('referral_invite');
    expect(mail.subject).toMatch(/[А-Яа-я]/);
    expect(mail.text).toContain(body.referral_code);
    expect(mail.text).toContain(referralLink(TEST_ORIGIN, body.referral_code));
    expect(mail.html).toContain(body.referral_code);
  });

  it('refuses a second open code for the same email by the same lead as a field error; another lead may invite it', async () => {
    const lead = await signedInUser(t, { isLead: true });
    const other = await signedInUser(t, { isLead: true });
    const email = inviteEmail();
    expect((await call('POST', API.referrals.create, lead.cookie, { email })).statusCode).toBe(201);
    const again = await call('POST', API.referrals.create, lead.cookie, { email: email.toUpperCase() });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ email: [REFERRAL_MESSAGES.openCodeExists] });
    expect((await call('POST', API.referrals.create, other.cookie, { email })).statusCode).toBe(201);
    const bad = await call('POST', API.referrals.create, lead.cookie, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(['email']);
  });

  it('answers the same for an email that already has an account (no enumeration)', async () => {
    const lead = await signedInUser(t, { isLead: true });
    const existing = await insertUser(t);
    const fresh = inviteEmail();
    const a = await call('POST', API.referrals.create, lead.cookie, { email: existing.email });
    const b = await call('POST', API.referrals.create, lead.cookie, { email: fresh });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const shape = (body: Record<string, unknown>) => Object.keys(body).sort();
    expect(shape(a.json())).toEqual(shape(b.json()));
    expect(a.json()).toMatchObject({ is_used: false, profit: 0 });
    expect(t.mailer.messages.filter((m) => m.to === existing.email).at(-1)?.purpose).toBe('referral_invite');
  });

  it('keeps the code when the invitation mail fails', async () => {
    const lead = await signedInUser(t, { isLead: true });
    const original = t.mailer.send.bind(t.mailer);
    t.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const email = inviteEmail();
      const response = await call('POST', API.referrals.create, lead.cookie, { email });
      expect(response.statusCode).toBe(201);
      const rows = await t.database.db.select().from(referralCodes).where(eq(referralCodes.email, email));
      expect(rows).toHaveLength(1);
    } finally {
      t.mailer.send = original;
    }
  });

  it("lists only the lead's codes, newest first, 10 a page, with the total count", async () => {
    const lead = await signedInUser(t, { isLead: true });
    const other = await signedInUser(t, { isLead: true });
    await call('POST', API.referrals.create, other.cookie, { email: inviteEmail() });
    const emails: string[] = [];
    for (let index = 0; index < 12; index++) {
      now = new Date(now.getTime() + 60_000);
      const email = inviteEmail();
      emails.push(email);
      expect((await call('POST', API.referrals.create, lead.cookie, { email })).statusCode).toBe(201);
    }
    const first = await call('GET', API.referrals.list, lead.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(12);
    expect(first.json().results.map((r: { email: string }) => r.email)).toEqual(emails.slice(2).reverse());
    const second = (await call('GET', `${API.referrals.list}?page=2`, lead.cookie)).json();
    expect(second.count).toBe(12);
    expect(second.results.map((r: { email: string }) => r.email)).toEqual(emails.slice(0, 2).reverse());
    expect((await call('GET', `${API.referrals.list}?page=3`, lead.cookie)).json()).toEqual({
      count: 12,
      results: [],
    });
    expect((await call('GET', `${API.referrals.list}?page=0`, lead.cookie)).statusCode).toBe(400);
  });

  it("shows the detail of the lead's own code only: 404 for another lead's, an unknown or a malformed id", async () => {
    const lead = await signedInUser(t, { isLead: true });
    const other = await signedInUser(t, { isLead: true });
    const created = (await call('POST', API.referrals.create, lead.cookie, { email: inviteEmail() })).json();
    const detail = await call('GET', API.referrals.detail(created.id), lead.cookie);
    expect(detail.statusCode).toBe(200);
    const body = referralDetailResponse.parse(detail.json());
    expect(body).toEqual({
      ...created,
      link: referralLink(TEST_ORIGIN, created.referral_code),
      used_at: null,
      deals_count: 0,
      by_month: [],
    });
    for (const [cookie, id] of [
      [other.cookie, created.id],
      [lead.cookie, '00000000-0000-4000-8000-000000000000'],
      [lead.cookie, 'not-a-uuid'],
    ] as const) {
      const response = await call('GET', API.referrals.detail(id), cookie);
      expect(response.statusCode).toBe(404);
    }
  });
});
