/**
 * The admin module's face (issue 27, the operator console): authorization first (admins only), the mailed codes
 * of sensitive actions, and the audit log. Each area of the console lives in its own file beside this one and is
 * assembled here; the CLI records its actions through `recordAudit` with ADMIN_CLI_ACTOR.
 */
import type { AdminAuditQuery, AdminOtpAction } from '@app/shared';
import type { Database } from '../../db/client.ts';
import type { OtpService } from '../otp/otp.service.ts';
import type { SessionUser } from '../users/users.service.ts';
import { ADMIN_CLI_ACTOR, type AuditActor, requireAdmin } from './admin-access.ts';
import { readAudit, recordAudit } from './admin-audit.ts';
import { createAdminCodes } from './admin-codes.ts';
import { type AdminOpsDeps, createAdminOps } from './admin-ops.ts';
import { createAdminRatings } from './admin-ratings.ts';
import { createAdminUserActions } from './admin-user-actions.ts';
import { type AdminUsersDeps, createAdminUsers } from './admin-users.ts';

export { ADMIN_CLI_ACTOR, type AuditActor, recordAudit, requireAdmin };

export type AdminDeps = AdminOpsDeps &
  AdminUsersDeps & {
    database: Database;
    otp: OtpService;
  };

export function createAdminService(deps: AdminDeps) {
  const codes = createAdminCodes(deps);
  const { detailOf, ...usersArea } = createAdminUsers(deps, codes);
  return {
    // The Users area (admin-users.ts, admin-user-actions.ts): each call checks the caller first.
    ...usersArea,
    ...createAdminUserActions(deps, codes, detailOf),
    ...createAdminRatings(deps),
    /** POST api/v1/admin/otp/: mails the caller a code for `action`. */
    async sendCode(user: SessionUser, action: AdminOtpAction, ip: string): Promise<void> {
      requireAdmin(user);
      await codes.send(user, action, ip);
    },

    /** GET api/v1/admin/audit/. */
    async audit(user: SessionUser, query: AdminAuditQuery) {
      requireAdmin(user);
      return readAudit(deps.database.db, query);
    },

    ...createAdminOps(deps, codes),
  };
}
export type AdminService = ReturnType<typeof createAdminService>;
