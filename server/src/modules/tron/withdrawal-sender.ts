/** Use case: the withdrawal sender job: approved withdrawals signed, broadcast, followed to an end. */
import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { exponentialDelayMs } from '../../jobs/backoff.ts';
import type { Job } from '../../jobs/job.ts';
import { startLeasedLoop } from '../../jobs/leased-loop.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { Notifier } from '../telegram/notifications.service.ts';
import { createWithdrawalQueue, type WithdrawalRow } from '../wallet/withdrawal-queue.ts';
import { tronAddressFromPrivateKey } from './tron-address.ts';
import {
  checkTransferTransaction,
  signTransaction,
  TransactionCheckError,
  type TronTransaction,
} from './tron-transaction.ts';
import type { TronGridClient } from './trongrid-client.ts';

export const WITHDRAWAL_SENDER = 'withdrawal-sender';
/** A node answering with a transaction we refuse this many times fails the withdrawal, nothing signed. */
export const MAX_CHECK_FAILURES = 3;
/**
 * A signed transaction is known never to reach the chain once the solidified head is this far past its
 * expiration without it (a block can only include it before the expiration).
 */
const EXPIRY_MARGIN_MS = 60_000;
const DEFAULT_STALE_CLAIM_MS = 120_000;
const MAX_BACKOFF_MS = 300_000;

/** The in-flight states the sender follows to an end. */
const IN_FLIGHT = ['signed', 'broadcast'] as const;

/** 15 s after the first attempt, doubling, at most MAX_BACKOFF_MS. */
const backoffMs = (attempt: number) => exponentialDelayMs(attempt, { baseMs: 15_000, maxMs: MAX_BACKOFF_MS });

/**
 * Sends approved withdrawals and follows them to an end. The order of each step is what makes a crash
 * harmless: a withdrawal is claimed (approved → signing, fenced by a claim number), built by the node,
 * checked (txID = SHA-256(raw_data_hex), and raw_data_hex is exactly our transfer), signed, and the signed
 * transaction with its txid is stored (signing → signed) BEFORE anything is broadcast. From then on the
 * withdrawal can never be built again (a CHECK constraint): after a crash the same signed transaction is
 * broadcast again (the node answers DUP if it had it) or found on chain by its txid. It ends confirmed
 * (in-flight → chain and fees) when the solidified receipt says SUCCESS, or failed (funds released) when
 * the receipt failed or the transaction expired without reaching the chain.
 */
