// Referrals: the lead's codes (list, create with its invitation, detail), sign-up codes, settlement commissions, admin set-lead-share.
import { randomInt } from 'node:crypto';
import {
  microToNumber,
  normalizeEmail,
  PAGE_SIZES,
  pageWindow,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_MESSAGES,
  type Referral,
  type ReferralDetailResponse,
  type ReferralListResponse,
  referralLink,
  shareOf,
} from '@app/shared';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { badRequest, fieldErrors, notALead, notFound } from '../../lib/http-errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MailOutbox } from '../mail/mail.service.ts';
import { referralInviteMail } from '../mail/templates.ts';
import type { SessionUser } from '../users/users.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './referrals.repository.ts';

/** The detail's monthly breakdown covers at most this many months. */
export const REFERRAL_DETAIL_MONTHS = 12;
/** Fresh codes drawn before giving up when each one collides with an existing code (practically never). */
const CODE_ATTEMPTS = 5;

/** A code from the CSPRNG: REFERRAL_CODE_LENGTH characters of the unambiguous alphabet. */
export function generateReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index++) {
    code += REFERRAL_CODE_ALPHABET.charAt(randomInt(REFERRAL_CODE_ALPHABET.length));
  }
  return code;
}

/** What the settlement of a completed deal asks (the orders module, inside its transaction). */
export interface ReferralCommissions {
  /**
   * The commission on a deal of `traderId` whose platform fee is `platformFee`: the referring lead's share
   * (their own, or LEAD_SHARE_PCT) of it, rounded down, so it never exceeds the fee. Null for a trader
   * nobody referred.
   */
  commissionFor(
    tx: Tx,
    input: { traderId: string; platformFee: bigint },
  ): Promise<{ leadId: string; amount: bigint } | null>;
  /** Records the deal's commission in the settlement's transaction (once per deal). */
  recordCommission(
    tx: Tx,
    input: { dealId: string; leadId: string; traderId: string; amount: bigint; at: Date },
  ): Promise<void>;
}

