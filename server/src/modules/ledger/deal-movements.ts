/** Deal movements: freezing a deal's USDT, releasing it (cancelled or expired, with a reserve), settling it. */
import { systemAccount, userAccount } from './accounts.ts';
import { LedgerError, type LedgerService } from './ledger-types.ts';
import { legs, type Posting, repayment, requireNonNegative, requirePositive } from './posting.ts';
import * as reserves from './reserves.repository.ts';

const freezeSpec = ({ userId, amount, idempotencyKey, meta }: Parameters<LedgerService['freeze']>[0]) => {
  requirePositive('amount', amount);
  return {
    type: 'freeze',
    idempotencyKey,
    meta: { ...meta, userId },
    postings: [
      { account: userAccount(userId, 'available'), amount: -amount },
      { account: userAccount(userId, 'frozen'), amount },
    ],
  };
};

export function createDealMovements({
  post,
  postNew,
  postNewParts,
  postSized,
}: Posting): Pick<LedgerService, 'freeze' | 'freezeNew' | 'freezeNewParts' | 'release' | 'settle'> {
  return {
    freeze: (input, tx) => post(freezeSpec(input), tx),
    freezeNew: (input, tx) => postNew(freezeSpec(input), tx),
    freezeNewParts: (input, options) => postNewParts(freezeSpec(input), options),

    async release({ userId, amount, idempotencyKey, reserve }, tx) {
      requirePositive('amount', amount);
      return postSized(
        {
          type: 'release',
          idempotencyKey,
          userId,
          request: `release:${userId}:${amount}:${reserve?.subject ?? ''}`,
          after: reserve
            ? async (inner, transactionId, spec) => {
                const credited = spec.postings.find(
                  ({ account }) => 'userId' in account && account.bucket === 'available',
                );
                if (!credited) return;
                await reserves.insertReserve(inner, {
                  userId,
                  subject: reserve.subject,
                  releaseTransactionId: transactionId,
                  amount: credited.amount,
                  until: reserve.until,
                });
              }
            : undefined,
        },
        ({ debt }) => {
          const repaid = repayment(debt, amount);
          return {
            type: 'release',
            idempotencyKey,
            meta: repaid > 0n ? { userId, debtRepaid: repaid } : { userId },
            postings: legs(
              { account: userAccount(userId, 'frozen'), amount: -amount },
              { account: userAccount(userId, 'available'), amount: amount - repaid },
              { account: userAccount(userId, 'debt'), amount: repaid },
            ),
          };
        },
        tx,
      );
    },

    async settle(
      { userId, amount, merchantUserId, platformFee = 0n, traderReward = 0n, referral, idempotencyKey },
      tx,
    ) {
      requirePositive('amount', amount);
      requireNonNegative('platformFee', platformFee);
      requireNonNegative('traderReward', traderReward);
      const referralAmount = referral?.amount ?? 0n;
      requireNonNegative('referral.amount', referralAmount);
      const merchantShare = amount - platformFee - traderReward - referralAmount;
      if (merchantShare < 0n) throw new LedgerError('fees, reward and referral exceed the settled amount');
      const request = `settle:${userId}:${amount}:${merchantUserId ?? ''}:${platformFee}:${traderReward}:${referral?.userId ?? ''}:${referralAmount}`;
      const { transactionId, replayed } = await postSized(
        {
          type: 'settle',
          idempotencyKey,
          userId,
          request,
          alsoLocks: [merchantUserId, referral?.userId].filter((id): id is string => id !== undefined),
        },
        ({ debt }, balancesOf) => {
          // The reward is earned in full (total_profit), and repays the trader's debt first; so does the lead's
          // commission repay the lead's own debt (a lead is a trader too).
          const repaid = repayment(debt, traderReward);
          const leadRepaid =
            referral && referral.userId !== userId
              ? repayment(balancesOf(referral.userId).debt, referral.amount)
              : 0n;
          return {
            type: 'settle',
            idempotencyKey,
            meta: {
              userId,
              merchantUserId,
              platformFee,
              traderReward,
              referral,
              debtRepaid: repaid,
              ...(leadRepaid > 0n ? { leadDebtRepaid: leadRepaid } : {}),
            },
            postings: legs(
              { account: userAccount(userId, 'frozen'), amount: -amount },
              {
                account: merchantUserId
                  ? userAccount(merchantUserId, 'available')
                  : systemAccount('merchant_settlement'),
                amount: merchantShare,
              },
              { account: systemAccount('platform_fees'), amount: platformFee },
              { account: userAccount(userId, 'available'), amount: traderReward, earning: true },
              { account: userAccount(userId, 'available'), amount: -repaid },
              { account: userAccount(userId, 'debt'), amount: repaid },
              ...(referral
                ? [
                    {
                      account: userAccount(referral.userId, 'available'),
                      amount: referral.amount,
                      earning: true,
                    },
                    { account: userAccount(referral.userId, 'available'), amount: -leadRepaid },
                    { account: userAccount(referral.userId, 'debt'), amount: leadRepaid },
                  ]
                : []),
            ),
          };
        },
        tx,
      );
      return { transactionId, replayed };
    },
  };
}