export function createWithdrawalSender(deps: {
  database: Database;
  ledger: LedgerService;
  client: TronGridClient;
  contract: string;
  privateKey: Uint8Array | null;
  /** Most TRX a withdrawal may burn for energy, in sun (TRON_FEE_LIMIT_TRX through the tron service). */
  feeLimitSun: bigint;
  log: Logger;
  /** Telegram notifications: a withdrawal confirmed or failed is told in that transaction. */
  notifier: Notifier;
  now?: () => Date;
  staleClaimMs?: number;
}) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());
  const feeLimit = deps.feeLimitSun;
  const withdrawals = createWithdrawalQueue({ database: deps.database });
  const hotAddress = deps.privateKey ? tronAddressFromPrivateKey(deps.privateKey) : null;
  const log = deps.log;

  type Transition = Parameters<typeof withdrawals.transition>;

  /**
   * Ends a withdrawal in one transaction: its state (only from `from`, under the claim when given), its money
   * through the ledger (`release` gives amount and fee back, `complete` takes them for good) and the user's
   * notice. False when another pass moved it first: then nothing of it happened.
   */
  function end(
    row: WithdrawalRow,
    step: {
      from: Transition[1];
      set: Transition[2];
      claim?: number;
      money: 'release' | 'complete';
      notice: Parameters<Notifier['notify']>[2];
    },
  ): Promise<boolean> {
    return db.transaction(async (tx) => {
      const moved = await withdrawals.transition(row.id, step.from, step.set, step.claim, tx);
      if (!moved) return false;
      const move = { userId: row.userId, amount: row.amount, fee: row.fee };
      const idempotencyKey = `withdrawal:${row.id}:${step.money}`;
      if (step.money === 'release') await deps.ledger.releaseWithdrawal({ ...move, idempotencyKey }, tx);
      else await deps.ledger.completeWithdrawal({ ...move, idempotencyKey }, tx);
      await deps.notifier.notify(tx, row.userId, step.notice);
      return true;
    });
  }

  /** Ends a withdrawal as failed and gives the user the amount and fee back, in one transaction. */
  async function fail(row: WithdrawalRow, reason: string, claim?: number): Promise<boolean> {
    const done = await end(row, {
      from: [row.status],
      set: { status: 'failed', lastError: reason.slice(0, 500), completedAt: now() },
      claim,
      money: 'release',
      notice: {
        kind: 'withdrawal_returned',
        outcome: 'failed',
        amountMicro: row.amount,
        feeMicro: row.fee,
        address: row.toAddress,
      },
    });
    if (done) log.warn({ withdrawalId: row.id, txid: row.txid, reason }, 'withdrawal failed; funds released');
    return done;
  }

  async function confirm(row: WithdrawalRow): Promise<void> {
    const done = await end(row, {
      from: [...IN_FLIGHT],
      set: { status: 'confirmed', completedAt: now() },
      money: 'complete',
      notice: { kind: 'withdrawal_sent', amountMicro: row.amount, address: row.toAddress, txid: row.txid },
    });
    if (done) log.info({ withdrawalId: row.id, txid: row.txid }, 'withdrawal confirmed');
  }

  /** Broadcasts the stored signed transaction (again, after a crash); the node answers DUP if it has it. */
  async function broadcastStored(row: WithdrawalRow): Promise<void> {
    const signed = row.signedTx as unknown as TronTransaction & { signature: string[] };
    let answer: Awaited<ReturnType<TronGridClient['broadcast']>>;
    try {
      answer = await deps.client.broadcast(signed);
    } catch (error) {
      // The node may or may not have it: the txid on chain decides, later.
      log.warn(
        { withdrawalId: row.id, txid: row.txid, err: error },
        'broadcast: no answer; will check the chain',
      );
      await withdrawals.transition(row.id, ['signed'], { lastError: (error as Error).message.slice(0, 500) });
      return;
    }
    if (answer.accepted || answer.code === 'DUP_TRANSACTION_ERROR') {
      await withdrawals.transition(row.id, ['signed'], {
        status: 'broadcast',
        broadcastAt: now(),
        lastError: null,
      });
      log.info({ withdrawalId: row.id, txid: row.txid, code: answer.code }, 'withdrawal broadcast');
      return;
    }
    const reason = `broadcast refused: ${answer.code ?? ''} ${answer.message ?? ''}`.trim();
    log.error(
      { withdrawalId: row.id, txid: row.txid, reason },
      'broadcast refused; waiting for the expiration',
    );
    await withdrawals.transition(row.id, ['signed'], { lastError: reason.slice(0, 500) });
  }

  /** Follows a signed or broadcast withdrawal: confirmed, failed, expired, or broadcast once more. */
  async function followUp(row: WithdrawalRow): Promise<void> {
    // The solid head first, then the transaction: if the head is already past the expiration, any block that
    // could hold the transaction is solid, so "unknown" read after it is final. Read the other way round, a
    // node that solidifies the block between the two reads makes a paid transfer look expired, and the
    // funds would be released although they were sent.
    const solid = await deps.client.solidBlock();
    const info = await deps.client.transactionInfo(row.txid!);
    if (info) {
      if (info.receiptResult === 'SUCCESS' && !info.failed) {
        await confirm(row);
      } else if (info.failed || info.receiptResult) {
        await fail(
          row,
          `the transaction failed on chain: ${info.receiptResult ?? 'FAILED'} ${info.message ?? ''}`.trim(),
        );
      } else {
        // A smart-contract call always carries a receipt result; without one, neither outcome is safe to assume.
        log.error(
          { withdrawalId: row.id, txid: row.txid },
          'withdrawal: transaction info without a receipt result',
        );
      }
      return;
    }
    if (solid.timestamp > (row.txExpiration ?? 0) + EXPIRY_MARGIN_MS) {
      await fail(row, 'the transaction expired without reaching the chain');
      return;
    }
    if (row.status === 'signed') await broadcastStored(row);
  }

  /** Claims, builds, checks, signs, stores and broadcasts one approved withdrawal. */
  async function send(row: WithdrawalRow): Promise<void> {
    if (!deps.privateKey || !hotAddress) return;
    const claimed = await withdrawals.transition(
      row.id,
      ['approved'],
      { status: 'signing', attempts: row.attempts + 1 },
      row.attempts,
    );
    if (!claimed) return;
    const claim = claimed.attempts;
    let signed: TronTransaction & { signature: string[] };
    let expiration: number;
    try {
      const built = await deps.client.buildTransfer({
        owner: hotAddress,
        contract: deps.contract,
        to: claimed.toAddress,
        amount: claimed.amount,
        feeLimit,
      });
      ({ expiration } = checkTransferTransaction(built, {
        owner: hotAddress,
        contract: deps.contract,
        to: claimed.toAddress,
        amount: claimed.amount,
        maxFeeLimit: feeLimit,
        now: now(),
      }));
      signed = signTransaction(built, deps.privateKey);
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      if (error instanceof TransactionCheckError) {
        // Nothing was signed. A node that keeps answering with something else is broken or hostile: after a
        // few tries the withdrawal fails and the funds go back, which is safe precisely because nothing was signed.
        const failures = claimed.checkFailures + 1;
        log.error(
          { withdrawalId: row.id, reason: message, failures },
          "refused to sign the node's transaction",
        );
        if (failures >= MAX_CHECK_FAILURES) {
          await fail(claimed, `refused to sign: ${message}`, claim);
          return;
        }
        await withdrawals.transition(
          row.id,
          ['signing'],
          {
            status: 'approved',
            checkFailures: failures,
            lastError: message,
            nextAttemptAt: new Date(now().getTime() + backoffMs(claim)),
          },
          claim,
        );
        return;
      }
      log.warn(
        { withdrawalId: row.id, err: error },
        'could not build the withdrawal transaction; will retry',
      );
      await withdrawals.transition(
        row.id,
        ['signing'],
        {
          status: 'approved',
          lastError: message,
          nextAttemptAt: new Date(now().getTime() + backoffMs(claim)),
        },
        claim,
      );
      return;
    }
    const stored = await withdrawals.transition(
      row.id,
      ['signing'],
      {
        status: 'signed',
        txid: signed.txID.toLowerCase(),
        signedTx: signed as unknown as Record<string, unknown>,
        txExpiration: expiration,
        lastError: null,
      },
      claim,
    );
    if (!stored) {
      log.warn(
        { withdrawalId: row.id },
        'lost the claim before storing the signed transaction; it is dropped unsent',
      );
      return;
    }
    log.info({ withdrawalId: row.id, txid: stored.txid }, 'withdrawal signed and stored; broadcasting');
    await broadcastStored(stored);
  }

  /** Claims in 'signing' whose sender stopped before storing anything: nothing was sent, so back to approved. */
  async function recoverAbandonedClaims(): Promise<void> {
    for (const row of await withdrawals.staleSigning(deps.staleClaimMs ?? DEFAULT_STALE_CLAIM_MS)) {
      const back = await withdrawals.transition(
        row.id,
        ['signing'],
        { status: 'approved', lastError: 'the sender stopped before signing; retrying' },
        row.attempts,
      );
      if (back)
        log.warn({ withdrawalId: row.id }, 'withdrawal claim abandoned by a stopped sender; retrying');
    }
  }

  async function each(rows: WithdrawalRow[], step: (row: WithdrawalRow) => Promise<void>) {
    for (const row of rows) {
      try {
        await step(row);
      } catch (error) {
        log.warn({ withdrawalId: row.id, err: error }, 'withdrawal step failed; will retry');
      }
    }
  }

  return {
    hotAddress,
    /** One pass: recover abandoned claims, follow in-flight withdrawals, send the approved ones that are due. */
    async runOnce(control: { stopping?: () => boolean } = {}): Promise<void> {
      await recoverAbandonedClaims();
      await each(await withdrawals.inStates([...IN_FLIGHT]), followUp);
      if (!deps.privateKey || control.stopping?.()) return;
      await each(await withdrawals.dueApproved(now(), 10), async (row) => {
        if (!control.stopping?.()) await send(row);
      });
    },
  };
}

