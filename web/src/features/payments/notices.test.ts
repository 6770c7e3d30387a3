import { HTTP_ERROR_TEXT } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { paymentErrorText } from './notices.ts';

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
