// Use cases of the public payer page (/c2c/:id): what the payer needs to pay, "I have paid" (pending →
// verification) and the payer's receipt upload.
import { createHash } from 'node:crypto';
import { DEAL_MESSAGES, kopecksToRubleString, type PayerOrder, RECEIPT_MAX_BYTES } from '@app/shared';
import { badRequest, HttpError, notFound } from '../../lib/http-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import * as users from '../users/users.service.ts';
import type { DealLifecycle } from './deal-lifecycle.ts';
import * as views from './deal-views.repository.ts';
import { iso } from './order-shapes.ts';
import * as repo from './orders.repository.ts';
import type { OrdersDeps } from './orders-deps.ts';
import { sniffReceiptType } from './receipt-type.ts';

export function createPayerPage(deps: OrdersDeps, lifecycle: DealLifecycle) {
  const db = deps.database.db;

  return {
    /** The public payer page: only what the payer needs to pay. */
    async payerOrder(id: string): Promise<PayerOrder> {
      const row = isUuid(id) ? await repo.findById(db, id) : undefined;
      if (!row) throw notFound(DEAL_MESSAGES.notFound);
      const [receipt, merchant] = await Promise.all([
        views.findReceiptMeta(db, row.id),
        users.findById(db, row.merchantId),
      ]);
      return {
        id: row.id,
        status: row.status,
        amount: kopecksToRubleString(row.amountKopecks),
        currency: 'RUB',
        payment_mode: row.paymentMode,
        bank: { name: row.bankName },
        card: row.card,
        phone_number: row.phoneNumber,
        owner_name: row.ownerName,
        expires_at: iso(row.expiresAt),
        server_time: iso(deps.now()),
        paid_at: row.paidAt ? iso(row.paidAt) : null,
        receipt_uploaded: receipt !== undefined,
        return_url: row.status === 'complete' ? row.returnUrl : null,
        shop_name: merchant?.displayName ?? null,
      };
    },

    /** The payer says they paid: pending → verification (the trader is asked to confirm). */
    async markPaid(id: string): Promise<void> {
      if (!isUuid(id)) throw notFound(DEAL_MESSAGES.notFound);
      const deal = await db.transaction((tx) =>
        lifecycle.move(tx, { id, to: 'verification', actor: 'payer' }),
      );
      if (deal) return;
      const row = await repo.findById(db, id);
      if (!row) throw notFound(DEAL_MESSAGES.notFound);
      // Pressing the button twice is not an error.
      if (row.status === 'verification' && row.paidAt) return;
      throw new HttpError(409, { detail: DEAL_MESSAGES.notPayable });
    },

    /** The payer's receipt: PDF, JPEG or PNG by content, at most 10 MB, once, while the deal is open. */
    async uploadReceipt(id: string, content: Buffer): Promise<void> {
      if (!isUuid(id)) throw notFound(DEAL_MESSAGES.notFound);
      if (content.length > RECEIPT_MAX_BYTES)
        throw new HttpError(413, { detail: DEAL_MESSAGES.receiptTooLarge });
      const contentType = sniffReceiptType(content);
      if (!contentType) throw badRequest(DEAL_MESSAGES.receiptBadType);
      const row = await repo.findById(db, id);
      if (!row) throw notFound(DEAL_MESSAGES.notFound);
      if (row.status !== 'pending' && row.status !== 'verification') {
        throw new HttpError(409, { detail: DEAL_MESSAGES.notPayable });
      }
      const stored = await repo.insertReceipt(db, {
        dealId: row.id,
        contentType,
        sizeBytes: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        content,
        uploadedAt: deps.now(),
      });
      if (!stored) throw new HttpError(409, { detail: DEAL_MESSAGES.receiptExists });
    },
  };
}
