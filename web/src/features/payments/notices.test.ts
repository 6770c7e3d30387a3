import { HTTP_ERROR_TEXT, PAYMENT_NOTICE_MS, TOAST_MS, VALIDATION_SUMMARY_PREFIX } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../ui/index.ts';
import { paymentErrorText, paymentNotice } from './notices.ts';

describe('payment notices', () => {
  it('last 1.5 s for payment successes and failures, 3 s for the validation summary and load errors', () => {
    const success = vi.spyOn(notify, 'success');
    const error = vi.spyOn(notify, 'error');
    const warning = vi.spyOn(notify, 'warning');
    paymentNotice.success('ok');
    paymentNotice.error('no');
    paymentNotice.validation(['a', 'b']);
    paymentNotice.loadError('load');
    expect(PAYMENT_NOTICE_MS).toBe(1500);
    expect(success).toHaveBeenCalledWith('ok', { duration: PAYMENT_NOTICE_MS });
    expect(error).toHaveBeenCalledWith('no', { duration: PAYMENT_NOTICE_MS });
    expect(warning).toHaveBeenCalledWith(`${VALIDATION_SUMMARY_PREFIX}a, b`, { duration: TOAST_MS });
    expect(error).toHaveBeenCalledWith('load', { duration: TOAST_MS });
  });
});

describe('paymentErrorText (spec §8 Payments)', () => {
  it('joins every server message by a comma, or falls back', () => {
    const fields = new ApiError(400, { card: ['х'], nomer_scheta: ['у', 'з'], request_id: 'r1' }, 'х');
    expect(paymentErrorText(fields, 'fallback')).toBe('х, у, з');
    expect(paymentErrorText(new ApiError(400, { detail: 'д' }, 'д'), 'fallback')).toBe('д');
    expect(paymentErrorText(new ApiError(400, 'просто', 'просто'), 'fallback')).toBe('просто');
    expect(paymentErrorText(new ApiError(0, null, 'offline', 'network'), 'fallback')).toBe('fallback');
    expect(paymentErrorText(new Error('boom'), 'fallback')).toBe('fallback');
    expect(paymentErrorText(new ApiError(500, { error: 'boom', detail: 'Oops' }, 'x'), 'fb')).toBe(
      HTTP_ERROR_TEXT.internal,
    );
  });
});
