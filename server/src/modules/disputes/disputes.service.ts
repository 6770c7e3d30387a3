import { randomUUID } from 'node:crypto';
import {
  API,
  DISPUTE_MESSAGES,
  type Dispute,
  type DisputeDetailResponse,
  type DisputeListQuery,
  type DisputeListResponse,
  type DisputeResolution,
  type DisputeRole,
  type DisputeStatus,
  disputeConsiderationText,
  disputeOpenedText,
  disputeResolvedText,
  isDisputeCompleted,
  kopecksToRubleString,
  type MerchantDispute,
  type MerchantDisputeBody,
  microToNumber,
  splitDeal,
} from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { EvidenceBudget } from '../../db/schema/index.ts';
import type { FreeBytesReader } from '../../lib/disk-space.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { ProblemError } from '../../lib/problem.ts';
import type { SessionUser } from '../auth/auth.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { RatingService } from '../rating/rating.service.ts';
import { moscowDateTime } from '../telegram/notification-texts.ts';
import type { TelegramService } from '../telegram/telegram.service.ts';
import { enforceMerchantCaps, requireFreeSpace, requireMerchantEvidence } from './dispute-limits.ts';
import type { DisputeNotices } from './dispute-notices.ts';
import * as repo from './disputes.repository.ts';
import { evidencePath } from './evidence-files.ts';
import { type EvidenceHold, openEvidenceHold, openingQuota } from './evidence-quota.ts';
import * as usage from './evidence-usage.repository.ts';

/** Spec §9: a dispute finished within this long of its creation is a rating event. */
export const FINISHED_QUICKLY_MS = 18 * 3_600_000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

interface OpenOptions {
  inTransaction?: (tx: Tx, dispute: { id: string } & Record<string, unknown>) => Promise<void>;
  files?: { id: string; name: string; contentType: string; size: number; sha256: string }[];
  /** Moves the stored bytes into place, inside the opening transaction. */
  commitFiles?: () => Promise<void>;
}

/** Who opens a dispute, and how its refusals must leave (problem details for the merchant API). */
type Opener = { role: 'merchant'; merchantId: string } | { role: 'support'; userId: string };

const VERDICT: Record<DisputeResolution, DisputeStatus> = {
  merchant: 'completed_towards_merchant',
  trader: 'completed_towards_trader',
  insufficient: 'deepconsideration',
};

const OUTCOME_TEXT: Record<DisputeResolution, string> = {
  merchant: 'решение в пользу мерчанта, сделка завершена',
  trader: 'решение в пользу трейдера, сделка отменена',
  insufficient: 'недостаточно доказательств, спор передан на дополнительное рассмотрение',
};

