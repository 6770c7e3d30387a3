/** Use cases: a trader's payment methods (create, list, edit, switch, delete) and the bank directory. */
import {
  type Bank,
  canAddPaymentMethods,
  defaultModeFlags,
  type FieldErrors,
  fitModeToDetails,
  isReadyForActivation,
  kopecksToRubles,
  maskRequisite,
  PAYMENT_MESSAGES,
  PAYMENT_TEXT,
  type PaymentCreate,
  type PaymentCreateResponse,
  type PaymentDetails,
  type PaymentLimits,
  type PaymentListQuery,
  type PaymentListResponse,
  type PaymentMethod,
  type PaymentUpdate,
  paymentDetailsErrors,
  paymentModeErrors,
  type TerminalPayment,
  type TerminalPaymentsResponse,
} from '@app/shared';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { badRequest, fieldErrors, notFound } from '../../lib/http-errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { createBankDirectory } from './bank-directory.ts';
import { decodeListCursor, encodeListCursor } from './list-cursor.ts';
import * as repo from './payments.repository.ts';

/** Who is asking; every method is checked against this owner first. */
export interface PaymentsActor {
  id: string;
}

const DUPLICATE_BY_CONSTRAINT: Record<string, FieldErrors> = {
  payment_methods_card_key: { card: [PAYMENT_MESSAGES.duplicateCard] },
  payment_methods_account_key: { nomer_scheta: [PAYMENT_MESSAGES.duplicateAccount] },
};

/** The field error of a card/account unique violation (both engines put the index name on the error). */
function duplicateRequisiteErrors(error: unknown): FieldErrors | null {
  const constraint = uniqueViolation(error)?.constraint;
  return (constraint && DUPLICATE_BY_CONSTRAINT[constraint]) || null;
}

/** Runs a write and turns a duplicate card/account into the field error the form shows. */
async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const duplicate = duplicateRequisiteErrors(error);
    if (duplicate) throw fieldErrors(duplicate);
    throw error;
  }
}

export function toApiBank(bank: repo.BankRow): Bank {
  return {
    id: bank.id,
    name: bank.name,
    full_name: bank.fullName,
    is_popular: bank.isPopular,
    color: bank.color ?? null,
  };
}

function toApiMethod(method: repo.PaymentMethodRow, bank: repo.BankRow): PaymentMethod {
  return {
    id: method.id,
    name: method.name,
    bank: toApiBank(bank),
    card: method.card,
    phone_number: method.phoneNumber,
    nomer_scheta: method.nomerScheta,
    is_SBP: method.isSbp,
    is_c2c: method.isC2c,
    is_active: method.isActive,
    is_connect: method.terminalId !== null,
    requisites_locked: method.firstActivatedAt !== null,
    rating: Number(method.rating),
    min_amount_for_deposit:
      method.minDepositKopecks === null ? null : kopecksToRubles(method.minDepositKopecks),
    max_amount_for_deposit:
      method.maxDepositKopecks === null ? null : kopecksToRubles(method.maxDepositKopecks),
    created_at: method.createdAt.toISOString(),
  };
}

/** A masked value stays null when there is none (the list item's fields are nullable). */
const masked = (value: string | null) => (value === null ? null : maskRequisite(value));

/** A method as a terminal's list and the unassigned list show it: card and account masked as on /payments. */
function toTerminalPayment(method: repo.PaymentMethodRow, bank: repo.BankRow): TerminalPayment {
  return {
    id: method.id,
    bank: { name: bank.name },
    card: masked(method.card),
    phone_number: method.phoneNumber,
    nomer_scheta: masked(method.nomerScheta),
    is_active: method.isActive,
    is_SBP: method.isSbp,
    is_c2c: method.isC2c,
    rating: Number(method.rating),
  };
}

const toTerminalPage = (page: repo.MethodPage): TerminalPaymentsResponse => ({
  count: page.count,
  results: page.rows.map(({ method, bank }) => toTerminalPayment(method, bank)),
});

/** One page of a list: ?page&page_size. */
export interface PageQuery {
  page: number;
  page_size: number;
}

