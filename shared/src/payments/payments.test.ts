import { describe, expect, it } from 'vitest';
import { contrastRatio, TEXT_CONTRAST_MIN } from '../color-contrast.ts';
import { BRANDED_BANK_COUNT, bankColor, DEFAULT_BANK_COLOR } from './bank-colors.ts';
import {
  EMPTY_PAYMENT_FILTERS,
  hasPaymentFilters,
  paymentCreateRequest,
  paymentListQuery,
  paymentUpdateRequest,
  toPaymentListParams,
} from './contracts.ts';
import { kopecksToRubles, parseDepositLimits, parseRubleLimit } from './limits.ts';
import { groupCardDigits, maskRequisite } from './masks.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import {
  canAddPaymentMethods,
  canSavePaymentDetails,
  fitModeToDetails,
  isReadyForActivation,
  normalizePaymentDetails,
  paymentDetailsErrors,
  paymentModeErrors,
  paymentModeFlags,
  paymentModeOf,
  paymentRatingTone,
} from './rules.ts';

describe('maskRequisite', () => {
  it('keeps the first and last four with a star for each character between when longer than 8', () => {
    expect(maskRequisite('2200123456789012')).toBe('2200********9012');
    expect(maskRequisite('40817810000000000077')).toBe('4081************0077');
    expect(maskRequisite('123456789')).toBe('1234*6789');
  });
  it('shows 8 characters or fewer as they are, and nothing for null', () => {
    expect(maskRequisite('12345678')).toBe('12345678');
    expect(maskRequisite('1234')).toBe('1234');
    expect(maskRequisite(null)).toBe('');
  });
  it('groups a stored card by four', () => {
    expect(groupCardDigits('2200123456789012')).toBe('2200 1234 5678 9012');
    expect(groupCardDigits('2200123456789012345')).toBe('2200 1234 5678 9012 345');
  });
});

describe('requisite rules', () => {
  const valid = { name: 'Ivan Petrov', card: '2200 1234 5678 9012', phone_number: '', nomer_scheta: '' };

  it('accepts a card method and normalizes it', () => {
    expect(paymentDetailsErrors(valid)).toEqual({});
    expect(normalizePaymentDetails(valid)).toEqual({
      name: 'Ivan Petrov',
      card: '2200123456789012',
      phone_number: null,
      nomer_scheta: null,
    });
  });

  it.each([
    [{ name: '' }, { name: [PAYMENT_MESSAGES.nameRequired] }],
    [{ name: ' И ' }, { name: [PAYMENT_MESSAGES.nameMin] }],
    [{ name: 'Я'.repeat(51) }, { name: [PAYMENT_MESSAGES.nameMax] }],
    [{ name: "O'Neil-Smith Jr." }, {}],
    [{ card: '1234 5678 9012' }, { card: [PAYMENT_MESSAGES.cardLength] }],
    [{ card: '1234 5678 9012 3' }, {}],
    [{ card: '1234 5678 9012 3456 789' }, {}],
    [{ card: '1234 5678 9012 3456 7890' }, { card: [PAYMENT_MESSAGES.cardLength] }],
    [{ card: '' }, { card: [PAYMENT_MESSAGES.cardOrPhone] }],
    [{ card: '', phone_number: '+7 (999) 123-45-67', nomer_scheta: '40817810' }, {}],
    [
      { card: '', phone_number: '123456789', nomer_scheta: '1' },
      { phone_number: [PAYMENT_MESSAGES.phoneLength] },
    ],
    [
      { phone_number: '1234567890123456', nomer_scheta: '1' },
      { phone_number: [PAYMENT_MESSAGES.phoneLength] },
    ],
    [
      { phone_number: '+7 999 abc 45 67', nomer_scheta: '1' },
      { phone_number: [PAYMENT_MESSAGES.phoneLength] },
    ],
    [{ phone_number: '+79991234567' }, { nomer_scheta: [PAYMENT_MESSAGES.accountRequired] }],
    [{ nomer_scheta: '123' }, { phone_number: [PAYMENT_MESSAGES.phoneRequired] }],
    [
      { phone_number: '+79991234567', nomer_scheta: '12 34' },
      { nomer_scheta: [PAYMENT_MESSAGES.accountDigits] },
    ],
    [
      { phone_number: '+79991234567', nomer_scheta: '1'.repeat(21) },
      { nomer_scheta: [PAYMENT_MESSAGES.accountLength] },
    ],
  ])('%j → %j', (change, errors) => {
    expect(paymentDetailsErrors({ ...valid, ...change })).toEqual(errors);
  });

  it('enables Save only with a name and a card, or a phone with an account', () => {
    expect(canSavePaymentDetails(valid)).toBe(true);
    expect(canSavePaymentDetails({ ...valid, name: ' ' })).toBe(false);
    expect(canSavePaymentDetails({ name: 'Ivan', card: '', phone_number: '+7999', nomer_scheta: '' })).toBe(
      false,
    );
    expect(canSavePaymentDetails({ name: 'Ivan', card: '', phone_number: '+7999', nomer_scheta: '1' })).toBe(
      true,
    );
    expect(canSavePaymentDetails({ name: 'Ivan', card: '', phone_number: '', nomer_scheta: '1' })).toBe(
      false,
    );
  });
});

