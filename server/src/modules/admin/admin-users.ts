/**
 * Use cases of the console's Users area (issue 27), reads and the account creation: create a merchant, support
 * or admin account (the user sets the password from a mailed link, never the console), search users by email,
 * username or id, and one user's detail with balances, terms, methods, terminals, deals, disputes, referrals
 * and live sessions, each read through the owning module's service. The actions on a user are in
 * admin-user-actions.ts; the deps both share are here.
 */
import { randomBytes } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  type AdminCreateUserBody,
  type AdminUserDetail,
  type AdminUserListItem,
  type AdminUsersPage,
  type AdminUsersQuery,
  bpsToPercent,
  emailError,
  formatUsdt,
  normalizeEmail,
  OTP_TTL_MS,
  pageWindow,
  paymentListQuery,
  ROLE_LABELS,
} from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { fieldErrors, notFound } from '../../lib/http-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { DisputesService } from '../disputes/disputes.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { accountCreatedMail } from '../mail/templates.ts';
import type { MerchantKeysService } from '../merchants/merchant-keys.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { OtpService } from '../otp/otp.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { RatingService } from '../rating/rating.service.ts';
import type { ReferralsService } from '../referrals/referrals.service.ts';
import type { TerminalsService } from '../terminals/terminals.service.ts';
import type { UserTermsService } from '../users/user-terms.ts';
import type { SessionUser, UserRow } from '../users/users.service.ts';
import * as users from '../users/users.service.ts';
import { requireAdmin } from './admin-access.ts';
import { recordAudit } from './admin-audit.ts';
import type { AdminCodes } from './admin-codes.ts';

/** How many of each owned thing the user detail shows (the newest). */
const DETAIL_ITEMS = 10;

/** What the Users area reads and acts through: the owning modules' services. */
export interface AdminUsersDeps {
  database: Database;
  config: Pick<AppConfig, 'PUBLIC_URL' | 'MERCHANT_FEE_PCT' | 'TRADER_REWARD_PCT' | 'LEAD_SHARE_PCT'>;
  otp: OtpService;
  auth: Pick<AuthService, 'endAllSessions' | 'liveSessions'>;
  ledger: LedgerService;
  userTerms: UserTermsService;
  referrals: Pick<ReferralsService, 'setLeadShare'>;
  rating: Pick<RatingService, 'adjust' | 'recompute'>;
  merchantKeys: Pick<MerchantKeysService, 'listKeysForEmail' | 'revokeKeyById' | 'forgetAuthenticated'>;
  payments: Pick<PaymentsService, 'list'>;
  terminals: Pick<TerminalsService, 'latestOfUser'>;
  orders: Pick<OrdersService, 'latestDealsOfUser'>;
  disputes: Pick<DisputesService, 'latestOfUser'>;
  now: () => Date;
}

/** The user named by the URL, or 404 (an id that is no uuid names nobody). */
export async function userOr404(deps: Pick<AdminUsersDeps, 'database'>, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await users.findById(deps.database.db, id) : undefined;
  if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
  return user;
}

/** The effective percents of a user's role (the configured default when the user has none of their own). */
export function termsOf(deps: Pick<AdminUsersDeps, 'config'>, user: UserRow) {
  const pct = (own: number | null, fallbackPct: number) => bpsToPercent(own ?? Math.round(fallbackPct * 100));
  return {
    fee_pct: user.role === 'merchant' ? pct(user.feeBps, deps.config.MERCHANT_FEE_PCT) : null,
    reward_pct: user.role === 'trader' ? pct(user.rewardBps, deps.config.TRADER_REWARD_PCT) : null,
    lead_share_pct: user.isLead ? pct(user.leadShareBps, deps.config.LEAD_SHARE_PCT) : null,
  };
}

