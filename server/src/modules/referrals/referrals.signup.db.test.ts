import { API, REFERRAL_MESSAGES } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  insertUser,
  STRONG_PASSWORD,
  signedInUser,
  TEST_ORIGIN,
  testAppForFile,
} from '../../../test/test-app.ts';
import { otpCodes, referralCodes, users } from '../../db/schema/index.ts';

const t = testAppForFile();

const post = (path: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${t.prefix}${path}`,
    headers: { ...(cookie ? { cookie } : {}), origin: TEST_ORIGIN },
    payload,
  });

let seq = 0;
const freshEmail = () => `signup-${++seq}-${Date.now()}@example.com`;

/** A lead with one open code for `email`. */
async function invite(email: string) {
  const lead = await signedInUser(t, { isLead: true });
  const created = await post(API.referrals.create, { email }, lead.cookie);
  expect(created.statusCode).toBe(201);
  return { lead, code: created.json().referral_code as string, id: created.json().id as string };
}

const codeRow = async (id: string) =>
  (await t.database.db.select().from(referralCodes).where(eq(referralCodes.id, id)))[0]!;
const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const otpCount = async (email: string) =>
  (await t.database.db.select().from(otpCodes).where(eq(otpCodes.email, email))).length;

describe('sign-up with a referral code', () => {
  it('refuses at step 1 a code that does not exist, is used, or is bound to another email; nothing is sent or stored', async () => {
    const email = freshEmail();
    const { code: otherEmailsCode } = await invite(freshEmail());
    const used = freshEmail();
    const usedInvite = await invite(used);
    await post(API.auth.register, { email: used, password: STRONG_PASSWORD, referral_code: usedInvite.code });
    expect(
      (
        await post(API.auth.verifyOtp, {
          email: used,
          password: STRONG_PASSWORD,
          otp: t.mailer.lastCode(used),
        })
      ).statusCode,
    ).toBe(200);
    const mailsBefore = t.mailer.messages.length;
    for (const code of ['NOSUCHCODE', otherEmailsCode, usedInvite.code]) {
      const response = await post(API.auth.register, {
        email,
        password: STRONG_PASSWORD,
        referral_code: code,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ detail: REFERRAL_MESSAGES.invalidCode });
    }
    expect(t.mailer.messages.length).toBe(mailsBefore);
    expect(await otpCount(email)).toBe(0);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('activates the code at verify-otp: the user is linked to the lead for good and the code shows as used', async () => {
    const email = freshEmail();
    const { lead, code, id } = await invite(email);
    // Case-insensitive: the spec's input filter allows lower case.
    const register = await post(API.auth.register, {
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
      referral_code: code.toLowerCase(),
    });
    expect(register.statusCode).toBe(200);
    expect((await codeRow(id)).usedAt).toBeNull();
    const verify = await post(API.auth.verifyOtp, {
      email,
      password: STRONG_PASSWORD,
      otp: t.mailer.lastCode(email),
    });
    expect(verify.statusCode).toBe(200);
    const user = await userByEmail(email);
    expect(user?.referredBy).toBe(lead.user.id);
    const row = await codeRow(id);
    expect(row.referredUserId).toBe(user!.id);
    expect(row.usedAt).toBeInstanceOf(Date);
    const list = await t.app.inject({
      method: 'GET',
      url: `${t.prefix}${API.referrals.list}`,
      headers: { cookie: lead.cookie },
    });
    expect(list.json().results[0]).toMatchObject({ id, is_used: true, profit: 0 });
    // referred_by is set once: the database refuses a change.
    const other = await insertUser(t, { isLead: true });
    await expect(
      t.database.db.update(users).set({ referredBy: other.user.id }).where(eq(users.id, user!.id)),
    ).rejects.toThrow();
  });

  it('never activates a code bound to an email that already has an account, and answers step 1 the same', async () => {
    const existing = await insertUser(t);
    const { code, id } = await invite(existing.email);
    const register = await post(API.auth.register, {
      email: existing.email,
      password: STRONG_PASSWORD,
      referral_code: code,
    });
    expect(register.statusCode).toBe(200);
    expect(t.mailer.messages.at(-1)?.purpose).toBe('already_registered');
    expect((await codeRow(id)).usedAt).toBeNull();
  });

  it('fails the sign-up and creates nothing when the code was used between the steps', async () => {
    const email = freshEmail();
    const { code, id } = await invite(email);
    await post(API.auth.register, { email, password: STRONG_PASSWORD, referral_code: code });
    const someone = await insertUser(t);
    await t.database.db
      .update(referralCodes)
      .set({ usedAt: new Date(), referredUserId: someone.user.id })
      .where(eq(referralCodes.id, id));
    const verify = await post(API.auth.verifyOtp, {
      email,
      password: STRONG_PASSWORD,
      otp: t.mailer.lastCode(email),
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual({ detail: REFERRAL_MESSAGES.invalidCode });
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('activates a code once under two parallel verify-otp of the same sign-up', async () => {
    const email = freshEmail();
    const { lead, code, id } = await invite(email);
    await post(API.auth.register, { email, password: STRONG_PASSWORD, referral_code: code });
    const otp = t.mailer.lastCode(email);
    const answers = await Promise.all(
      [0, 1].map(() => post(API.auth.verifyOtp, { email, password: STRONG_PASSWORD, otp })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    const created = await t.database.db.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    expect(created).toHaveLength(1);
    expect(created[0]!.referredBy).toBe(lead.user.id);
    expect((await codeRow(id)).referredUserId).toBe(created[0]!.id);
  });

  it('lets one of two concurrent claims of the same code win, and refuses a claim for another email', async () => {
    const email = freshEmail();
    const { lead, code, id } = await invite(email);
    const first = await insertUser(t);
    const second = await insertUser(t);
    const claim = (userId: string, as = email) =>
      t.database.db.transaction((tx) => t.ctx.referrals.claimSignUpCode(tx, { code, email: as, userId }));
    await expect(claim(first.user.id, freshEmail())).rejects.toMatchObject({
      statusCode: 400,
      body: { detail: REFERRAL_MESSAGES.invalidCode },
    });
    const results = await Promise.allSettled([claim(first.user.id), claim(second.user.id)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const winner = results[0]!.status === 'fulfilled' ? first.user.id : second.user.id;
    const loser = winner === first.user.id ? second.user.id : first.user.id;
    expect((await codeRow(id)).referredUserId).toBe(winner);
    expect((await t.database.db.select().from(users).where(eq(users.id, winner)))[0]!.referredBy).toBe(
      lead.user.id,
    );
    expect((await t.database.db.select().from(users).where(eq(users.id, loser)))[0]!.referredBy).toBeNull();
  });
});
