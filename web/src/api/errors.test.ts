import { GENERIC_ERROR, requestFailedText, WALLET_TEXT } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import {
  answerFieldText,
  applyFormError,
  errorText,
  formErrorState,
  otpErrorText,
  parseErrorBody,
  serverErrorText,
  serverFieldErrors,
  serverMessages,
  walletErrorText,
} from './errors.ts';

describe('parseErrorBody', () => {
  it('treats a string body as pop-up text', () => {
    expect(parseErrorBody('Слишком много запросов')).toEqual({ popup: 'Слишком много запросов', fields: {} });
  });

  it('sends detail, error, message and unknown keys to the pop-up and joins field arrays with a space', () => {
    expect(parseErrorBody({ detail: 'A' })).toEqual({ popup: 'A', fields: {} });
    expect(parseErrorBody({ error: 'B' }).popup).toBe('B');
    expect(parseErrorBody({ message: 'C' }).popup).toBe('C');
    expect(parseErrorBody({ non_field_errors: ['D', 'E'] }).popup).toBe('D E');
    expect(parseErrorBody({ email: ['Неверный формат email'], password: ['one', 'two'] })).toEqual({
      popup: null,
      fields: { email: 'Неверный формат email', password: 'one two' },
    });
  });

  it('knows every form field of spec §8 and maps body names onto them', () => {
    const parsed = parseErrorBody({
      newPassword: ['n'],
      confirmPassword: ['c'],
      otp: ['o'],
      new_password: ['n2'],
    });
    expect(parsed.fields).toEqual({ newPassword: 'n n2', confirmPassword: 'c', otp: 'o' });
    expect(parseErrorBody({ code_otp: ['x'] }).fields).toEqual({ otp: 'x' });
  });

  it('leaves bookkeeping keys such as request_id out of the pop-up', () => {
    expect(parseErrorBody({ detail: 'Внутренняя ошибка сервера', request_id: 'req-1' }).popup).toBe(
      'Внутренняя ошибка сервера',
    );
  });

  it('returns nothing for an empty body', () => {
    expect(parseErrorBody(null)).toEqual({ popup: null, fields: {} });
    expect(parseErrorBody('')).toEqual({ popup: null, fields: {} });
  });
});

describe('formErrorState', () => {
  it('shows field errors only when there is no pop-up text', () => {
    const both = new ApiError(400, { detail: 'Сначала это', email: ['и это'] }, 'x');
    expect(formErrorState(both)).toEqual({ popup: 'Сначала это', fields: {} });
    const fieldsOnly = new ApiError(400, { otp: ['Неверный или просроченный код'] }, 'x');
    expect(formErrorState(fieldsOnly)).toEqual({
      popup: null,
      fields: { otp: 'Неверный или просроченный код' },
    });
  });

  it('uses the error message when no answer arrived, else the generic text', () => {
    expect(formErrorState(new ApiError(0, null, 'Нет связи', 'network')).popup).toBe('Нет связи');
    expect(formErrorState(new Error('boom')).popup).toBe('boom');
    expect(formErrorState(new Error('')).popup).toBe(GENERIC_ERROR);
    expect(formErrorState('weird').popup).toBe(GENERIC_ERROR);
  });

  it('falls back to the status text for an error answer without a usable body', () => {
    expect(formErrorState({ status: 502, body: null }).popup).toBe(requestFailedText(502));
  });
});

describe('errorText', () => {
  it('gives one line for a toast', () => {
    expect(errorText(new ApiError(400, { email: ['e'], password: ['p'] }, 'x'))).toBe('e p');
    expect(errorText(new ApiError(400, { detail: 'd' }, 'x'))).toBe('d');
    expect(errorText('weird', 'Ошибка загрузки данных')).toBe('Ошибка загрузки данных');
  });
});

describe('serverMessages / serverErrorText / serverFieldErrors (payments notices)', () => {
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

describe('walletErrorText', () => {
  it("gives the server's text, the client's message without an answer, else the fallback", () => {
    expect(walletErrorText(new ApiError(400, { error: 'Мало' }, 'x'), 'fb')).toBe('Мало');
    expect(walletErrorText(new ApiError(400, { message: 'M' }, 'x'), 'fb')).toBe('M');
    expect(walletErrorText(new ApiError(0, null, 'Нет связи', 'network'), 'fb')).toBe('Нет связи');
    expect(walletErrorText(new ApiError(502, null, 'Ошибка сервера (502)'), 'fb')).toBe('fb');
    expect(walletErrorText(new Error('boom'), 'fb')).toBe('fb');
  });
});

describe('otpErrorText', () => {
  it("shows the server's detail, else 'Ошибка верификации'; the error text only when asked", () => {
    expect(otpErrorText(new ApiError(400, { detail: 'Код истёк' }, 'x'))).toBe('Код истёк');
    expect(otpErrorText(new ApiError(400, { error: 'Нет средств' }, 'x'))).toBe(WALLET_TEXT.otpFailed);
    expect(otpErrorText(new ApiError(400, { error: 'Нет средств' }, 'x'), { orError: true })).toBe(
      'Нет средств',
    );
    expect(otpErrorText(new ApiError(0, null, 'offline', 'network'))).toBe(WALLET_TEXT.otpFailed);
    expect(otpErrorText(new Error('boom'))).toBe(WALLET_TEXT.otpFailed);
  });
});

describe('answerFieldText', () => {
  it('reads only the named field of an object answer, else the fallback', () => {
    expect(answerFieldText(new ApiError(400, { detail: 'Нет' }, 'x'), 'detail', 'fb')).toBe('Нет');
    expect(answerFieldText(new ApiError(400, { error: 'Занят' }, 'x'), 'detail', 'fb')).toBe('fb');
    expect(answerFieldText(new ApiError(400, { error: ['a', 'b'] }, 'x'), 'error', 'fb')).toBe('a b');
    expect(answerFieldText(new ApiError(400, 'строка', 'x'), 'detail', 'fb')).toBe('fb');
    expect(answerFieldText(new ApiError(0, null, 'offline', 'network'), 'detail', 'fb')).toBe('fb');
    expect(answerFieldText(new Error('boom'), 'detail', 'fb')).toBe('fb');
  });
});

describe('applyFormError', () => {
  it('puts field messages under the mapped fields, unplaced ones and pop-up text in the pop-up', () => {
    const setError = vi.fn();
    const popup = vi.fn();
    applyFormError(new ApiError(400, { otp: ['o'], password: ['p'] }, 'x'), setError, { otp: 'otp' }, popup);
    expect(setError).toHaveBeenCalledWith('otp', { type: 'server', message: 'o' }, { shouldFocus: true });
    expect(popup).toHaveBeenCalledWith('p');
    setError.mockClear();
    applyFormError(new ApiError(400, { detail: 'd', otp: ['o'] }, 'x'), setError, { otp: 'otp' }, popup);
    expect(setError).not.toHaveBeenCalled();
    expect(popup).toHaveBeenLastCalledWith('d');
  });
});
