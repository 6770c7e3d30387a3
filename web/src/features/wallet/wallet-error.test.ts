import { HTTP_ERROR_TEXT } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { walletErrorText } from './api.ts';

describe('walletErrorText', () => {
  it("gives the server's text, the client's message without an answer, else the fallback", () => {
    expect(walletErrorText(new ApiError(400, { error: 'Мало' }, 'х'), 'fb')).toBe('Мало');
    expect(walletErrorText(new ApiError(400, { message: 'М' }, 'х'), 'fb')).toBe('М');
    expect(walletErrorText(new ApiError(0, null, 'Нет связи', 'network'), 'fb')).toBe('Нет связи');
    expect(walletErrorText(new ApiError(502, null, 'Ошибка сервера (502)'), 'fb')).toBe('fb');
    expect(walletErrorText(new Error('boom'), 'fb')).toBe('fb');
    expect(walletErrorText(new ApiError(500, { message: 'Oops' }, 'x'), 'fb')).toBe(HTTP_ERROR_TEXT.internal);
  });
});
