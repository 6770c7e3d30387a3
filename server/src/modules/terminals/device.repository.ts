/** Use cases: activate a terminal, its heartbeats and status, token reissue (SQL). */
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { builtOnce, UNNAMED_STATEMENT } from '../../db/built-once.ts';
import type { DbOrTx } from '../../db/client.ts';
import { terminals } from '../../db/schema/index.ts';

/** The terminal a device token belongs to. */
export interface DeviceTerminalRow {
  id: string;
  userId: string;
  status: string;
}

/**
 * Activates a pending terminal with its pairing secret in one conditional statement: the key's hash must
 * match and be unexpired, and the pairing columns are cleared in the same write, so a key works once even
 * when two devices race with it.
 */
export async function activate(
  db: DbOrTx,
  input: {
    terminalId: string;
    pairingKeyHash: string;
    deviceTokenHash: string;
    device: { model: string; os: string; appVersion: string };
    now: Date;
  },
): Promise<{ id: string; name: string; status: string } | undefined> {
  const [row] = await db
    .update(terminals)
    .set({
      status: 'Enabled',
      activatedAt: input.now,
      deviceModel: input.device.model,
      deviceOs: input.device.os,
      appVersion: input.device.appVersion,
      deviceTokenHash: input.deviceTokenHash,
      pairingKeyHash: null,
      pairingExpiresAt: null,
      updatedAt: input.now,
    })
    .where(
      and(
        eq(terminals.id, input.terminalId),
        eq(terminals.status, 'pending'),
        isNull(terminals.deletedAt),
        eq(terminals.pairingKeyHash, input.pairingKeyHash),
        sql`${terminals.pairingExpiresAt} > ${input.now.toISOString()}`,
      ),
    )
    .returning({ id: terminals.id, name: terminals.name, status: terminals.status });
  return row;
}

/**
 * Gives an activated terminal a new device token when the answer that carried its first one was lost: only
 * while that token has never brought a heartbeat (the phone never had it) and the terminal is not deleted or
 * revoked. One conditional statement, so it cannot replace a token the phone is using.
 */
export async function reissueUnusedToken(
  db: DbOrTx,
  input: { terminalId: string; deviceTokenHash: string; now: Date },
): Promise<{ id: string; name: string; status: string } | undefined> {
  const [row] = await db
    .update(terminals)
    .set({ deviceTokenHash: input.deviceTokenHash, updatedAt: input.now })
    .where(
      and(
        eq(terminals.id, input.terminalId),
        ne(terminals.status, 'pending'),
        isNotNull(terminals.activatedAt),
        isNotNull(terminals.deviceTokenHash),
        isNull(terminals.lastPing),
        isNull(terminals.deletedAt),
      ),
    )
    .returning({ id: terminals.id, name: terminals.name, status: terminals.status });
  return row;
}

// Every device request runs this lookup first, so its query is built once per handle.
const byTokenHash = builtOnce((db) =>
  db
    .select({ id: terminals.id, userId: terminals.userId, status: terminals.status })
    .from(terminals)
    .where(
      and(
        eq(terminals.deviceTokenHash, sql.placeholder('tokenHash')),
        isNotNull(terminals.activatedAt),
        isNull(terminals.deletedAt),
      ),
    )
    .limit(1)
    .prepare(UNNAMED_STATEMENT),
);

/** The activated, undeleted terminal whose device token has this hash. */
export async function findByTokenHash(db: DbOrTx, tokenHash: string): Promise<DeviceTerminalRow | undefined> {
  const [row] = await byTokenHash(db).execute({ tokenHash });
  return row;
}

/** Records a heartbeat; undefined when the terminal was deleted meanwhile. */
export async function recordHeartbeat(
  db: DbOrTx,
  terminalId: string,
  values: { phoneCharge: number; charging?: boolean; network?: string; appVersion?: string; now: Date },
): Promise<{ status: string } | undefined> {
  const [row] = await db
    .update(terminals)
    .set({
      phoneCharge: values.phoneCharge,
      // A field the phone left out keeps what it said before.
      ...(values.charging === undefined ? {} : { charging: values.charging }),
      ...(values.network === undefined ? {} : { network: values.network }),
      ...(values.appVersion === undefined ? {} : { appVersion: values.appVersion }),
      lastPing: values.now,
      updatedAt: values.now,
    })
    .where(and(eq(terminals.id, terminalId), isNull(terminals.deletedAt), ne(terminals.status, 'pending')))
    .returning({ status: terminals.status });
  return row;
}

/** The device pauses (Disabled) or resumes (Enabled) itself; undefined when the terminal was deleted. */
export async function setStatus(
  db: DbOrTx,
  terminalId: string,
  status: 'Enabled' | 'Disabled',
  now: Date,
): Promise<{ status: string } | undefined> {
  const [row] = await db
    .update(terminals)
    .set({ status, updatedAt: now })
    .where(and(eq(terminals.id, terminalId), isNull(terminals.deletedAt), ne(terminals.status, 'pending')))
    .returning({ status: terminals.status });
  return row;
}
