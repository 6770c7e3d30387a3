import type { Bank, PaymentMethod } from '@app/shared';

/** Banks as the API lists them (popular first). */
export const BANKS: Bank[] = [
  { id: 1, name: 'Сбербанк', full_name: 'ПАО Сбербанк', is_popular: true },
  { id: 2, name: 'Т-Банк', full_name: 'АО «ТБанк»', is_popular: true },
  { id: 3, name: 'ВТБ', full_name: 'Банк ВТБ (ПАО)', is_popular: true },
  { id: 11, name: 'Озон Банк', full_name: 'ООО «Озон Банк»', is_popular: false },
  { id: 12, name: 'МТС Банк', full_name: 'ПАО «МТС-Банк»', is_popular: false },
];

let serial = 0;

/** A payment method as the list returns it; override any field. */
export function paymentMethod(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  serial += 1;
  return {
    id: `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`,
    name: 'Ivan Petrov',
    bank: BANKS[0]!,
    card: '2200700123456789',
    phone_number: '+79991234567',
    nomer_scheta: '40817810099910004312',
    is_SBP: true,
    is_c2c: true,
    is_active: false,
    is_connect: false,
    requisites_locked: false,
    rating: 100,
    min_amount_for_deposit: null,
    max_amount_for_deposit: null,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