export function createAdminUsers(deps: AdminUsersDeps, codes: AdminCodes) {
  const db = deps.database.db;

  async function listItem(user: UserRow): Promise<AdminUserListItem> {
    const { available } = await deps.ledger.getBalances(user.id);
    return {
      id: user.id,
      email: user.email,
      username: user.username,
      role: user.role,
      is_lead: user.isLead,
      blocked: user.blockedAt !== null,
      rating: user.rating,
      available: formatUsdt(available),
      created_at: user.createdAt.toISOString(),
    };
  }

  /** The detail of a user the caller may see (the caller was checked). */
  async function detailOf(user: UserRow): Promise<AdminUserDetail> {
    const balances = await deps.ledger.withdrawable(user.id, deps.now());
    const side = user.role === 'merchant' ? 'merchant' : user.role === 'trader' ? 'trader' : null;
    const [methods, terminals, deals, disputes, referred, sessions] = await Promise.all([
      user.role === 'trader'
        ? deps.payments.list({ id: user.id }, paymentListQuery.parse({ page_size: String(DETAIL_ITEMS) }))
        : null,
      user.role === 'trader' ? deps.terminals.latestOfUser(user.id, DETAIL_ITEMS) : [],
      side ? deps.orders.latestDealsOfUser(user.id, side, DETAIL_ITEMS) : [],
      side ? deps.disputes.latestOfUser(user.id, DETAIL_ITEMS) : [],
      user.isLead ? users.listReferred(db, user.id, DETAIL_ITEMS) : [],
      deps.auth.liveSessions(user.id, DETAIL_ITEMS),
    ]);
    return {
      ...(await listItem(user)),
      blocked_at: user.blockedAt?.toISOString() ?? null,
      ...termsOf(deps, user),
      referred_by: user.referredBy,
      balances: {
        available: formatUsdt(balances.available),
        frozen: formatUsdt(balances.frozen),
        reserved: formatUsdt(balances.reserved),
        debt: formatUsdt(balances.debt),
        total_profit: formatUsdt(balances.totalProfit),
      },
      methods: (methods?.results ?? []).map((method) => ({
        id: method.id,
        bank: method.bank.name,
        method: [method.is_SBP ? 'sbp' : null, method.is_c2c ? 'c2c' : null].filter(Boolean).join(', '),
        requisites: method.card ?? method.phone_number ?? method.nomer_scheta ?? '',
        active: method.is_active,
      })),
      terminals,
      deals,
      disputes,
      referrals: referred.map((row) => ({
        id: row.id,
        email: row.email,
        created_at: row.createdAt.toISOString(),
      })),
      sessions: sessions.map((session) => ({
        id: session.id,
        created_at: session.createdAt.toISOString(),
        last_seen_at: session.lastSeenAt.toISOString(),
        expires_at: session.expiresAt.toISOString(),
      })),
    };
  }

  return {
    detailOf,

    /**
     * POST api/v1/admin/users/: creates a merchant, support or admin account with an unusable random password
     * and its audit row together, then mails the user a password-reset code in a link to set a password.
     */
    async createUser(caller: SessionUser, body: AdminCreateUserBody, ip: string): Promise<AdminUserDetail> {
      const actor = requireAdmin(caller);
      const email = normalizeEmail(body.email);
      const problem = emailError(email);
      if (problem) throw fieldErrors({ email: [problem] });
      await codes.confirm(caller, 'create_user', body.otp);
      if (await users.findByEmail(db, email)) throw fieldErrors({ email: [ADMIN_MESSAGES.userExists] });
      // Nobody knows this password: the user chooses theirs with the mailed code.
      const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
      const user = await db.transaction(async (tx) => {
        const created = await users.insertUser(tx, { email, passwordHash, role: body.role });
        await recordAudit(tx, actor, {
          action: 'user.create',
          target: created.email,
          after: { id: created.id, role: created.role },
        });
        return created;
      });
      await deps.otp.issue({
        email,
        purpose: 'password_reset',
        ip,
        userId: user.id,
        mail: (code) =>
          accountCreatedMail(
            deps.config.PUBLIC_URL,
            email,
            ROLE_LABELS[user.role],
            code,
            OTP_TTL_MS / 60_000,
          ),
      });
      return detailOf(user);
    },

    /** GET api/v1/admin/users/. */
    async listUsers(caller: SessionUser, query: AdminUsersQuery): Promise<AdminUsersPage> {
      requireAdmin(caller);
      const { count, rows } = await users.searchUsers(
        db,
        { search: query.search, role: query.role },
        pageWindow(query),
      );
      return { count, results: await Promise.all(rows.map(listItem)) };
    },

    /** GET api/v1/admin/users/{id}/. */
    async userDetail(caller: SessionUser, id: string): Promise<AdminUserDetail> {
      requireAdmin(caller);
      return detailOf(await userOr404(deps, id));
    },
  };
}
