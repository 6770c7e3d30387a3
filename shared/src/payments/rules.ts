import type { FieldErrors } from '../http.ts';
import { ratingAllowsDeals } from '../rating/rules.ts';
import { PAYMENT_MESSAGES } from './messages.ts';

/** Sizes of spec §5 Payment methods. */
export const PAYMENT_RULES = {
  nameMin: 2,
  nameMax: 50,
  cardMinDigits: 13,
  cardMaxDigits: 19,
  phoneMinDigits: 10,
  phoneMaxDigits: 15,
  accountMaxDigits: 20,
} as const;

/** Edit modal input max lengths (spec §5): the card allows its grouping spaces, the phone its formatting. */
export const PAYMENT_EDIT_MAX_LENGTH = { name: 50, nomer_scheta: 20, card: 23, phone_number: 20 } as const;

/** The requisites a person types; every field may be empty while typing. */
export interface PaymentDetailsInput {
  name?: string | null;
  card?: string | null;
  phone_number?: string | null;
  nomer_scheta?: string | null;
}

/** The requisites as stored: trimmed name, card without spaces, empty phone and account as null. */
export interface PaymentDetails {
  name: string;
  card: string | null;
  phone_number: string | null;
  nomer_scheta: string | null;
}

const NAME_PATTERN = /^[A-Za-zА-Яа-яЁё '.-]+$/;
const PHONE_CHARACTERS = /^[\d+\-() ]+$/;

/** Card as stored: without spaces (spec §5); null when empty. */
export function normalizeCard(value: string | null | undefined): string | null {
  const card = (value ?? '').replace(/\s+/g, '');
  return card ? card : null;
}

/**
 * Phone as stored: its digits, with the leading + kept when typed; null when empty. Formatting characters
 * ( ) - and spaces carry no meaning, so "+7 (999) 123-45-67" and "+79991234567" are the same phone.
 */
export function normalizePhone(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  if (!trimmed) return null;
  if (!PHONE_CHARACTERS.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return trimmed;
  return `${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** Account number as stored: trimmed; null when empty. */
export function normalizeAccount(value: string | null | undefined): string | null {
  const account = (value ?? '').trim();
  return account ? account : null;
}

/** Normalizes typed requisites into their stored form. */
export function normalizePaymentDetails(input: PaymentDetailsInput): PaymentDetails {
  return {
    name: (input.name ?? '').trim(),
    card: normalizeCard(input.card),
    phone_number: normalizePhone(input.phone_number),
    nomer_scheta: normalizeAccount(input.nomer_scheta),
  };
}

/** The owner-name rule; returns the spec message or null. */
export function paymentNameError(value: string | null | undefined): string | null {
  const name = (value ?? '').trim();
  if (!name) return PAYMENT_MESSAGES.nameRequired;
  if (name.length < PAYMENT_RULES.nameMin) return PAYMENT_MESSAGES.nameMin;
  if (name.length > PAYMENT_RULES.nameMax) return PAYMENT_MESSAGES.nameMax;
  if (!NAME_PATTERN.test(name)) return PAYMENT_MESSAGES.nameCharacters;
  return null;
}

/** The card rule: 13 to 19 digits ignoring spaces; an empty card is no error here. */
export function cardError(value: string | null | undefined): string | null {
  const card = normalizeCard(value);
  if (card === null) return null;
  return /^\d{13,19}$/.test(card) ? null : PAYMENT_MESSAGES.cardLength;
}

/** The phone rule: 10 to 15 digits (formatting characters allowed); an empty phone is no error here. */
export function phoneError(value: string | null | undefined): string | null {
  const phone = (value ?? '').trim();
  if (!phone) return null;
  if (!PHONE_CHARACTERS.test(phone)) return PAYMENT_MESSAGES.phoneLength;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= PAYMENT_RULES.phoneMinDigits && digits <= PAYMENT_RULES.phoneMaxDigits
    ? null
    : PAYMENT_MESSAGES.phoneLength;
}

/** The account rule: digits only, at most 20; an empty account is no error here. */
export function accountError(value: string | null | undefined): string | null {
  const account = normalizeAccount(value);
  if (account === null) return null;
  if (!/^\d+$/.test(account)) return PAYMENT_MESSAGES.accountDigits;
  return account.length <= PAYMENT_RULES.accountMaxDigits ? null : PAYMENT_MESSAGES.accountLength;
}

function add(errors: FieldErrors, field: string, message: string | null) {
  if (!message) return;
  const list = errors[field] ?? [];
  if (!list.includes(message)) list.push(message);
  errors[field] = list;
}

/**
 * Every rule of spec §5 Payment methods for a full set of requisites, keyed by the API's field names:
 * owner name, card/phone/account formats, card or phone required, phone and account only together.
 * An empty object means the requisites are valid.
 */
export function paymentDetailsErrors(input: PaymentDetailsInput): FieldErrors {
  const errors: FieldErrors = {};
  add(errors, 'name', paymentNameError(input.name));
  add(errors, 'card', cardError(input.card));
  add(errors, 'phone_number', phoneError(input.phone_number));
  add(errors, 'nomer_scheta', accountError(input.nomer_scheta));
  const details = normalizePaymentDetails(input);
  if (!details.card && !details.phone_number) add(errors, 'card', PAYMENT_MESSAGES.cardOrPhone);
  if (details.phone_number && !details.nomer_scheta)
    add(errors, 'nomer_scheta', PAYMENT_MESSAGES.accountRequired);
  if (details.nomer_scheta && !details.phone_number)
    add(errors, 'phone_number', PAYMENT_MESSAGES.phoneRequired);
  return errors;
}

/** Spec §5: Save is enabled only when a name and (a card, or a phone with an account) are given. */
export function canSavePaymentDetails(input: PaymentDetailsInput): boolean {
  const details = normalizePaymentDetails(input);
  return Boolean(details.name && (details.card || (details.phone_number && details.nomer_scheta)));
}

/** Every message of an error object in order, for one-line summaries. */
export function flattenFieldErrors(errors: FieldErrors): string[] {
  return Object.values(errors).flat();
}

/** Payment modes of the mode selector (spec §4): both flags, SBP only, C2C only. */
export const PAYMENT_MODES = ['sbp_c2c', 'sbp', 'c2c'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  sbp_c2c: 'SBP/C2C',
  sbp: 'SBP',
  c2c: 'C2C',
};

/** The mode of a pair of flags; null when neither is set. */
export function paymentModeOf(flags: { is_SBP: boolean; is_c2c: boolean }): PaymentMode | null {
  if (flags.is_SBP && flags.is_c2c) return 'sbp_c2c';
  if (flags.is_SBP) return 'sbp';
  if (flags.is_c2c) return 'c2c';
  return null;
}

/** The flags of a mode. */
export function paymentModeFlags(mode: PaymentMode): { is_SBP: boolean; is_c2c: boolean } {
  return { is_SBP: mode !== 'c2c', is_c2c: mode !== 'sbp' };
}

/** The mode a new method starts in: SBP when it has a phone, C2C when it has a card. */
export function defaultModeFlags(details: PaymentDetails): { is_SBP: boolean; is_c2c: boolean } {
  return { is_SBP: Boolean(details.phone_number), is_c2c: Boolean(details.card) };
}

/**
 * Why a mode cannot be chosen for these requisites (the first reason paymentModeErrors gives), or null when it
 * can: the mode selector disables such a mode and says why, instead of letting the server refuse it (issue 25).
 */
export function modeUnavailableReason(
  mode: PaymentMode,
  details: Pick<PaymentDetails, 'card' | 'phone_number' | 'nomer_scheta'>,
): string | null {
  const errors = paymentModeErrors(paymentModeFlags(mode), details);
  return Object.values(errors).flat()[0] ?? null;
}

/**
 * Whether a mode can work with the requisites: SBP pays to a phone (with its account), C2C to a card.
 * Field-keyed by the flag at fault; an empty object means the mode fits.
 */
export function paymentModeErrors(
  flags: { is_SBP: boolean; is_c2c: boolean },
  details: Pick<PaymentDetails, 'card' | 'phone_number' | 'nomer_scheta'>,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!flags.is_SBP && !flags.is_c2c) add(errors, 'is_SBP', PAYMENT_MESSAGES.modeRequired);
  if (flags.is_SBP && !(details.phone_number && details.nomer_scheta))
    add(errors, 'is_SBP', PAYMENT_MESSAGES.sbpNeedsPhone);
  if (flags.is_c2c && !details.card) add(errors, 'is_c2c', PAYMENT_MESSAGES.c2cNeedsCard);
  return errors;
}

/**
 * The mode kept after the requisites change: flags that no longer fit are dropped, and when none is left
 * the method falls back to the mode a new method with these requisites would get.
 */
export function fitModeToDetails(
  flags: { is_SBP: boolean; is_c2c: boolean },
  details: PaymentDetails,
): { is_SBP: boolean; is_c2c: boolean } {
  const kept = {
    is_SBP: flags.is_SBP && Boolean(details.phone_number && details.nomer_scheta),
    is_c2c: flags.is_c2c && Boolean(details.card),
  };
  return kept.is_SBP || kept.is_c2c ? kept : defaultModeFlags(details);
}

/** Whether a method may be switched on: valid requisites and a mode that fits them. */
export function isReadyForActivation(
  details: PaymentDetails,
  flags: { is_SBP: boolean; is_c2c: boolean },
): boolean {
  return (
    Object.keys(paymentDetailsErrors(details)).length === 0 &&
    Object.keys(paymentModeErrors(flags, details)).length === 0
  );
}

/** Rating colour of the Payments page (spec §9): 75-100 green, 50-74 orange, below 50 red. */
export type PaymentRatingTone = 'green' | 'orange' | 'red';
export function paymentRatingTone(rating: number): PaymentRatingTone {
  if (rating >= 75) return 'green';
  if (rating >= 50) return 'orange';
  return 'red';
}

/** Spec §9: a trader below 51% cannot add methods. */
export function canAddPaymentMethods(traderRating: number): boolean {
  return ratingAllowsDeals(traderRating);
}
