/** SQL of the audit log (admin_audit, append-only by trigger): insert and the filtered, paged read. */
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { adminAudit } from '../../db/schema/index.ts';

export type AuditRow = typeof adminAudit.$inferSelect;
export type NewAuditRow = typeof adminAudit.$inferInsert;

export async function insertAudit(db: DbOrTx, row: NewAuditRow): Promise<AuditRow> {
  const [inserted] = await db.insert(adminAudit).values(row).returning();
  return inserted!;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  target?: string;
}

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actor ? ilike(adminAudit.actor, `%${escapeLike(filter.actor)}%`) : undefined,
    filter.action ? eq(adminAudit.action, filter.action) : undefined,
    filter.target ? eq(adminAudit.target, filter.target) : undefined,
  );
}

/** LIKE's wildcards taken literally: an operator searching for "a_b" means those three characters. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export async function listAudit(
  db: DbOrTx,
  filter: AuditFilter,
  window: { offset: number; limit: number },
): Promise<{ count: number; rows: AuditRow[] }> {
  const condition = where(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(condition)
      .orderBy(desc(adminAudit.at), desc(adminAudit.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ value: count() }).from(adminAudit).where(condition),
  ]);
  return { count: total?.value ?? 0, rows };
}