describe('payment modes', () => {
  const both = { name: 'Ivan', card: '2200123456789012', phone_number: '+79991234567', nomer_scheta: '4081' };

  it('maps flags to the three modes and back', () => {
    expect(paymentModeOf({ is_SBP: true, is_c2c: true })).toBe('sbp_c2c');
    expect(paymentModeOf({ is_SBP: true, is_c2c: false })).toBe('sbp');
    expect(paymentModeOf({ is_SBP: false, is_c2c: true })).toBe('c2c');
    expect(paymentModeOf({ is_SBP: false, is_c2c: false })).toBeNull();
    expect(paymentModeFlags('sbp_c2c')).toEqual({ is_SBP: true, is_c2c: true });
    expect(paymentModeFlags('sbp')).toEqual({ is_SBP: true, is_c2c: false });
    expect(paymentModeFlags('c2c')).toEqual({ is_SBP: false, is_c2c: true });
  });

  it('needs a phone for SBP and a card for C2C', () => {
    expect(paymentModeErrors({ is_SBP: true, is_c2c: true }, both)).toEqual({});
    expect(
      paymentModeErrors({ is_SBP: true, is_c2c: false }, { ...both, phone_number: null, nomer_scheta: null }),
    ).toEqual({
      is_SBP: [PAYMENT_MESSAGES.sbpNeedsPhone],
    });
    expect(paymentModeErrors({ is_SBP: false, is_c2c: true }, { ...both, card: null })).toEqual({
      is_c2c: [PAYMENT_MESSAGES.c2cNeedsCard],
    });
    expect(paymentModeErrors({ is_SBP: false, is_c2c: false }, both)).toEqual({
      is_SBP: [PAYMENT_MESSAGES.modeRequired],
    });
  });

  it('drops flags the requisites no longer support, falling back to the default mode', () => {
    const cardOnly = { ...both, phone_number: null, nomer_scheta: null };
    expect(fitModeToDetails({ is_SBP: true, is_c2c: true }, cardOnly)).toEqual({
      is_SBP: false,
      is_c2c: true,
    });
    expect(fitModeToDetails({ is_SBP: true, is_c2c: false }, cardOnly)).toEqual({
      is_SBP: false,
      is_c2c: true,
    });
    expect(fitModeToDetails({ is_SBP: false, is_c2c: true }, both)).toEqual({ is_SBP: false, is_c2c: true });
  });

  it('is ready for activation only with valid requisites and a fitting mode', () => {
    expect(isReadyForActivation(both, { is_SBP: true, is_c2c: false })).toBe(true);
    expect(isReadyForActivation(both, { is_SBP: false, is_c2c: false })).toBe(false);
    expect(isReadyForActivation({ ...both, name: 'I' }, { is_SBP: true, is_c2c: false })).toBe(false);
  });
});

