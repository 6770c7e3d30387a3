// Use cases: none of its own. The shapes a deal is answered in (the merchant API's Order, the web's Transaction)
// and the split its fee snapshot gives each side, shared by the orders module's parts.
import {
  formatUsdt,
  kopecksToRubleString,
  microToNumber,
  type Order,
  splitDeal,
  type Transaction,
} from '@app/shared';
import type { SessionUser } from '../users/users.service.ts';
import type { DealRow } from './orders.repository.ts';

/** Whose deals a user sees: a trader's deals or a merchant's orders. */
export type DealSide = 'trader' | 'merchant';

export const iso = (date: Date) => date.toISOString();

/** An ISO 8601 offset (+03:00, -09:30, +00:00) from seconds east of UTC. */
export function utcOffset(seconds: number): string {
  const minutes = Math.round(Math.abs(seconds) / 60);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${seconds < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export const sideOf = (user: Pick<SessionUser, 'role'>): DealSide =>
  user.role === 'merchant' ? 'merchant' : 'trader';

/** The trader's reward, or what the merchant is credited: the deal's split, fixed when it was created. */
export function profitOf(row: DealRow, side: DealSide): bigint {
  const split = splitDeal(row.amountUsdt, row.merchantFeeBps, row.traderRewardBps);
  return side === 'trader' ? split.traderReward : split.merchantShare;
}

/** The merchant API's order; `publicUrl` is where the payer page lives. */
export function toOrder(row: DealRow, publicUrl: string): Order {
  return {
    id: row.id,
    external_id: row.externalId,
    status: row.status,
    amount: kopecksToRubleString(row.amountKopecks),
    currency: 'RUB',
    amount_usdt: formatUsdt(row.amountUsdt),
    rate: kopecksToRubleString(row.rateKopecks),
    payment_mode: row.paymentMode,
    requisites: {
      bank: { id: row.bankId, name: row.bankName },
      card: row.card,
      phone_number: row.phoneNumber,
      owner_name: row.ownerName,
    },
    payment_url: `${publicUrl}/c2c/${row.id}`,
    callback_url: row.callbackUrl,
    return_url: row.returnUrl,
    expires_at: iso(row.expiresAt),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** The web app's transaction row, as the deal's trader or merchant sees it. */
export function toTransaction(row: DealRow, side: DealSide): Transaction {
  const mode = row.paymentMode === 'sbp' ? 'СБП' : 'Перевод на карту';
  return {
    id: row.id,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    status: row.status,
    amount: microToNumber(row.amountUsdt),
    currency: 'USDT',
    profit: microToNumber(profitOf(row, side)),
    order_type: row.paymentMode,
    description:
      side === 'merchant'
        ? `${mode} · ${row.bankName} · заказ ${row.externalId}`
        : `${mode} · ${row.bankName}`,
    payment_details: {
      bank: { id: row.bankId, name: row.bankName },
      card: row.card,
      phone_number: row.phoneNumber,
      owner_name: row.ownerName,
      amount: kopecksToRubleString(row.amountKopecks),
      currency: { code: 'RUB', symbol: '₽' },
    },
  };
}
