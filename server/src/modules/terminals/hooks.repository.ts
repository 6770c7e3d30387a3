/** Use cases: find a terminal by its forwarder URL token, record its sign of life (SQL). */
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { builtOnce, UNNAMED_STATEMENT } from '../../db/built-once.ts';
import type { DbOrTx } from '../../db/client.ts';
import { terminals } from '../../db/schema/index.ts';

/** The terminal a forwarder URL's token belongs to, with what reading its requests needs. */
export interface HookTerminalRow {
  id: string;
  userId: string;
  status: string;
  app: string;
  hookSecret: string | null;
}

// Every forwarder request runs this lookup first, so its query is built once per handle.
const byHookTokenHash = builtOnce((db) =>
  db
    .select({
      id: terminals.id,
      userId: terminals.userId,
      status: terminals.status,
      app: terminals.app,
      hookSecret: terminals.hookSecret,
    })
    .from(terminals)
    .where(
      and(
        eq(terminals.hookTokenHash, sql.placeholder('tokenHash')),
        isNotNull(terminals.activatedAt),
        isNull(terminals.deletedAt),
      ),
    )
    .limit(1)
    .prepare(UNNAMED_STATEMENT),
);

/** The activated, undeleted forwarder terminal whose URL token has this hash. */
export async function findByHookTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<HookTerminalRow | undefined> {
  const [row] = await byHookTokenHash(db).execute({ tokenHash });
  return row;
}

/**
 * A sign of life from a forwarder (a heartbeat, or any accepted request): last seen now, and the battery and
 * charging state when the request reported them (what it left out keeps what was said before).
 */
export async function recordSignOfLife(
  db: DbOrTx,
  terminalId: string,
  values: { battery?: number; charging?: boolean; now: Date },
): Promise<void> {
  await db
    .update(terminals)
    .set({
      ...(values.battery === undefined ? {} : { phoneCharge: values.battery }),
      ...(values.charging === undefined ? {} : { charging: values.charging }),
      lastPing: values.now,
      updatedAt: values.now,
    })
    .where(and(eq(terminals.id, terminalId), isNull(terminals.deletedAt), ne(terminals.status, 'pending')));
}
