/**
 * What the sides and support see of disputes: the caller's role, the list, one item, the detail with its
 * history and files (each side only its own evidence), and the merchant API's view.
 */
import {
  API,
  type Dispute,
  type DisputeDetailResponse,
  type DisputeListQuery,
  type DisputeListResponse,
  type DisputeRole,
  type DisputeStatus,
  isDisputeCompleted,
  kopecksToRubleString,
  type MerchantDispute,
  microToNumber,
  pageWindow,
  splitDeal,
} from '@app/shared';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type DisputeAccess, type DisputeUser, mayView } from './dispute-access.ts';
import type { DisputeNotices } from './dispute-notices.ts';
import * as repo from './disputes.repository.ts';

/** The URL an evidence file is read from (the authorised file route). */
export const disputeFileUrl = (apiPrefix: string, file: Pick<repo.DisputeFileRow, 'disputeId' | 'id'>) =>
  `${apiPrefix}${API.disputes.file(file.disputeId, file.id)}`;

/** The merchant API's view of a dispute. */
export function toMerchantDispute(dispute: repo.DisputeRow): MerchantDispute {
  return {
    id: dispute.id,
    order_id: dispute.dealId,
    status: dispute.status,
    reason: dispute.reason,
    evidence_deadline: dispute.evidenceDeadline.toISOString(),
    created_at: dispute.createdAt.toISOString(),
  };
}

export function createDisputeViews(
  deps: {
    database: Database;
    config: Pick<AppConfig, 'API_PREFIX'>;
    notices: Pick<DisputeNotices, 'telegramRequired'>;
    now: () => Date;
  },
  access: DisputeAccess,
) {
  const db = deps.database.db;
  const fileUrl = (file: Pick<repo.DisputeFileRow, 'disputeId' | 'id'>) =>
    disputeFileUrl(deps.config.API_PREFIX, file);

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

  return {
    /** GET api/v1/disputes/user-role/ */
    async userRole(user: DisputeUser): Promise<{ role: DisputeRole; telegram_required: boolean }> {
      return { role: await access.roleOf(user), telegram_required: deps.notices.telegramRequired };
    },

    /** GET api/v1/disputes/ */
    async list(user: DisputeUser, query: DisputeListQuery): Promise<DisputeListResponse> {
      const role = await access.roleOf(user);
      const at = deps.now();
      const { rows, count } = await repo.listDisputes(db, {
        viewer: { id: user.id, role },
        statuses: query.status,
        search: query.search,
        sort: query.sort,
        order: query.order,
        ...pageWindow(query),
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
    async item(user: DisputeUser, id: string): Promise<Dispute> {
      const role = await access.roleOf(user);
      const row = await access.visible(user, role, id);
      return toDispute(row, role, await repo.listFiles(db, [row.dispute.id]));
    },

    /** GET api/v1/disputes/{id}/ (our addition): the item with its history. */
    async detail(user: DisputeUser, id: string): Promise<DisputeDetailResponse> {
      const role = await access.roleOf(user);
      const row = await access.visible(user, role, id);
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

    /** The console's user detail (issue 27; the admin module checked the caller): disputes on the user's deals. */
    async latestOfUser(userId: string, limit: number) {
      const rows = await repo.latestOfUser(db, userId, limit);
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        deal_id: row.dealId,
        created_at: row.createdAt.toISOString(),
      }));
    },

    toMerchantDispute,
  };
}
