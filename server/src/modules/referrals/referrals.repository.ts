// SQL of referral codes, commissions and lead share changes (the lead's codes, claims, commission by month).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow, selectRow, selectRows } from '../../db/rows.ts';
import { leadShareChanges, referralCodes, referralCommissions, users } from '../../db/schema/index.ts';

export type ReferralCodeRow = typeof referralCodes.$inferSelect;

/** The unique index a second open code for the same email by the same lead hits. */
export const OPEN_EMAIL_INDEX = 'referral_codes_open_email_key';

export async function insertCode(
  db: DbOrTx,
  values: { leadId: string; code: string; email: string; at: Date },
): Promise<ReferralCodeRow> {
  const [row] = await db
    .insert(referralCodes)
    .values({ leadId: values.leadId, code: values.code, email: values.email, createdAt: values.at })
    .returning();
  return row!;
}

/** A code with the lifetime commission from the trader it brought (0 while unused). */
export interface ReferralWithProfit extends ReferralCodeRow {
  profitMicro: bigint;
}

// Written out with the outer table's name: Drizzle renders a column inside sql`` unqualified, which inside
// this subquery would name the commission's own column.
const profitOf = sql<string>`coalesce((
  select sum(c.amount_micro) from referral_commissions c
  where c.lead_id = referral_codes.lead_id and c.referred_user_id = referral_codes.referred_user_id
), 0)::text`;

/** A code's columns plus its lifetime commission: what the list and the detail read. */
const withProfitColumns = {
  id: referralCodes.id,
  leadId: referralCodes.leadId,
  code: referralCodes.code,
  email: referralCodes.email,
  createdAt: referralCodes.createdAt,
  usedAt: referralCodes.usedAt,
  referredUserId: referralCodes.referredUserId,
  profit: profitOf,
};

const withProfit = (row: ReferralCodeRow & { profit: string }): ReferralWithProfit => {
  const { profit, ...code } = row;
  return { ...code, profitMicro: BigInt(profit) };
};

/** One page of a lead's codes, newest first (referral_codes_lead_created_idx), and how many there are. */
export async function listForLead(
  db: DbOrTx,
  leadId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ReferralWithProfit[]; count: number }> {
  const rows = await db
    .select(withProfitColumns)
    .from(referralCodes)
    .where(eq(referralCodes.leadId, leadId))
    .orderBy(desc(referralCodes.createdAt), desc(referralCodes.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(referralCodes)
    .where(eq(referralCodes.leadId, leadId));
  return { rows: rows.map(withProfit), count: total?.count ?? 0 };
}

/** The lead's own code by id (undefined for another lead's). */
export async function findForLead(
  db: DbOrTx,
  leadId: string,
  id: string,
): Promise<ReferralWithProfit | undefined> {
  const row = await firstRow(
    db
      .select(withProfitColumns)
      .from(referralCodes)
      .where(and(eq(referralCodes.leadId, leadId), eq(referralCodes.id, id))),
  );
  return row ? withProfit(row) : undefined;
}

/** An unused code bound to this (lowercased) email; `code` is compared in upper case. */
export async function findOpenCode(
  db: DbOrTx,
  code: string,
  email: string,
): Promise<ReferralCodeRow | undefined> {
  return firstRow(
    db
      .select()
      .from(referralCodes)
      .where(
        and(
          eq(referralCodes.code, code.toUpperCase()),
          eq(referralCodes.email, email),
          isNull(referralCodes.usedAt),
        ),
      ),
  );
}

/**
 * Claims an unused code bound to `email` for the new user: one conditional update (used_at is null), so of
 * two sign-ups with the same code one wins. Returns the lead's id, or undefined when it was not claimable.
 */
export async function claimCode(
  db: DbOrTx,
  input: { code: string; email: string; userId: string; at: Date },
): Promise<string | undefined> {
  const [row] = await db
    .update(referralCodes)
    .set({ usedAt: input.at, referredUserId: input.userId })
    .where(
      and(
        eq(referralCodes.code, input.code.toUpperCase()),
        eq(referralCodes.email, input.email),
        isNull(referralCodes.usedAt),
      ),
    )
    .returning({ leadId: referralCodes.leadId });
  return row?.leadId;
}

/** The trader's referring lead and that lead's own share (null = the default). */
export async function referrerOf(
  db: DbOrTx,
  traderId: string,
): Promise<{ leadId: string; leadShareBps: number | null } | undefined> {
  const row = await selectRow<{ lead_id: string; lead_share_bps: number | null }>(
    db,
    sql`
    select l.id as lead_id, l.lead_share_bps
    from users t join users l on l.id = t.referred_by
    where t.id = ${traderId}::uuid`,
  );
  return row ? { leadId: row.lead_id, leadShareBps: row.lead_share_bps } : undefined;
}

/** Records a deal's commission once (the deal id is the key); false when the deal already had one. */
export async function insertCommission(
  db: DbOrTx,
  values: { dealId: string; leadId: string; referredUserId: string; amountMicro: bigint; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(referralCommissions)
    .values({
      dealId: values.dealId,
      leadId: values.leadId,
      referredUserId: values.referredUserId,
      amountMicro: values.amountMicro,
      createdAt: values.at,
    })
    .onConflictDoNothing({ target: referralCommissions.dealId })
    .returning({ dealId: referralCommissions.dealId });
  return rows.length > 0;
}

/** Completed deals and commission by UTC month, newest first, at most `months`. */
export async function commissionByMonth(
  db: DbOrTx,
  leadId: string,
  referredUserId: string,
  months: number,
): Promise<{ month: string; deals: number; profitMicro: bigint }[]> {
  const rows = await selectRows<{ month: string; deals: number; profit: string }>(
    db,
    sql`
    select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month,
           count(*)::int as deals, sum(amount_micro)::text as profit
    from referral_commissions
    where lead_id = ${leadId}::uuid and referred_user_id = ${referredUserId}::uuid
    group by 1 order by 1 desc limit ${months}`,
  );
  return rows.map((row) => ({
    month: row.month,
    deals: Number(row.deals),
    profitMicro: BigInt(row.profit),
  }));
}

/** The referred trader's completed deals with this lead (one commission row each). */
export async function dealsCount(db: DbOrTx, leadId: string, referredUserId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(referralCommissions)
    .where(
      and(eq(referralCommissions.leadId, leadId), eq(referralCommissions.referredUserId, referredUserId)),
    );
  return row?.count ?? 0;
}

/** The user by email with what set-lead-share needs, its row locked. */
export async function lockUserByEmail(
  db: DbOrTx,
  email: string,
): Promise<{ id: string; email: string; isLead: boolean; leadShareBps: number | null } | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, isLead: users.isLead, leadShareBps: users.leadShareBps })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
    .for('update');
  return row;
}

/** Records a change of a lead's share with the old value and the actor (the users module sets the share). */
export async function insertLeadShareChange(
  db: DbOrTx,
  input: { leadId: string; oldBps: number | null; newBps: number; actor: string; at: Date },
): Promise<void> {
  await db.insert(leadShareChanges).values({
    leadId: input.leadId,
    oldBps: input.oldBps,
    newBps: input.newBps,
    actor: input.actor,
    createdAt: input.at,
  });
}