export function createDisputesService(deps: {
  database: Database;
  config: Pick<
    AppConfig,
    | 'DISPUTE_WINDOW_H'
    | 'DISPUTE_EVIDENCE_H'
    | 'DISPUTE_BLOCK_TTL_MIN'
    | 'API_PREFIX'
    | 'DATA_DIR'
    | 'DISPUTE_MAX_FILES_PER_SIDE'
    | 'DISPUTE_MAX_BYTES_PER_SIDE'
    | 'DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER'
    | 'DISPUTE_MAX_PER_MERCHANT_PER_DAY'
    | 'DISK_MIN_FREE_MB'
  >;
  /** The free bytes on the evidence files' disk (tests inject a reading). */
  freeDiskBytes: FreeBytesReader;
  orders: Pick<OrdersService, 'moveForDispute' | 'findDeal'>;
  /** Telegram messages with a bot, mail without one (dispute-notices.ts); also says whether the link rule applies. */
  notices: DisputeNotices;
  telegram: Pick<TelegramService, 'hasLinkedAccount'>;
  /** Spec §9 ratings: the dispute's events move the trader's and the deal's method's points. */
  rating: Pick<RatingService, 'record'>;
  now: () => Date;
}) {
  const db = deps.database.db;
  const { config } = deps;
  const evidenceLimits = {
    maxFiles: config.DISPUTE_MAX_FILES_PER_SIDE,
    maxBytes: config.DISPUTE_MAX_BYTES_PER_SIDE,
  };

  /** A rating event of a dispute's deal (spec §9), written in its cause's transaction; each kind once per dispute. */
  function recordRatingEvent(
    tx: Tx,
    deal: { id: string; traderId: string; paymentMethodId: string },
    disputeId: string,
    kind: 'created' | 'ignored' | 'finished_within_18h',
    at: Date,
  ) {
    return deps.rating.record(tx, {
      kind,
      traderId: deal.traderId,
      paymentMethodId: deal.paymentMethodId,
      dealId: deal.id,
      disputeId,
      at,
    });
  }

  function refuse(opener: Opener, status: number, detail: string): never {
    if (opener.role === 'merchant') {
      throw new ProblemError(
        status,
        status === 404 ? 'not-found' : status === 409 ? 'conflict' : 'bad-request',
        detail,
      );
    }
    throw new HttpError(status, { detail });
  }

  /**
   * Opens a dispute on a deal: in verification, or expired/canceled within DISPUTE_WINDOW_H (a merchant then
   * gives evidence of the payment, and stays within its caps: dispute-limits.ts). One transaction:
   * the deal moves to `dispute` through the orders lifecycle (its USDT held, any shortfall as the trader's
   * debt; the webhook event written), the dispute with its first history row, the `created` rating event,
   * and the Telegram messages to the trader and the merchant with the evidence deadline.
   */
  async function open(
    opener: Opener,
    dealId: string,
    reason: string,
    options: OpenOptions = {},
  ): Promise<repo.DisputeRow> {
    const deal = isUuid(dealId) ? await deps.orders.findDeal(undefined, dealId) : undefined;
    if (!deal || (opener.role === 'merchant' && deal.merchantId !== opener.merchantId)) {
      refuse(opener, 404, DISPUTE_MESSAGES.transactionNotFound);
    }
    const at = deps.now();
    if (deal.status === 'dispute') refuse(opener, 409, DISPUTE_MESSAGES.alreadyOpen);
    const released = deal.status === 'expired' || deal.status === 'canceled';
    if (released && at.getTime() - deal.updatedAt.getTime() > config.DISPUTE_WINDOW_H * 3_600_000) {
      refuse(opener, 409, DISPUTE_MESSAGES.notDisputable);
    }
    const id = randomUUID();
    const dispute = await db.transaction(async (tx) => {
      if (opener.role === 'merchant') {
        await enforceMerchantCaps(
          tx,
          {
            maxOpenPerTrader: config.DISPUTE_MAX_OPEN_PER_MERCHANT_TRADER,
            maxPerDay: config.DISPUTE_MAX_PER_MERCHANT_PER_DAY,
          },
          { merchantId: opener.merchantId, traderId: deal.traderId, at },
        );
      }
      const moved = await deps.orders.moveForDispute(tx, {
        dealId: deal.id,
        to: 'dispute',
        actor: opener.role,
        merchantId: opener.role === 'merchant' ? opener.merchantId : undefined,
        dispute: { id },
      });
      if (!moved) return undefined;
      // Decided on the status the deal really left (it may have expired since it was read above).
      if (opener.role === 'merchant' && (moved.before === 'expired' || moved.before === 'canceled')) {
        requireMerchantEvidence(options.files?.length ?? 0);
      }
      const evidenceDeadline = new Date(at.getTime() + config.DISPUTE_EVIDENCE_H * 3_600_000);
      const row = await repo.insertDispute(tx, {
        id,
        dealId: deal.id,
        status: 'waiting',
        openedByRole: opener.role,
        openedBy: opener.role === 'merchant' ? opener.merchantId : opener.userId,
        reason,
        shortfallUsdt: moved.shortfall,
        evidenceDeadline,
        createdAt: at,
        updatedAt: at,
      });
      await repo.appendHistory(tx, {
        disputeId: id,
        actorRole: opener.role,
        actorId: row.openedBy,
        action: 'opened',
        status: 'waiting',
        note: reason,
        createdAt: at,
      });
      await recordRatingEvent(tx, deal, id, 'created', at);
      const text = disputeOpenedText(deal.id, moscowDateTime(evidenceDeadline));
      await deps.notices.send(tx, deal.traderId, 'opened', text);
      await deps.notices.send(tx, deal.merchantId, 'opened', text);
      if (options.files && options.files.length > 0) {
        // Evidence given at opening belongs to the complaining side: the merchant's (also when support opens it).
        await attachFiles(tx, {
          disputeId: id,
          side: 'merchant',
          actorRole: opener.role,
          actorId: row.openedBy ?? deal.merchantId,
          at,
          files: options.files,
        });
        // The opener's budget starts with these (read within its caps: openingQuota).
        await usage.recordOpeningUsage(tx, {
          disputeId: id,
          budget: opener.role,
          files: options.files.length,
          bytes: options.files.reduce((sum, file) => sum + file.size, 0),
        });
        await options.commitFiles?.();
      }
      await options.inTransaction?.(tx, row);
      return row;
    });
    if (!dispute) refuse(opener, 409, DISPUTE_MESSAGES.notDisputable);
    return dispute;
  }

  /** Whether another support user holds a live block on the dispute. */
  async function blockedByOther(tx: Tx, disputeId: string, userId: string, at: Date) {
    const block = await repo.activeBlock(tx, disputeId, at);
    return block !== undefined && block.supportUserId !== userId;
  }

  type NewFile = { id: string; name: string; contentType: string; size: number; sha256: string };

  /** Records files of one side (rows and a history row each, with SHA-256) inside the caller's transaction. */
  async function attachFiles(
    tx: Tx,
    input: {
      disputeId: string;
      side: 'trader' | 'merchant';
      actorRole: 'trader' | 'merchant' | 'support';
      actorId: string;
      at: Date;
      files: NewFile[];
    },
  ) {
    await repo.insertFiles(
      tx,
      input.files.map((file) => ({
        id: file.id,
        disputeId: input.disputeId,
        side: input.side,
        name: file.name,
        contentType: file.contentType,
        sizeBytes: file.size,
        sha256: file.sha256,
        uploadedBy: input.actorId,
        createdAt: input.at,
      })),
    );
    for (const file of input.files) {
      await repo.appendHistory(tx, {
        disputeId: input.disputeId,
        actorRole: input.actorRole,
        actorId: input.actorId,
        action: 'file_added',
        fileId: file.id,
        fileName: file.name,
        fileSide: input.side,
        fileSha256: file.sha256,
        fileSize: file.size,
        createdAt: input.at,
      });
    }
  }

  /**
   * Spec §6: the caller's dispute role; traders and merchants need a linked Telegram account (400) — when a
   * bot is configured. Without one no account can be linked, so the rule would shut every side out.
   */
  async function roleOf(user: Pick<SessionUser, 'id' | 'role'>): Promise<DisputeRole> {
    if (user.role === 'support') return 'support';
    if (deps.notices.telegramRequired && !(await deps.telegram.hasLinkedAccount(user.id))) {
      throw new HttpError(400, { detail: DISPUTE_MESSAGES.telegramRequired });
    }
    return user.role;
  }

  const fileUrl = (file: Pick<repo.DisputeFileRow, 'disputeId' | 'id'>) =>
    `${config.API_PREFIX}${API.disputes.file(file.disputeId, file.id)}`;
  /** Spec §6: a trader sees trader files, a merchant merchant files, support both. */
  const mayView = (role: DisputeRole, side: 'trader' | 'merchant') => role === 'support' || role === side;

  function toDispute(row: repo.DisputeListRow, role: DisputeRole, files: repo.DisputeFileRow[]): Dispute {
    const { dispute, deal } = row;
    const urls = (side: 'trader' | 'merchant') =>
      mayView(role, side)
        ? files.filter((file) => file.disputeId === dispute.id && file.side === side).map(fileUrl)
        : [];
    const split = splitDeal(deal.amountUsdt, deal.merchantFeeBps, deal.traderRewardBps);
    return {
      id: dispute.id,
      status: dispute.status,
      created_at: dispute.createdAt.toISOString(),
      updated_at: dispute.updatedAt.toISOString(),
      comments: dispute.supportComment,
      reason: dispute.reason,
      opened_by: dispute.openedByRole,
      files_from_trader: urls('trader'),
      files_from_merchant: urls('merchant'),
      transaction: {
        amount: microToNumber(deal.amountUsdt),
        amount_rub: kopecksToRubleString(deal.amountKopecks),
        profit: microToNumber(role === 'merchant' ? split.merchantShare : split.traderReward),
        order_type: deal.paymentMode,
        payment_details: {
          phone_number: deal.phoneNumber,
          card: deal.card,
          bank: { name: deal.bankName },
          currency: { symbol: '₽' },
        },
      },
    };
  }

  /** The dispute if `user` may see it (their deal, their order, or support), else 404. */
  async function visible(user: Pick<SessionUser, 'id' | 'role'>, role: DisputeRole, id: string) {
    const row = isUuid(id) ? await repo.findWithDeal(db, id) : undefined;
    if (
      !row ||
      (role === 'trader' && row.deal.traderId !== user.id) ||
      (role === 'merchant' && row.deal.merchantId !== user.id)
    ) {
      throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
    }
    return row;
  }

  function requireSupport(user: Pick<SessionUser, 'role'>) {
    if (user.role !== 'support') throw new HttpError(403, { detail: DISPUTE_MESSAGES.noRights });
  }

  return {
    /**
     * The deadline pass: waiting disputes whose trader deadline passed, or where both sides had their say,
     * move to consideration, each in its own transaction; one whose deadline passed without trader evidence
     * records the `ignored` rating event (once: the unique index) in the same transaction.
     */
    async advanceDue(limit = 100): Promise<number> {
      let moved = 0;
      for (let index = 0; index < limit; index++) {
        const done = await db.transaction(async (tx) => {
          const at = deps.now();
          const due = await repo.lockDueWaiting(tx, at);
          if (!due) return false;
          const { dispute } = due;
          // Both sides' say moves a dispute before its deadline; once they had it, the deadline did not.
          const cause = due.bothSides ? 'evidence' : 'deadline';
          await repo.updateDispute(tx, dispute.id, { status: 'consideration', updatedAt: at });
          await repo.appendHistory(tx, {
            disputeId: dispute.id,
            actorRole: 'timer',
            action: 'status',
            status: 'consideration',
            cause,
            createdAt: at,
          });
          const deal = await deps.orders.findDeal(tx, dispute.dealId);
          if (!deal) return true;
          if (!due.traderEvidence && dispute.evidenceDeadline.getTime() <= at.getTime()) {
            await recordRatingEvent(tx, deal, dispute.id, 'ignored', at);
          }
          const text = disputeConsiderationText(deal.id, cause);
          await deps.notices.send(tx, deal.traderId, 'consideration', text);
          await deps.notices.send(tx, deal.merchantId, 'consideration', text);
          return true;
        });
        if (!done) break;
        moved++;
      }
      return moved;
    },

    /** GET api/v1/disputes/user-role/ */
    async userRole(
      user: Pick<SessionUser, 'id' | 'role'>,
    ): Promise<{ role: DisputeRole; telegram_required: boolean }> {
      return { role: await roleOf(user), telegram_required: deps.notices.telegramRequired };
    },

    /** Every disputes call of a trader or merchant checks the Telegram link first (spec §6). */
    requireRole: roleOf,

    /** GET api/v1/disputes/ */
    async list(
      user: Pick<SessionUser, 'id' | 'role'>,
      query: DisputeListQuery,
    ): Promise<DisputeListResponse> {
      const role = await roleOf(user);
      const at = deps.now();
      const { rows, count } = await repo.listDisputes(db, {
        viewer: { id: user.id, role },
        statuses: query.status,
        search: query.search,
        sort: query.sort,
        order: query.order,
        offset: (query.page - 1) * query.page_size,
        limit: query.page_size,
        at,
      });
      // The list already leaves out what another support user holds, so every listed open one is actionable.
      const files = await repo.listFiles(
        db,
        rows.map((row) => row.dispute.id),
      );
      const supportData =
        role === 'support'
          ? rows.filter((row) => !isDisputeCompleted(row.dispute.status)).map((row) => row.dispute.id)
          : [];
      return {
        count,
        total_items: count,
        results: rows.map((row) => toDispute(row, role, files)),
        support_data: supportData,
      };
    },

    /** One list item (the create-by-support answer). */
    async item(user: Pick<SessionUser, 'id' | 'role'>, id: string): Promise<Dispute> {
      const role = await roleOf(user);
      const row = await visible(user, role, id);
      return toDispute(row, role, await repo.listFiles(db, [row.dispute.id]));
    },

    /** GET api/v1/disputes/{id}/ (our addition): the item with its history. */
    async detail(user: Pick<SessionUser, 'id' | 'role'>, id: string): Promise<DisputeDetailResponse> {
      const role = await roleOf(user);
      const row = await visible(user, role, id);
      const [history, files] = await Promise.all([
        repo.listHistory(db, row.dispute.id),
        repo.listFiles(db, [row.dispute.id]),
      ]);
      return {
        ...toDispute(row, role, files),
        deal_id: row.deal.id,
        evidence_deadline: row.dispute.evidenceDeadline.toISOString(),
        history: history
          .filter((item) => !item.fileSide || role === 'support' || item.fileSide === role)
          .map((item) => ({
            at: item.createdAt.toISOString(),
            actor_role: item.actorRole,
            // The individual is for support's audit; the sides see the role only.
            ...(role === 'support' && item.actorName ? { actor: item.actorName } : {}),
            action: item.action,
            ...(item.status ? { status: item.status as DisputeStatus } : {}),
            ...(item.cause ? { cause: item.cause } : {}),
            ...(item.fileId && item.fileSide && item.fileSha256
              ? {
                  file: {
                    id: item.fileId,
                    name: item.fileName ?? '',
                    side: item.fileSide,
                    sha256: item.fileSha256,
                    size: item.fileSize ?? 0,
                  },
                }
              : {}),
          })),
        files: files
          .filter((file) => mayView(role, file.side))
          .map((file) => ({
            id: file.id,
            side: file.side,
            name: file.name,
            url: fileUrl(file),
            sha256: file.sha256,
            size: file.sizeBytes,
            content_type: file.contentType,
            created_at: file.createdAt.toISOString(),
          })),
      };
    },

    /**
     * POST support/dispute/block/: takes (or renews) the caller's block for DISPUTE_BLOCK_TTL_MIN; 409 when
     * another support user holds a live one (one statement decides between two contenders).
     */
    async block(user: Pick<SessionUser, 'id' | 'role'>, disputeId: string): Promise<{ detail: string }> {
      requireSupport(user);
      const dispute = isUuid(disputeId) ? await repo.findDispute(db, disputeId) : undefined;
      if (!dispute) throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
      const at = deps.now();
      const taken = await repo.takeBlock(db, {
        disputeId,
        supportUserId: user.id,
        at,
        expiresAt: new Date(at.getTime() + config.DISPUTE_BLOCK_TTL_MIN * 60_000),
      });
      if (!taken) throw new HttpError(409, { detail: DISPUTE_MESSAGES.blockedByOther });
      return { detail: DISPUTE_MESSAGES.blocked };
    },

    /** POST support/dispute/unblock/: releases the caller's block (closing the modal). */
    async unblock(user: Pick<SessionUser, 'id' | 'role'>, disputeId: string): Promise<{ detail: string }> {
      requireSupport(user);
      if (!isUuid(disputeId)) throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
      await repo.releaseBlock(db, { disputeId, supportUserId: user.id, at: deps.now() });
      return { detail: DISPUTE_MESSAGES.unblocked };
    },

    /**
     * Before an upload's bytes are read: the caller sees the dispute (else 404), and it is not completed
     * (completed disputes take no files and lose none).
     */
    async authorizeUpload(user: Pick<SessionUser, 'id' | 'role'>, disputeId: string) {
      const role = await roleOf(user);
      const row = await visible(user, role, disputeId);
      if (isDisputeCompleted(row.dispute.status))
        throw new HttpError(409, { detail: DISPUTE_MESSAGES.completed });
      return role;
    },

    /** Before an upload reads a byte: 507 while the evidence disk has less than DISK_MIN_FREE_MB free. */
    requireStorage: () => requireFreeSpace(deps.freeDiskBytes, config.DISK_MIN_FREE_MB),

    /**
     * An upload's reservation in the dispute's budget of the uploader's role (support has its own, so the
     * sides' usage never locks out the arbiter), taken from before each file and block is stored.
     */
    openEvidenceHold: (disputeId: string, role: EvidenceBudget) =>
      openEvidenceHold(db, { disputeId, budget: role, limits: evidenceLimits }),

    /** The quota of an opening form's evidence (a new dispute's budget, counted as it is read). */
    openingQuota: () => openingQuota(evidenceLimits),

    /**
     * POST merchant/v1/orders/{id}/disputes, before its body is read: 404 (problem details) unless the order
     * is this merchant's, so a stranger's upload is never stored.
     */
    async authorizeMerchantDispute(merchantId: string, dealId: string): Promise<void> {
      const deal = isUuid(dealId) ? await deps.orders.findDeal(undefined, dealId) : undefined;
      if (!deal || deal.merchantId !== merchantId) {
        refuse({ role: 'merchant', merchantId }, 404, DISPUTE_MESSAGES.transactionNotFound);
      }
    },

    /**
     * POST api/v1/disputes/{id}/files/: the streamed files become evidence of `side`, which must be the
     * caller's own (support may add to either). One transaction: the rows and a history row per file (with
     * SHA-256), re-checking that the dispute is still open, and the upload's `hold` turned into usage; the
     * caller commits the bytes only after it.
     */
    async addFiles(
      user: Pick<SessionUser, 'id' | 'role'>,
      disputeId: string,
      side: 'trader' | 'merchant',
      files: NewFile[],
      beforeCommit: () => Promise<void>,
      hold: EvidenceHold,
    ): Promise<{ detail: string; urls: string[] }> {
      const role = await roleOf(user);
      if (role !== 'support' && role !== side)
        throw new HttpError(403, { detail: DISPUTE_MESSAGES.noRights });
      await db.transaction(async (tx) => {
        const at = deps.now();
        const dispute = await repo.lockDispute(tx, disputeId);
        if (!dispute) throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
        if (isDisputeCompleted(dispute.status))
          throw new HttpError(409, { detail: DISPUTE_MESSAGES.completed });
        // Support acts only on a dispute no other support user holds (the sides always may add theirs).
        if (role === 'support' && (await blockedByOther(tx, dispute.id, user.id, at))) {
          throw new HttpError(409, { detail: DISPUTE_MESSAGES.blockedByOther });
        }
        await attachFiles(tx, { disputeId, side, actorRole: role, actorId: user.id, at, files });
        await hold.settle(tx, files);
        await repo.updateDispute(tx, disputeId, { updatedAt: at });
        // The bytes move into place inside the transaction: a failed move rolls the rows back.
        await beforeCommit();
      });
      return {
        detail: DISPUTE_MESSAGES.filesUploaded,
        urls: files.map((file) => fileUrl({ disputeId, id: file.id })),
      };
    },

    /** An evidence file for the authorised route: 404 unless the caller may see its side. */
    async fileFor(user: Pick<SessionUser, 'id' | 'role'>, disputeId: string, fileId: string) {
      const role = await roleOf(user);
      const row = await visible(user, role, disputeId);
      const file = isUuid(fileId) ? await repo.findFile(db, row.dispute.id, fileId) : undefined;
      if (!file || !mayView(role, file.side)) throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
      return { file, path: evidencePath(config.DATA_DIR, file.id) };
    },

    /** DELETE api/v1/disputes/{id}/files/{fileId}/?type=: support only, never on a completed dispute. */
    async deleteFile(
      user: Pick<SessionUser, 'id' | 'role'>,
      disputeId: string,
      fileId: string,
      side: 'trader' | 'merchant',
    ): Promise<{ detail: string }> {
      await roleOf(user);
      requireSupport(user);
      if (!isUuid(disputeId) || !isUuid(fileId))
        throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
      return db.transaction(async (tx) => {
        const at = deps.now();
        const dispute = await repo.lockDispute(tx, disputeId);
        if (!dispute) throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
        if (isDisputeCompleted(dispute.status))
          throw new HttpError(409, { detail: DISPUTE_MESSAGES.completed });
        if (await blockedByOther(tx, dispute.id, user.id, at)) {
          throw new HttpError(409, { detail: DISPUTE_MESSAGES.blockedByOther });
        }
        const file = await repo.markFileDeleted(tx, { disputeId, fileId, side, by: user.id, at });
        if (!file) throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
        await repo.appendHistory(tx, {
          disputeId,
          actorRole: 'support',
          actorId: user.id,
          action: 'file_deleted',
          fileId: file.id,
          fileName: file.name,
          fileSide: file.side,
          fileSha256: file.sha256,
          fileSize: file.sizeBytes,
          createdAt: at,
        });
        return { detail: DISPUTE_MESSAGES.fileDeleted };
      });
    },

    /** The merchant API's view of a dispute. */
    toMerchantDispute(dispute: repo.DisputeRow): MerchantDispute {
      return {
        id: dispute.id,
        order_id: dispute.dealId,
        status: dispute.status,
        reason: dispute.reason,
        evidence_deadline: dispute.evidenceDeadline.toISOString(),
        created_at: dispute.createdAt.toISOString(),
      };
    },

    /** The merchant API: POST merchant/v1/orders/{id}/disputes. */
    openByMerchant(
      merchantId: string,
      dealId: string,
      body: MerchantDisputeBody,
      options: Omit<OpenOptions, 'inTransaction'> & {
        inTransaction?: (tx: Tx, dispute: repo.DisputeRow) => Promise<void>;
      } = {},
    ) {
      return open({ role: 'merchant', merchantId }, dealId, body.reason, options as OpenOptions);
    },

    /** POST api/v1/disputes/create-by-support/: 403 for anyone but support, 404 for an unknown deal. */
    async openBySupport(
      user: Pick<SessionUser, 'id' | 'role'>,
      input: { transactionId: string; note: string },
      options: Pick<OpenOptions, 'files' | 'commitFiles'> = {},
    ) {
      if (user.role !== 'support') throw new HttpError(403, { detail: DISPUTE_MESSAGES.noRights });
      if (!isUuid(input.transactionId)) throw new HttpError(400, { detail: DISPUTE_MESSAGES.invalidData });
      // The comment is optional (spec §5); the dispute still records why it exists.
      const reason = input.note.trim() || DISPUTE_MESSAGES.openedBySupport;
      return open({ role: 'support', userId: user.id }, input.transactionId, reason, options);
    },

    /**
     * Support's verdict, once: merchant → the deal completes (settled as any completed deal, reward
     * included); trader → the deal is canceled (the hold released, its debt forgiven); insufficient →
     * deepconsideration, off this support user's list. Refused on a completed dispute and on one another
     * support user holds. Resolving releases the caller's block.
     */
    async resolve(
      user: Pick<SessionUser, 'id' | 'role'>,
      disputeId: string,
      input: { resolution: DisputeResolution; comment: string },
    ): Promise<repo.DisputeRow> {
      if (user.role !== 'support') throw new HttpError(403, { detail: DISPUTE_MESSAGES.noRights });
      if (!isUuid(disputeId)) throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
      return db.transaction(async (tx) => {
        const at = deps.now();
        const dispute = await repo.lockDispute(tx, disputeId);
        if (!dispute) throw new HttpError(404, { detail: DISPUTE_MESSAGES.notFound });
        if (isDisputeCompleted(dispute.status))
          throw new HttpError(409, { detail: DISPUTE_MESSAGES.completed });
        if (await blockedByOther(tx, dispute.id, user.id, at)) {
          throw new HttpError(409, { detail: DISPUTE_MESSAGES.blockedByOther });
        }
        const status = VERDICT[input.resolution];
        const deal = await deps.orders.findDeal(tx, dispute.dealId);
        if (!deal) throw new HttpError(404, { detail: DISPUTE_MESSAGES.transactionNotFound });
        if (input.resolution !== 'insufficient') {
          const moved = await deps.orders.moveForDispute(tx, {
            dealId: dispute.dealId,
            to: input.resolution === 'merchant' ? 'complete' : 'canceled',
            actor: 'support',
            dispute: { id: dispute.id, shortfall: dispute.shortfallUsdt },
          });
          // The dispute row is locked and open, so its deal is in `dispute`; anything else is a broken invariant.
          if (!moved)
            throw new Error(`deal ${dispute.dealId} of open dispute ${dispute.id} is not in dispute`);
        }
        const updated = await repo.updateDispute(tx, dispute.id, {
          status,
          supportComment: input.comment || dispute.supportComment,
          updatedAt: at,
          ...(input.resolution === 'insufficient'
            ? { deepBy: user.id }
            : { resolvedBy: user.id, resolvedAt: at }),
        });
        await repo.appendHistory(tx, {
          disputeId: dispute.id,
          actorRole: 'support',
          actorId: user.id,
          action: 'status',
          status,
          note: input.comment || null,
          createdAt: at,
        });
        // A verdict that comes before the deadline pass saw a waiting dispute past its deadline still records
        // the trader's silence.
        if (
          dispute.status === 'waiting' &&
          dispute.evidenceDeadline.getTime() <= at.getTime() &&
          !(await repo.hasEvidence(tx, dispute.id, 'trader'))
        ) {
          await recordRatingEvent(tx, deal, dispute.id, 'ignored', at);
        }
        if (isDisputeCompleted(status) && at.getTime() - dispute.createdAt.getTime() <= FINISHED_QUICKLY_MS) {
          await recordRatingEvent(tx, deal, dispute.id, 'finished_within_18h', at);
        }
        await repo.releaseBlock(tx, { disputeId: dispute.id, supportUserId: user.id, at });
        const text = disputeResolvedText(deal.id, OUTCOME_TEXT[input.resolution]);
        await deps.notices.send(tx, deal.traderId, 'resolved', text);
        await deps.notices.send(tx, deal.merchantId, 'resolved', text);
        return updated;
      });
    },
  };
}

export type DisputesService = ReturnType<typeof createDisputesService>;
