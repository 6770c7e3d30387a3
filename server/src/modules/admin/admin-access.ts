/**
 * Use case: who may use the operator console. Every admin service call starts here: a signed-in user who is
 * not an admin gets 403 (spec §8: the web then signs them out, so the web never calls the console for them).
 */
import { ADMIN_MESSAGES } from '@app/shared';
import { forbidden } from '../../lib/http-errors.ts';
import type { SessionUser } from '../users/users.service.ts';

/** Who did an audited action: an admin of the console, or the command line (no user). */
export interface AuditActor {
  actorId: string | null;
  actor: string;
}

/** The actor the command line's actions are recorded under. */
export const ADMIN_CLI_ACTOR: AuditActor = { actorId: null, actor: 'admin-cli' };

/** The caller as an audit actor, after checking it is an admin (403 otherwise). */
export function requireAdmin(user: Pick<SessionUser, 'id' | 'email' | 'role'>): AuditActor {
  if (user.role !== 'admin') throw forbidden(ADMIN_MESSAGES.notAdmin);
  return { actorId: user.id, actor: user.email };
}