describe('rating', () => {
  it('colours the Payments page rating: 75-100 green, 50-74 orange, below 50 red', () => {
    expect(paymentRatingTone(100)).toBe('green');
    expect(paymentRatingTone(75)).toBe('green');
    expect(paymentRatingTone(74.99)).toBe('orange');
    expect(paymentRatingTone(50)).toBe('orange');
    expect(paymentRatingTone(49.99)).toBe('red');
  });
  it('blocks new methods below 51%', () => {
    expect(canAddPaymentMethods(50.99)).toBe(false);
    expect(canAddPaymentMethods(51)).toBe(true);
  });
});

describe('limits', () => {
  it('parses rubles into kopecks without floats', () => {
    expect(parseRubleLimit(0)).toBe(0n);
    expect(parseRubleLimit('100000')).toBe(10_000_000n);
    expect(parseRubleLimit(100.5)).toBe(10_050n);
    expect(parseRubleLimit('0.01')).toBe(1n);
    expect(parseRubleLimit('')).toBeNull();
    expect(parseRubleLimit(null)).toBeNull();
    for (const bad of [
      -1,
      '-1',
      'abc',
      '1e3',
      0.1 + 0.2,
      '1.005',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      undefined,
      {},
      true,
    ]) {
      expect(parseRubleLimit(bad)).toBeUndefined();
    }
  });
  it('shows kopecks as rubles', () => {
    expect(kopecksToRubles(10_050n)).toBe(100.5);
    expect(kopecksToRubles(0n)).toBe(0);
    expect(kopecksToRubles(123_456_789_01n)).toBe(123456789.01);
  });
  it('gives the spec messages', () => {
    expect(parseDepositLimits({ min_amount_for_deposit: 'x', max_amount_for_deposit: -2 })).toEqual({
      ok: false,
      errors: {
        min_amount_for_deposit: [PAYMENT_MESSAGES.minAmount],
        max_amount_for_deposit: [PAYMENT_MESSAGES.maxAmount],
      },
    });
    expect(parseDepositLimits({ min_amount_for_deposit: 10, max_amount_for_deposit: 9 })).toEqual({
      ok: false,
      errors: { min_amount_for_deposit: [PAYMENT_MESSAGES.minAboveMax] },
    });
    expect(parseDepositLimits({ min_amount_for_deposit: 10, max_amount_for_deposit: 10 })).toEqual({
      ok: true,
      min: 1000n,
      max: 1000n,
    });
    expect(parseDepositLimits({ min_amount_for_deposit: 10, max_amount_for_deposit: '' })).toEqual({
      ok: true,
      min: 1000n,
      max: null,
    });
  });
});

describe('bank colours', () => {
  it('maps the ten known banks to their colours and everything else to purple', () => {
    const known = [
      'Сбербанк',
      'Т-Банк',
      'ВТБ',
      'Альфа-Банк',
      'Газпромбанк',
      'Райффайзенбанк',
      'Росбанк',
      'Совкомбанк',
      'Банк Открытие',
      'Почта Банк',
    ];
    expect(BRANDED_BANK_COUNT).toBe(10);
    const colours = new Set(known.map((name) => bankColor(name).background));
    expect(colours.size).toBe(10);
    expect(colours.has(DEFAULT_BANK_COLOR.background)).toBe(false);
    expect(bankColor('  сбер ')).toEqual(bankColor('Сбербанк'));
    expect(bankColor('Tinkoff')).toEqual(bankColor('Т-Банк'));
    expect(bankColor('Озон Банк')).toEqual(DEFAULT_BANK_COLOR);
    expect(bankColor(undefined)).toEqual(DEFAULT_BANK_COLOR);
    // The operator's colour (console, issue 27) wins over the name, with the text that reads better on it.
    expect(bankColor('Сбербанк', '#112233')).toEqual({ background: '#112233', foreground: '#ffffff' });
    expect(bankColor('Озон Банк', '#FFEE00')).toEqual({ background: '#ffee00', foreground: '#1f1f1f' });
    expect(bankColor('Сбербанк', null)).toEqual(bankColor('Сбербанк'));
    expect(bankColor('Сбербанк', 'red')).toEqual(bankColor('Сбербанк'));
    // The initials are text: every badge reads at 4.5:1 or better.
    for (const name of [...known, 'Озон Банк']) {
      const { background, foreground } = bankColor(name);
      expect(contrastRatio(foreground, background), name).toBeGreaterThanOrEqual(TEXT_CONTRAST_MIN);
    }
  });
});

