import { z } from 'zod';
import '../zod-messages.ts';
import { otpError } from '../auth/rules.ts';
import { pageQueryFields } from '../paging.ts';
import { WALLET_MESSAGES } from './messages.ts';
import { isTronAddress } from './tron-address.ts';

/** The most addresses one lead can keep on the withdrawal whitelist. */
export const WHITELIST_MAX_ENTRIES = 20;

const otpField = z.string().superRefine((value, ctx) => {
  const error = otpError(value);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

/** POST account/wallet/address/confirm/ and PATCH account/wallet/white/. */
export const walletOtpRequest = z.object({ otp: otpField });
export type WalletOtpRequest = z.infer<typeof walletOtpRequest>;

/** POST account/wallet/withdraw/request/ (spec §3 Withdrawal request). Rules beyond the types answer {error}. */
export const withdrawRequest = z.object({
  amount: z.number({ error: WALLET_MESSAGES.fillAllFields }),
  address: z.string({ error: WALLET_MESSAGES.fillAllFields }).trim().max(64, WALLET_MESSAGES.invalidAddress),
});
export type WithdrawRequest = z.infer<typeof withdrawRequest>;

/** POST account/wallet/withdraw/verify/: the same amount and address plus the mailed code. */
export const withdrawVerifyRequest = withdrawRequest.extend({ otp: otpField });
export type WithdrawVerifyRequest = z.infer<typeof withdrawVerifyRequest>;

/** POST account/wallet/white/ {wallet}. */
export const whitelistAddRequest = z.object({
  wallet: z
    .string({ error: WALLET_MESSAGES.whitelistAddressRequired })
    .trim()
    .min(1, WALLET_MESSAGES.whitelistAddressRequired)
    .max(64, WALLET_MESSAGES.invalidAddress),
});
export type WhitelistAddRequest = z.infer<typeof whitelistAddRequest>;

/** DELETE account/wallet/white/ {id}; a number is accepted for clients that send one. */
export const whitelistDeleteRequest = z.object({
  id: z.union([z.string().max(64), z.number().int()]).transform(String),
});
export type WhitelistDeleteRequest = z.input<typeof whitelistDeleteRequest>;

/** GET account/wallet/address/ and the confirm answer. */
export const walletAddressResponse = z.object({ address: z.string() });
export type WalletAddressResponse = z.infer<typeof walletAddressResponse>;

/** POST account/wallet/address/request/: a code was mailed, or the address already exists. */
export const walletAddressRequestResponse = z.union([
  z.object({ status: z.literal('otp_sent'), message: z.string() }),
  z.object({ status: z.literal('exists'), address: z.string() }),
]);
export type WalletAddressRequestResponse = z.infer<typeof walletAddressRequestResponse>;

/** POST account/wallet/address/confirm/. */
export const walletAddressConfirmResponse = z.object({ address: z.string(), message: z.string() });

/** POST account/wallet/deposit/: 'scanning' when a chain is configured, 'disabled' when not. */
export const depositNudgeResponse = z.object({ status: z.enum(['scanning', 'disabled']) });
export type DepositNudgeResponse = z.infer<typeof depositNudgeResponse>;

/** Wallet data of spec §3 (whitelist). */
/**
 * A whitelist entry. usable_at (ISO 8601, our addition) is when a newly added address can first receive
 * withdrawals (WHITELIST_COOLDOWN_H after it was added); until then the entry is pending.
 */
export const whitelistEntrySchema = z.object({ id: z.string(), wallet: z.string(), usable_at: z.string() });
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;
export const walletDataSchema = z.object({
  is_white_wallet: z.boolean(),
  wallets: z.array(whitelistEntrySchema),
});
export type WalletData = z.infer<typeof walletDataSchema>;

/** POST account/wallet/white/ and DELETE answers. */
export const whitelistChangeResponse = z.object({
  wallet_data: walletDataSchema,
  message: z.string().optional(),
});
export type WhitelistChangeResponse = z.infer<typeof whitelistChangeResponse>;

/** PATCH account/wallet/white/. */
export const whitelistToggleResponse = z.object({ is_white_wallet: z.boolean(), message: z.string() });

/** Withdrawal lifecycle (DESIGN.md Lifecycles), as the API and the operator see it. */
export const WITHDRAWAL_STATUSES = [
  'requested',
  'canceled',
  'held',
  'approved',
  'signing',
  'signed',
  'broadcast',
  'confirmed',
  'failed',
  'rejected',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** POST account/wallet/withdraw/verify/. Amounts in USDT as numbers with up to 6 decimals. */
export const withdrawVerifyResponse = z.object({
  message: z.string(),
  withdrawal: z.object({
    id: z.string(),
    status: z.enum(WITHDRAWAL_STATUSES),
    amount: z.number(),
    fee: z.number(),
    address: z.string(),
  }),
});
export type WithdrawVerifyResponse = z.infer<typeof withdrawVerifyResponse>;

/** GET account/wallet/withdraw/limits/ (our addition): USDT amounts as numbers, shown before submitting. */
export const withdrawLimitsResponse = z.object({ fee: z.number(), minimum: z.number() });
export type WithdrawLimits = z.infer<typeof withdrawLimitsResponse>;

/**
 * GET account/wallet/withdraw/available/ (our addition, issue 23): what can be withdrawn now, USDT as
 * numbers. `withdrawable` is available − reserved (never below 0), and 0 while `debt` is not; `reserves` are
 * the amounts released from expired or canceled deals that stay until each deal's dispute window closes
 * (`until`, ISO 8601), the soonest first.
 */
export const withdrawableResponse = z.object({
  available: z.number(),
  withdrawable: z.number(),
  reserved: z.number(),
  debt: z.number(),
  reserves: z.array(z.object({ amount: z.number(), until: z.string() })),
});
export type WithdrawableBalance = z.infer<typeof withdrawableResponse>;

/**
 * The whitelist's add form: required ('Введите адрес кошелька'), then a Tron address whose base58check
 * checksum matches, so a mistyped character is caught before sending.
 */
export const whitelistAddForm = z.object({
  wallet: z
    .string()
    .trim()
    .superRefine((wallet, ctx) => {
      if (!wallet) ctx.addIssue({ code: 'custom', message: WALLET_MESSAGES.whitelistAddressRequired });
      else if (!isTronAddress(wallet))
        ctx.addIssue({ code: 'custom', message: WALLET_MESSAGES.invalidAddress });
    }),
});
export type WhitelistAddForm = z.infer<typeof whitelistAddForm>;

/**
 * Withdrawals whose amount + fee has left the available balance and not yet reached the chain for good: the
 * ledger holds them in flight (verified: held or approved; then signing, signed, broadcast).
 */
export const WITHDRAWAL_IN_FLIGHT_STATUSES = [
  'held',
  'approved',
  'signing',
  'signed',
  'broadcast',
] as const satisfies readonly WithdrawalStatus[];

/**
 * Statuses the withdrawals list shows: every withdrawal the user confirmed with the mailed code. One still
 * waiting for its code (requested) or replaced before it (canceled) never touched the balance and is left out.
 */
export const WITHDRAWAL_LISTED_STATUSES = [
  ...WITHDRAWAL_IN_FLIGHT_STATUSES,
  'confirmed',
  'failed',
  'rejected',
] as const satisfies readonly WithdrawalStatus[];

/** Default and largest page of GET account/wallet/withdrawals/. */
export const WITHDRAWALS_PAGE_SIZE = 10;
export const WITHDRAWALS_PAGE_SIZE_MAX = 50;

/** GET account/wallet/withdrawals/?page=&page_size= (our addition). */
export const withdrawalsQuery = z.object({
  ...pageQueryFields({ defaultSize: WITHDRAWALS_PAGE_SIZE, maxSize: WITHDRAWALS_PAGE_SIZE_MAX }),
});
export type WithdrawalsQuery = z.input<typeof withdrawalsQuery>;

/**
 * One withdrawal of the list. Amounts in USDT as numbers with up to 6 decimals (as the other wallet answers);
 * the user's balance went down by amount + fee. txid is set once the transaction is signed (a Tron txid, 64
 * hex characters). Dates are ISO 8601.
 */
export const withdrawalItemSchema = z.object({
  id: z.string(),
  amount: z.number(),
  fee: z.number(),
  address: z.string(),
  status: z.enum(WITHDRAWAL_LISTED_STATUSES),
  txid: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WithdrawalItem = z.infer<typeof withdrawalItemSchema>;

/** The user's withdrawals, newest first (spec §3 Paged responses: count, results). */
export const withdrawalsResponse = z.object({ results: z.array(withdrawalItemSchema), count: z.number() });
export type WithdrawalsResponse = z.infer<typeof withdrawalsResponse>;
