import { PAYMENT_NOTICE_MS, TOAST_MS, VALIDATION_SUMMARY_PREFIX } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { notify } from '../../ui/index.ts';
import { paymentNotice } from './notices.ts';

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
