import { PAYMENT_NOTICE_MS, TOAST_MS, VALIDATION_SUMMARY_PREFIX } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../ui/index.ts';
import { paymentNotice, serverErrorText, serverFieldErrors, serverMessages } from './notices.ts';

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

  it('reads every server message, joined by a comma, or falls back', () => {
    const fields = new ApiError(400, { card: ['x'], nomer_scheta: ['y', 'z'], request_id: 'r1' }, 'x');
    expect(serverMessages(fields)).toEqual(['x', 'y', 'z']);
    expect(serverErrorText(fields, 'fallback')).toBe('x, y, z');
    expect(serverErrorText(new ApiError(400, { detail: 'd' }, 'd'), 'fallback')).toBe('d');
    expect(serverErrorText(new ApiError(400, 'plain', 'plain'), 'fallback')).toBe('plain');
    expect(serverErrorText(new ApiError(0, null, 'offline', 'network'), 'fallback')).toBe('fallback');
    expect(serverErrorText(new Error('boom'), 'fallback')).toBe('fallback');
    expect(serverFieldErrors(fields, ['card', 'nomer_scheta', 'name'] as const)).toEqual({
      card: 'x',
      nomer_scheta: 'y z',
    });
  });
});