describe('contracts', () => {
  it('create: normalizes and keys every problem by field', () => {
    expect(
      paymentCreateRequest.parse({
        name: ' Ivan ',
        bank: '2',
        card: '2200 1234 5678 9012',
        phone_number: '',
        nomer_scheta: null,
      }),
    ).toEqual({
      name: 'Ivan',
      bank: 2,
      card: '2200123456789012',
      phone_number: null,
      nomer_scheta: null,
    });
    const result = paymentCreateRequest.safeParse({ name: 'I', bank: 0, phone_number: '+79991234567' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['bank', PAYMENT_MESSAGES.bankRequired],
      ['name', PAYMENT_MESSAGES.nameMin],
      ['nomer_scheta', PAYMENT_MESSAGES.accountRequired],
    ]);
  });

  it('update: exactly one group', () => {
    expect(paymentUpdateRequest.parse({ is_active: true })).toEqual({ kind: 'status', is_active: true });
    expect(paymentUpdateRequest.parse({ is_SBP: true, is_c2c: false })).toEqual({
      kind: 'mode',
      is_SBP: true,
      is_c2c: false,
    });
    expect(paymentUpdateRequest.parse({ card: '2200 1234 5678 9012', phone_number: '' })).toEqual({
      kind: 'details',
      changes: { card: '2200123456789012', phone_number: null },
    });
    expect(paymentUpdateRequest.safeParse({}).success).toBe(false);
    expect(paymentUpdateRequest.safeParse({ is_active: false, is_SBP: true, is_c2c: true }).success).toBe(
      false,
    );
    expect(paymentUpdateRequest.safeParse({ card: '1' }).error?.issues[0]?.message).toBe(
      PAYMENT_MESSAGES.cardLength,
    );
  });

  it('list query: parses filters and builds them back from the page state', () => {
    const filters = {
      ...EMPTY_PAYMENT_FILTERS,
      search: ' <Ivan> ',
      modes: ['sbp', 'c2c'],
      banks: [1, 3],
      activeOnly: true,
    };
    const params = toPaymentListParams(filters, 2, 20);
    expect(params).toEqual({
      search: 'Ivan',
      search_by: undefined,
      modes: 'sbp,c2c',
      banks: '1,3',
      active_only: 'true',
      connected_only: undefined,
      not_connected_only: undefined,
      page: 2,
      page_size: 20,
    });
    const defined = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
    expect(paymentListQuery.parse(defined)).toEqual({
      search: 'Ivan',
      search_by: 'all',
      modes: ['sbp', 'c2c'],
      banks: [1, 3],
      active_only: true,
      page: 2,
      page_size: 20,
    });
    expect(paymentListQuery.parse({})).toMatchObject({ page: 1, page_size: 20, search: '' });
    expect(hasPaymentFilters(EMPTY_PAYMENT_FILTERS)).toBe(false);
    expect(hasPaymentFilters({ ...EMPTY_PAYMENT_FILTERS, search: '<>' })).toBe(false);
    expect(hasPaymentFilters({ ...EMPTY_PAYMENT_FILTERS, notConnectedOnly: true })).toBe(true);
  });
});
