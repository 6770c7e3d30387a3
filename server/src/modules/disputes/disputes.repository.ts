/** SQL of disputes: rows, history, files, support blocks, the deadline pass's claim, the list, the merchant caps. */
import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firstRow } from '../../db/rows.ts';
import {
  deals,
  disputeBlocks,
  disputeFiles,
  disputeHistory,
  disputes,
  users,
} from '../../db/schema/index.ts';

export type DisputeRow = typeof disputes.$inferSelect;
export type DisputeStatusValue = DisputeRow['status'];

export async function insertDispute(tx: DbOrTx, values: typeof disputes.$inferInsert): Promise<DisputeRow> {
  const [row] = await tx.insert(disputes).values(values).returning();
  return row!;
}

export async function findDispute(db: DbOrTx, id: string): Promise<DisputeRow | undefined> {
  return firstRow(db.select().from(disputes).where(eq(disputes.id, id)));
}

/** The dispute row locked for the caller's transaction (a verdict, a status move). */
export async function lockDispute(tx: DbOrTx, id: string): Promise<DisputeRow | undefined> {
  return firstRow(tx.select().from(disputes).where(eq(disputes.id, id)).for('update'));
}

export async function updateDispute(
  tx: DbOrTx,
  id: string,
  values: Partial<Omit<typeof disputes.$inferInsert, 'id' | 'dealId'>>,
): Promise<DisputeRow> {
  const [row] = await tx.update(disputes).set(values).where(eq(disputes.id, id)).returning();
  return row!;
}

export async function appendHistory(tx: DbOrTx, values: typeof disputeHistory.$inferInsert): Promise<void> {
  await tx.insert(disputeHistory).values(values);
}

/** A dispute's history, oldest first, each row with its actor's name (username, else email; null for the timer). */
export async function listHistory(db: DbOrTx, disputeId: string) {
  const rows = await db
    .select({
      item: disputeHistory,
      actorName: sql<string | null>`coalesce(${users.username}, ${users.email})`,
    })
    .from(disputeHistory)
    .leftJoin(users, eq(users.id, disputeHistory.actorId))
    .where(eq(disputeHistory.disputeId, disputeId))
    .orderBy(disputeHistory.id);
  return rows.map((row) => ({ ...row.item, actorName: row.actorName }));
}

/** The support user holding a live block on the dispute, if any. */
export async function activeBlock(db: DbOrTx, disputeId: string, at: Date) {
  return firstRow(
    db
      .select()
      .from(disputeBlocks)
      .where(and(eq(disputeBlocks.disputeId, disputeId), gt(disputeBlocks.expiresAt, at))),
  );
}

/**
 * Takes or renews the block for `supportUserId`: one statement, so of two support users contending only one
 * gets it (an expired block of another is taken over). Returns false when another's live block stands.
 */
