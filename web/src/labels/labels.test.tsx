import { DEAL_STATUSES, DEALS_PAGE_STATUSES } from '@app/shared/deals/lifecycle';
import { DISPUTE_STATUSES } from '@app/shared/disputes/messages';
import { TERMINAL_STATUSES } from '@app/shared/terminals/constants';
import { TERMINAL_APP_LABELS } from '@app/shared/terminals/forwarder-apps';
import { WITHDRAWAL_STATUSES } from '@app/shared/wallet/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from '../ui/badge.tsx';
import {
  DEAL_STATUS_LABELS,
  DISPUTE_STATUS_LABELS,
  dealStatusText,
  disputeStatusText,
  GLOSSARY,
  labelOf,
  latinWordsOutsideLiterals,
  PRODUCT_NAMES,
  SPEC_LITERALS,
  TERMINAL_STATUS_LABELS,
  terminalStatusText,
  WITHDRAWAL_STATUS_LABELS,
  withdrawalStatusText,
} from './index.ts';

const CYRILLIC = /[А-Яа-яЁё]/;

describe('status label maps', () => {
  it('label every deal status in Russian, the Deals page filter included', () => {
    expect(Object.keys(DEAL_STATUS_LABELS).sort()).toEqual([...DEAL_STATUSES].sort());
    for (const status of [...DEAL_STATUSES, ...DEALS_PAGE_STATUSES]) {
      expect(dealStatusText(status)).toMatch(CYRILLIC);
      expect(dealStatusText(status)).not.toContain(status);
    }
  });

  it('label every dispute status in Russian, consideration and completed_towards_trader included', () => {
    expect(Object.keys(DISPUTE_STATUS_LABELS).sort()).toEqual([...DISPUTE_STATUSES].sort());
    for (const status of DISPUTE_STATUSES) expect(disputeStatusText(status)).toMatch(CYRILLIC);
    expect(disputeStatusText('consideration')).toBe('На рассмотрении');
    expect(disputeStatusText('completed_towards_trader')).toBe('Решён в пользу трейдера');
  });

  it('label every withdrawal status in Russian and the terminal statuses as spec §4 fixes them', () => {
    for (const status of WITHDRAWAL_STATUSES) expect(withdrawalStatusText(status)).toMatch(CYRILLIC);
    expect(Object.keys(WITHDRAWAL_STATUS_LABELS).sort()).toEqual([...WITHDRAWAL_STATUSES].sort());
    expect(Object.keys(TERMINAL_STATUS_LABELS).sort()).toEqual([...TERMINAL_STATUSES].sort());
    for (const status of TERMINAL_STATUSES) expect(SPEC_LITERALS).toContain(terminalStatusText(status));
  });

  it('never show a raw value: an unknown one reads the unknown-status text', () => {
    expect(dealStatusText('refunded')).toBe(GLOSSARY.unknownStatus);
    expect(disputeStatusText('toString')).toBe(GLOSSARY.unknownStatus);
    expect(terminalStatusText('Pending_activation')).toBe(GLOSSARY.unknownStatus);
    expect(labelOf({ a: 'А' }, 'b', '—')).toBe('—');
  });

  it('the deal status badge shows the label, never the value', () => {
    for (const status of DEAL_STATUSES) {
      const { unmount } = render(<StatusBadge status={status.toUpperCase()} />);
      expect(screen.getByText(DEAL_STATUS_LABELS[status])).toBeInTheDocument();
      expect(screen.queryByText(new RegExp(status, 'i'))).toBeNull();
      unmount();
    }
  });
});

describe('the language check', () => {
  it("knows every phone app's name as a product name", () => {
    for (const label of Object.values(TERMINAL_APP_LABELS)) expect(PRODUCT_NAMES).toContain(label);
  });

  it('accepts Russian, spec literals, loanwords and product names, and reports English words', () => {
    expect(latinWordsOutsideLiterals('Сделка 12,97 USDT через SBP, QR-код, SMS Gateway for Android')).toEqual(
      [],
    );
    expect(latinWordsOutsideLiterals('Help & Supports · Log Out · My Balance')).toEqual([]);
    expect(latinWordsOutsideLiterals('Отправьте боту /start, код PARTNER-2024, почта a@b.ru')).toEqual([]);
    expect(latinWordsOutsideLiterals('Статус: pending')).toEqual(['pending']);
    expect(latinWordsOutsideLiterals('Error: Internal Server Error')).toEqual([
      'Internal',
      'Server',
      'Error',
    ]);
    expect(latinWordsOutsideLiterals('Supports')).toEqual(['Supports']);
  });
});