export type WithdrawalSender = ReturnType<typeof createWithdrawalSender>;

/** Starts the withdrawal sender on the instance holding its lease (TRONGRID_URL required). */
export function startWithdrawalSender(
  ctx: AppContext,
  options: { client?: TronGridClient; intervalMs?: number; holder?: string; staleClaimMs?: number } = {},
): Job & { sender: WithdrawalSender } {
  const { config, log, tron } = ctx;
  const client = options.client ?? tron.client;
  if (!client) throw new Error('the withdrawal sender needs TRONGRID_URL');
  const sender = createWithdrawalSender({
    database: ctx.database,
    ledger: ctx.ledger,
    client,
    contract: tron.contract,
    privateKey: tron.hotWalletKey,
    feeLimitSun: tron.feeLimitSun,
    log: log.child({ job: WITHDRAWAL_SENDER }),
    notifier: ctx.notifications,
    now: ctx.now,
    staleClaimMs: options.staleClaimMs,
  });
  if (sender.hotAddress) log.info({ hotWallet: sender.hotAddress }, 'withdrawal sender: hot wallet');
  else
    log.info(
      'TRON_WITHDRAWAL_PRIVATE_KEY is not set: approved withdrawals wait; in-flight ones are followed',
    );
  const loop = startLeasedLoop({
    name: WITHDRAWAL_SENDER,
    database: ctx.database,
    log,
    intervalMs: options.intervalMs ?? config.TRON_POLL_INTERVAL_MS,
    holder: options.holder,
    tick: ({ stopping }) => sender.runOnce({ stopping }),
    onError(error) {
      log.warn({ err: error }, 'withdrawal sender: pass failed');
    },
  });
  return { name: WITHDRAWAL_SENDER, sender, stop: () => loop.stop() };
}