export async function takeBlock(
  tx: DbOrTx,
  input: { disputeId: string; supportUserId: string; at: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .insert(disputeBlocks)
    .values({
      disputeId: input.disputeId,
      supportUserId: input.supportUserId,
      expiresAt: input.expiresAt,
      createdAt: input.at,
    })
    .onConflictDoUpdate({
      target: disputeBlocks.disputeId,
      set: { supportUserId: input.supportUserId, expiresAt: input.expiresAt, createdAt: input.at },
      setWhere: sql`${disputeBlocks.supportUserId} = ${input.supportUserId}::uuid or ${disputeBlocks.expiresAt} <= ${input.at.toISOString()}::timestamptz`,
    })
    .returning({ disputeId: disputeBlocks.disputeId });
  return rows.length === 1;
}

/** Releases the block when this support user holds it (or it has expired). */
export async function releaseBlock(
  tx: DbOrTx,
  input: { disputeId: string; supportUserId: string; at: Date },
): Promise<void> {
  await tx
    .delete(disputeBlocks)
    .where(
      and(
        eq(disputeBlocks.disputeId, input.disputeId),
        sql`(${disputeBlocks.supportUserId} = ${input.supportUserId}::uuid or ${disputeBlocks.expiresAt} <= ${input.at.toISOString()}::timestamptz)`,
      ),
    );
}

/** A dispute with the deal fields its list item shows. */
export interface DisputeListRow {
  dispute: DisputeRow;
  deal: typeof deals.$inferSelect;
}

const SORT_COLUMNS = {
  id: disputes.id,
  created_at: disputes.createdAt,
  amount: deals.amountUsdt,
  status: disputes.status,
} as const;

/**
 * One page of disputes as `viewer` sees them: a trader those on their deals, a merchant those on their
 * orders, support all except those another support user holds a live block on and those this support user
 * sent to deepconsideration. Returns the page and how many match.
 */
export async function listDisputes(
  db: DbOrTx,
  query: {
    viewer: { id: string; role: 'trader' | 'merchant' | 'support' };
    statuses: DisputeStatusValue[];
    search?: string;
    sort: keyof typeof SORT_COLUMNS;
    order: 'asc' | 'desc';
    offset: number;
    limit: number;
    at: Date;
  },
): Promise<{ rows: DisputeListRow[]; count: number }> {
  const conditions: SQL[] = [];
  const { viewer } = query;
  if (viewer.role === 'trader') conditions.push(eq(deals.traderId, viewer.id));
  else if (viewer.role === 'merchant') conditions.push(eq(deals.merchantId, viewer.id));
  else {
    conditions.push(
      sql`not exists (select 1 from ${disputeBlocks} b where b.dispute_id = ${disputes.id}
            and b.support_user_id <> ${viewer.id}::uuid and b.expires_at > ${query.at.toISOString()}::timestamptz)`,
      sql`not (${disputes.status} = 'deepconsideration' and ${disputes.deepBy} is not distinct from ${viewer.id}::uuid)`,
    );
  }
  if (query.statuses.length > 0) conditions.push(inArray(disputes.status, query.statuses));
  const search = query.search?.trim();
  if (search) {
    // A literal substring (no LIKE wildcards from the user); card and phone also match by their digits alone.
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const digits = search.replace(/\D/g, '');
    const byDigits =
      digits.length >= 3
        ? sql` or regexp_replace(coalesce(${deals.card}, '') || ' ' || coalesce(${deals.phoneNumber}, ''), '\\D', '', 'g') like ${`%${digits}%`}`
        : sql``;
    conditions.push(
      sql`(${disputes.id}::text ilike ${pattern} or ${deals.id}::text ilike ${pattern}
        or ${deals.card} ilike ${pattern} or ${deals.phoneNumber} ilike ${pattern}
        or ${deals.ownerName} ilike ${pattern} or ${deals.bankName} ilike ${pattern}${byDigits})`,
    );
  }
  const where = and(...conditions);
  const column = SORT_COLUMNS[query.sort];
  const rows = await db
    .select({ dispute: disputes, deal: deals })
    .from(disputes)
    .innerJoin(deals, eq(deals.id, disputes.dealId))
    .where(where)
    .orderBy(
      query.order === 'asc' ? asc(column) : desc(column),
      query.order === 'asc' ? asc(disputes.id) : desc(disputes.id),
    )
    .offset(query.offset)
    .limit(query.limit);
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(disputes)
    .innerJoin(deals, eq(deals.id, disputes.dealId))
    .where(where);
  return { rows, count: total?.count ?? 0 };
}

/** One dispute with its deal. */
export async function findWithDeal(db: DbOrTx, id: string): Promise<DisputeListRow | undefined> {
  return firstRow(
    db
      .select({ dispute: disputes, deal: deals })
      .from(disputes)
      .innerJoin(deals, eq(deals.id, disputes.dealId))
      .where(eq(disputes.id, id)),
  );
}

/**
 * The next waiting dispute due for consideration: its trader's deadline passed, or both sides have had their
 * say — the trader added evidence, and the merchant opened the dispute itself (its reason is its statement) or
 * added evidence (a dispute support opened waits for the merchant's files or the deadline). Locked with SKIP
 * LOCKED, so two passes never move one twice. Says whether the trader added any, and whether both sides had
 * their say (else the deadline is what moved it).
 */
export async function lockDueWaiting(
  tx: DbOrTx,
  at: Date,
): Promise<{ dispute: DisputeRow; traderEvidence: boolean; bothSides: boolean } | undefined> {
  const side = (name: 'trader' | 'merchant') =>
    sql`exists (select 1 from ${disputeHistory} h where h.dispute_id = ${disputes.id}
          and h.action = 'file_added' and h.file_side = ${name})`;
  const bothSides = sql`(${side('trader')} and (${disputes.openedByRole} = 'merchant' or ${side('merchant')}))`;
  const [row] = await tx
    .select({
      dispute: disputes,
      traderEvidence: sql<boolean>`${side('trader')}`,
      bothSides: sql<boolean>`${bothSides}`,
    })
    .from(disputes)
    .where(
      and(
        eq(disputes.status, 'waiting'),
        sql`(${disputes.evidenceDeadline} <= ${at.toISOString()}::timestamptz or ${bothSides})`,
      ),
    )
    .orderBy(asc(disputes.evidenceDeadline))
    .limit(1)
    .for('update', { of: disputes, skipLocked: true });
  return row;
}

export type DisputeFileRow = typeof disputeFiles.$inferSelect;

export async function insertFiles(tx: DbOrTx, rows: (typeof disputeFiles.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await tx.insert(disputeFiles).values(rows);
}

/** The files not deleted, of one dispute or of several (the list page). */
export async function listFiles(db: DbOrTx, disputeIds: string[]): Promise<DisputeFileRow[]> {
  if (disputeIds.length === 0) return [];
  return db
    .select()
    .from(disputeFiles)
    .where(and(inArray(disputeFiles.disputeId, disputeIds), isNull(disputeFiles.deletedAt)))
    .orderBy(asc(disputeFiles.createdAt), asc(disputeFiles.id));
}

export async function findFile(db: DbOrTx, disputeId: string, fileId: string) {
  return firstRow(
    db
      .select()
      .from(disputeFiles)
      .where(
        and(
          eq(disputeFiles.id, fileId),
          eq(disputeFiles.disputeId, disputeId),
          isNull(disputeFiles.deletedAt),
        ),
      ),
  );
}

/** Marks a file deleted (the bytes and the row stay); false when it was not there or already deleted. */
export async function markFileDeleted(
  tx: DbOrTx,
  input: { disputeId: string; fileId: string; side: 'trader' | 'merchant'; by: string; at: Date },
): Promise<DisputeFileRow | undefined> {
  const [row] = await tx
    .update(disputeFiles)
    .set({ deletedAt: input.at, deletedBy: input.by })
    .where(
      and(
        eq(disputeFiles.id, input.fileId),
        eq(disputeFiles.disputeId, input.disputeId),
        eq(disputeFiles.side, input.side),
        isNull(disputeFiles.deletedAt),
      ),
    )
    .returning();
  return row;
}

/** Whether a side has added evidence to the dispute (deleted files count: the side had its say). */
export async function hasEvidence(
  db: DbOrTx,
  disputeId: string,
  side: 'trader' | 'merchant',
): Promise<boolean> {
  const row = await firstRow(
    db
      .select({ id: disputeHistory.id })
      .from(disputeHistory)
      .where(
        and(
          eq(disputeHistory.disputeId, disputeId),
          eq(disputeHistory.action, 'file_added'),
          eq(disputeHistory.fileSide, side),
        ),
      ),
  );
  return row !== undefined;
}

/**
 * Serializes one merchant's dispute openings until the caller's transaction ends, so its caps are counted
 * with no other opening of its in between (two parallel openings cannot both see room for one).
 */
export async function lockMerchantOpenings(tx: DbOrTx, merchantId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`dispute-open:${merchantId}`}, 0))`);
}

/**
 * A merchant's own disputes, for its caps: those still open (not completed) on deals of `traderId`, and those
 * opened after `since` (any status).
 */
export async function merchantDisputeCounts(
  db: DbOrTx,
  input: { merchantId: string; traderId: string; since: Date },
): Promise<{ openWithTrader: number; openedSince: number }> {
  const open = sql`${disputes.status} not in ('completed_towards_merchant', 'completed_towards_trader')`;
  const since = sql`${disputes.createdAt} > ${input.since.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      openWithTrader: sql<number>`(count(*) filter (where ${open} and ${deals.traderId} = ${input.traderId}::uuid))::int`,
      openedSince: sql<number>`(count(*) filter (where ${since}))::int`,
    })
    .from(disputes)
    .innerJoin(deals, eq(deals.id, disputes.dealId))
    .where(
      and(
        eq(disputes.openedByRole, 'merchant'),
        eq(disputes.openedBy, input.merchantId),
        sql`(${open} or ${since})`,
      ),
    );
  return { openWithTrader: row?.openWithTrader ?? 0, openedSince: row?.openedSince ?? 0 };
}

/** The newest disputes on deals where the user is the trader or the merchant (the console's user detail). */
export async function latestOfUser(db: DbOrTx, userId: string, limit: number) {
  return db
    .select({
      id: disputes.id,
      status: disputes.status,
      dealId: disputes.dealId,
      createdAt: disputes.createdAt,
    })
    .from(disputes)
    .innerJoin(deals, eq(deals.id, disputes.dealId))
    .where(sql`${deals.traderId} = ${userId} or ${deals.merchantId} = ${userId}`)
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(limit);
}