export function createReferralsService(deps: {
  database: Database;
  config: AppConfig;
  mail: MailOutbox;
  log: Logger;
  now?: () => Date;
}) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const defaultShareBps = Math.round(deps.config.LEAD_SHARE_PCT * 100);

  function requireLead(user: SessionUser): void {
    if (!user.isLead) throw notALead(REFERRAL_MESSAGES.noPermission);
  }

  const toReferral = (row: repo.ReferralWithProfit): Referral => ({
    id: row.id,
    referral_code: row.code,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    profit: microToNumber(row.profitMicro),
    is_used: row.usedAt !== null,
  });

  /** Inserts a new code and its invitation mail in one transaction (a new code per unique-index retry). */
  async function insertFreshCode(leadId: string, email: string): Promise<repo.ReferralCodeRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insertCode(tx, { leadId, email, code: generateReferralCode(), at: now() });
          await deps.mail.enqueue(
            tx,
            referralInviteMail(email, row.code, referralLink(deps.config.PUBLIC_URL, row.code)),
          );
          return row;
        });
      } catch (error) {
        const violation = uniqueViolation(error);
        if (!violation) throw error;
        if (violation.constraint === repo.OPEN_EMAIL_INDEX) {
          throw fieldErrors({ email: [REFERRAL_MESSAGES.openCodeExists] });
        }
        if (attempt >= CODE_ATTEMPTS) throw error;
      }
    }
  }

  const commissions: ReferralCommissions = {
    async commissionFor(tx, { traderId, platformFee }) {
      const referrer = await repo.referrerOf(tx, traderId);
      if (!referrer) return null;
      const bps = referrer.leadShareBps ?? defaultShareBps;
      const fee = platformFee > 0n ? platformFee : 0n;
      return { leadId: referrer.leadId, amount: shareOf(fee, bps) };
    },

    async recordCommission(tx, { dealId, leadId, traderId, amount, at }) {
      await repo.insertCommission(tx, { dealId, leadId, referredUserId: traderId, amountMicro: amount, at });
    },
  };

  return {
    ...commissions,

    /** GET /account/lead/refferal/?page= : the lead's codes, 10 a page, newest first. */
    async list(user: SessionUser, page: number): Promise<ReferralListResponse> {
      requireLead(user);
      const window = pageWindow({ page, page_size: PAGE_SIZES.referrals });
      const { rows, count } = await repo.listForLead(db, user.id, window);
      return { results: rows.map(toReferral), count };
    },

    /**
     * POST /account/lead/refferal/ : a new code bound to `email`, mailed to it. The answer is the same whether
     * or not the address has an account (a code for an existing account simply never activates). The invitation
     * goes to the mail outbox in the code's transaction: no wait for the mail server.
     */
    async create(user: SessionUser, input: { email: string }): Promise<Referral> {
      requireLead(user);
      const email = normalizeEmail(input.email);
      const row = await insertFreshCode(user.id, email);
      return toReferral({ ...row, profitMicro: 0n });
    },

    /** GET /account/lead/refferal/{id}/ : one of the lead's own codes with its trader's deals and commission. */
    async detail(user: SessionUser, id: string): Promise<ReferralDetailResponse> {
      requireLead(user);
      const row = isUuid(id) ? await repo.findForLead(db, user.id, id) : undefined;
      if (!row) throw notFound();
      const referred = row.referredUserId;
      const [dealsCount, months] = referred
        ? await Promise.all([
            repo.dealsCount(db, user.id, referred),
            repo.commissionByMonth(db, user.id, referred, REFERRAL_DETAIL_MONTHS),
          ])
        : [0, []];
      return {
        ...toReferral(row),
        link: referralLink(deps.config.PUBLIC_URL, row.code),
        used_at: row.usedAt?.toISOString() ?? null,
        deals_count: dealsCount,
        by_month: months.map((month) => ({
          month: month.month,
          deals: month.deals,
          profit: microToNumber(month.profitMicro),
        })),
      };
    },

    /** Register step 1: the code must exist, be unused and be bound to this email; nothing else is told. */
    async checkSignUpCode(code: string, email: string): Promise<void> {
      if (!(await repo.findOpenCode(db, code, normalizeEmail(email)))) {
        throw badRequest(REFERRAL_MESSAGES.invalidCode);
      }
    },

    /**
     * Register step 2, inside the transaction that creates the user: claims the code (used once, by a
     * conditional update) and links the user to the lead for good. A code used meanwhile fails the sign-up.
     */
    async claimSignUpCode(tx: Tx, input: { code: string; email: string; userId: string }): Promise<void> {
      const leadId = await repo.claimCode(tx, { ...input, email: normalizeEmail(input.email), at: now() });
      if (!leadId) throw badRequest(REFERRAL_MESSAGES.invalidCode);
      await users.setReferredBy(tx, input.userId, leadId);
    },

    /** admin set-lead-share: a lead's own share in basis points, recorded with the old value and the actor. */
    async setLeadShare(
      email: string,
      bps: number,
      actor: string,
      /** Runs in the change's transaction with the share before and after (the audit row of console and CLI). */
      audit?: (
        tx: Tx,
        change: { email: string; beforeBps: number | null; afterBps: number },
      ) => Promise<void>,
    ): Promise<{ ok: true; email: string } | { ok: false; reason: string }> {
      if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) {
        return { ok: false, reason: 'The share must be from 0 to 100 %.' };
      }
      return db.transaction(async (tx) => {
        const user = await repo.lockUserByEmail(tx, normalizeEmail(email));
        if (!user) return { ok: false as const, reason: `No user with email ${email}.` };
        if (!user.isLead) return { ok: false as const, reason: `${user.email} is not a lead.` };
        const at = now();
        await users.setLeadShare(tx, user.id, bps, at);
        await repo.insertLeadShareChange(tx, {
          leadId: user.id,
          oldBps: user.leadShareBps,
          newBps: bps,
          actor,
          at,
        });
        await audit?.(tx, { email: user.email, beforeBps: user.leadShareBps, afterBps: bps });
        return { ok: true as const, email: user.email };
      });
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