function detailsOf(method: repo.PaymentMethodRow): PaymentDetails {
  return {
    name: method.name,
    card: method.card,
    phone_number: method.phoneNumber,
    nomer_scheta: method.nomerScheta,
  };
}

function limitsOf(method: repo.PaymentMethodRow): PaymentLimits {
  return {
    payment_id: method.id,
    min_amount_for_deposit:
      method.minDepositKopecks === null ? null : kopecksToRubles(method.minDepositKopecks),
    max_amount_for_deposit:
      method.maxDepositKopecks === null ? null : kopecksToRubles(method.maxDepositKopecks),
  };
}

const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/**
 * Payment methods (spec §4, §5, §7 Payments): banks, create, list with filters, update of requisites, mode
 * and Online status, deposit limits. Only the owner sees or changes a method; any other id is 404.
 */
export function createPaymentsService(deps: { database: Database; now?: () => Date }) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  /** Locks the owner's method inside a transaction, or answers 404 (malformed, unknown or someone else's). */
  async function lockOwned(tx: Parameters<typeof repo.lockOwned>[0], actor: PaymentsActor, id: string) {
    const method = isUuid(id) ? await repo.lockOwned(tx, id, actor.id) : undefined;
    if (!method) throw notFound();
    return method;
  }

  async function updateDetails(actor: PaymentsActor, id: string, changes: Partial<PaymentDetails>) {
    await refusingDuplicates(() =>
      db.transaction(async (tx) => {
        const method = await lockOwned(tx, actor, id);
        if (method.isActive) throw badRequest(PAYMENT_MESSAGES.disableFirst);
        const current = detailsOf(method);
        const next: PaymentDetails = { ...current, ...changes };
        if (method.firstActivatedAt) {
          // Deals have been routed to these requisites: a filled field stays as it is; a missing one may be
          // added once (and is then filled, so locked too).
          const locked: FieldErrors = {};
          for (const field of Object.keys(changes) as (keyof PaymentDetails)[]) {
            if (current[field] !== null && current[field] !== next[field])
              locked[field] = [PAYMENT_MESSAGES.lockedField];
          }
          if (hasErrors(locked)) throw fieldErrors(locked);
        }
        const errors = paymentDetailsErrors(next);
        if (hasErrors(errors)) throw fieldErrors(errors);
        const mode = fitModeToDetails({ is_SBP: method.isSbp, is_c2c: method.isC2c }, next);
        await repo.updateMethod(
          tx,
          method.id,
          {
            name: next.name,
            card: next.card,
            phoneNumber: next.phone_number,
            nomerScheta: next.nomer_scheta,
            isSbp: mode.is_SBP,
            isC2c: mode.is_c2c,
          },
          now(),
        );
      }),
    );
    return { message: PAYMENT_TEXT.detailsSaved };
  }

  async function updateMode(actor: PaymentsActor, id: string, flags: { is_SBP: boolean; is_c2c: boolean }) {
    await db.transaction(async (tx) => {
      const method = await lockOwned(tx, actor, id);
      if (method.isActive) throw badRequest(PAYMENT_MESSAGES.disableFirst);
      const errors = paymentModeErrors(flags, detailsOf(method));
      if (hasErrors(errors)) throw fieldErrors(errors);
      await repo.updateMethod(tx, method.id, { isSbp: flags.is_SBP, isC2c: flags.is_c2c }, now());
    });
    return { message: PAYMENT_TEXT.modeUpdated };
  }

  async function updateStatus(actor: PaymentsActor, id: string, isActive: boolean) {
    await db.transaction(async (tx) => {
      const method = await lockOwned(tx, actor, id);
      if (method.isActive === isActive) return;
      const at = now();
      if (isActive) {
        if (!isReadyForActivation(detailsOf(method), { is_SBP: method.isSbp, is_c2c: method.isC2c })) {
          throw badRequest(PAYMENT_MESSAGES.incompleteRequisites);
        }
        await repo.updateMethod(
          tx,
          method.id,
          { isActive: true, firstActivatedAt: method.firstActivatedAt ?? at },
          at,
        );
      } else {
        await repo.updateMethod(tx, method.id, { isActive: false }, at);
      }
    });
    return { message: isActive ? PAYMENT_TEXT.activated : PAYMENT_TEXT.deactivated };
  }

  return {
    ...createBankDirectory(deps.database),

    /** GET banks: the whole directory, popular first. */
    async listBanks(): Promise<Bank[]> {
      return (await repo.listBanks(db)).map(toApiBank);
    },

    /**
     * GET list: one page of the actor's methods with the page's filters; newest first. `next_cursor` lets the
     * next page be read by keyset; `count` is exact up to repo.EXACT_COUNT_LIMIT methods (see listOwned).
     */
    async list(actor: PaymentsActor, query: PaymentListQuery): Promise<PaymentListResponse> {
      const { count, rows, next } = await repo.listOwned(db, actor.id, query, decodeListCursor(query));
      return {
        count,
        results: rows.map(({ method, bank }) => toApiMethod(method, bank)),
        next_cursor: next ? encodeListCursor(query, next) : null,
      };
    },

    /** Adds a bank to the directory (the operator's bank-add); null when a bank of that name exists. */
    async addBank(
      input: { name: string; fullName: string; isPopular: boolean },
      /** The operator's audit row (console or CLI), written in the bank's transaction. */
      audit?: (tx: Tx, bank: Bank) => Promise<void>,
    ): Promise<Bank | null> {
      try {
        return await db.transaction(async (tx) => {
          const bank = toApiBank(await repo.insertBank(tx, input));
          await audit?.(tx, bank);
          return bank;
        });
      } catch (error) {
        if (uniqueViolation(error)) return null;
        throw error;
      }
    },

    /**
     * Creates an inactive method with the spec §5 create rules already checked by the contract. The rating
     * starts at the owner's points, kept as the method's base (spec §9: "a new method starts at the trader's
     * rating"); an owner below RATING.minPercent is refused. Duplicates are refused by the indexes.
     */
    async create(actor: PaymentsActor, input: PaymentCreate): Promise<PaymentCreateResponse> {
      const bank = await repo.findBank(db, input.bank);
      if (!bank) throw fieldErrors({ bank: [PAYMENT_MESSAGES.bankRequired] });
      const details: PaymentDetails = {
        name: input.name,
        card: input.card,
        phone_number: input.phone_number,
        nomer_scheta: input.nomer_scheta,
      };
      const created = await refusingDuplicates(() =>
        db.transaction(async (tx) => {
          const rating = await repo.findUserRating(tx, actor.id);
          if (rating === undefined) throw notFound();
          if (!canAddPaymentMethods(Number(rating.rating))) throw badRequest(PAYMENT_MESSAGES.ratingTooLow);
          const flags = defaultModeFlags(details);
          return repo.insertMethod(tx, {
            userId: actor.id,
            bankId: bank.id,
            name: details.name,
            card: details.card,
            phoneNumber: details.phone_number,
            nomerScheta: details.nomer_scheta,
            isSbp: flags.is_SBP,
            isC2c: flags.is_c2c,
            rating: rating.rating,
            ratingPointsTenths: rating.pointsTenths,
            basePointsTenths: rating.pointsTenths,
          });
        }),
      );
      return { details: PAYMENT_TEXT.created, payment_id: created.id, status: 'success', errors: null };
    },

    /** PATCH update: exactly one of requisites, mode or Online status (the contract decided which). */
    async update(actor: PaymentsActor, id: string, update: PaymentUpdate): Promise<{ message: string }> {
      switch (update.kind) {
        case 'details':
          return updateDetails(actor, id, update.changes);
        case 'mode':
          return updateMode(actor, id, update);
        case 'status':
          return updateStatus(actor, id, update.is_active);
      }
    },

    /** GET limits of one of the actor's methods. */
    async getLimits(actor: PaymentsActor, paymentId: string | undefined): Promise<PaymentLimits> {
      const row =
        paymentId && isUuid(paymentId) ? await repo.findOwnedWithBank(db, paymentId, actor.id) : undefined;
      if (!row) throw notFound();
      return limitsOf(row.method);
    },

    /** POST limits: only while the method is off (spec §4); min ≤ max was checked by the contract. */
    async setLimits(
      actor: PaymentsActor,
      input: { paymentId: string; min: bigint | null; max: bigint | null },
    ): Promise<PaymentLimits & { message: string }> {
      const updated = await db.transaction(async (tx) => {
        const method = await lockOwned(tx, actor, input.paymentId);
        if (method.isActive) throw badRequest(PAYMENT_MESSAGES.disableFirst);
        return repo.updateMethod(
          tx,
          method.id,
          { minDepositKopecks: input.min, maxDepositKopecks: input.max },
          now(),
        );
      });
      if (!updated) throw notFound();
      return { ...limitsOf(updated), message: PAYMENT_TEXT.limitsSaved };
    },

    // Terminal links (issue 9). The terminals service owns the rules about the terminal itself (that it is
    // the actor's and listed) and calls these; every one is limited to the actor's own methods.

    /** The actor's methods linked to a terminal, newest first, masked. */
    async terminalMethods(actor: PaymentsActor, terminalId: string, page: PageQuery) {
      return toTerminalPage(await repo.listLinkedToTerminal(db, actor.id, terminalId, page));
    },

    /** The actor's methods linked to no terminal, newest first, masked. */
    async unlinkedMethods(actor: PaymentsActor, page: PageQuery) {
      return toTerminalPage(await repo.listUnlinked(db, actor.id, page));
    },

    /**
     * Links the actor's unlinked methods `ids` to a terminal, inside the caller's transaction. Answers false
     * when any of them is not the actor's, does not exist or is linked already; the caller must then roll
     * back (throw), since the ones that were free are linked by then. One conditional UPDATE, so two
     * terminals racing for a method cannot both get it.
     */
    async linkToTerminal(actor: PaymentsActor, ids: string[], terminalId: string, tx: Tx): Promise<boolean> {
      const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
      if (!unique.every(isUuid)) return false;
      return (await repo.linkUnlinked(tx, actor.id, unique, terminalId, now())) === unique.length;
    },

    /** Unlinks one of the actor's methods: 'unlinked', or why not ('not-linked', 'not-found'). */
    async unlink(actor: PaymentsActor, id: string): Promise<'unlinked' | 'not-linked' | 'not-found'> {
      if (!isUuid(id)) return 'not-found';
      if (await repo.unlinkOwned(db, actor.id, id, now())) return 'unlinked';
      return (await repo.isOwned(db, actor.id, id)) ? 'not-linked' : 'not-found';
    },

    /** Unlinks every method of a terminal (it is being deleted), inside the caller's transaction. */
    async unlinkTerminal(terminalId: string, tx: Tx): Promise<number> {
      return repo.unlinkTerminal(tx, terminalId, now());
    },

    /** How many methods each terminal has linked (0 for those with none). */
    async linkedCounts(terminalIds: string[]): Promise<Map<string, number>> {
      const counts = new Map(terminalIds.map((id) => [id, 0]));
      for (const row of await repo.countByTerminals(db, terminalIds)) counts.set(row.terminalId, row.total);
      return counts;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

/** Spec §9: a method's rating points and percent as the rating module computed them, in its transaction. */
export function setMethodRatingPoints(
  tx: Tx,
  methodId: string,
  pointsTenths: number,
  rating: string,
): Promise<void> {
  return repo.setRatingPoints(tx, methodId, pointsTenths, rating);
}

/**
 * Routing picked this method for a new deal (the least recently used goes first): a write not yet run, for the
 * deal's statement that runs several (db/writes-together.ts).
 */
export function stampLastDealWrite(tx: Tx, methodId: string, at: Date) {
  return repo.stampLastDealWrite(tx, methodId, at);
}

/**
 * These terminals changed (a heartbeat, an announced silence, a new status): their methods leave routing's walk
 * of the rotation while the terminal is idle (Disabled, or its silence announced and not heard since) and come
 * back when it is not, so orders do not walk past methods that cannot take them. Run in a statement after the
 * one that changed the terminal. Routing still checks each terminal itself; this only keeps the walk short.
 */
export function refreshTerminalIdle(db: DbOrTx, terminalIds: string[]): Promise<void> {
  return repo.refreshTerminalIdle(db, terminalIds);
}
