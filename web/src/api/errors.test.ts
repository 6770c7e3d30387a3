import { GENERIC_ERROR, HTTP_ERROR_TEXT, requestFailedText, WALLET_TEXT } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import {
  answerFieldText,
  applyFormError,
  errorText,
  formErrorState,
  loadErrorText,
  otpErrorText,
  parseErrorBody,
  readableText,
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
    expect(parseErrorBody({ detail: 'А' })).toEqual({ popup: 'А', fields: {} });
    expect(parseErrorBody({ error: 'Б' }).popup).toBe('Б');
    expect(parseErrorBody({ message: 'В' }).popup).toBe('В');
    expect(parseErrorBody({ non_field_errors: ['Г', 'Д'] }).popup).toBe('Г Д');
    expect(parseErrorBody({ email: ['Неверный формат email'], password: ['раз', 'два'] })).toEqual({
      popup: null,
      fields: { email: 'Неверный формат email', password: 'раз два' },
    });
  });

  it('knows every form field of spec §8 and maps body names onto them', () => {
    const parsed = parseErrorBody({
      newPassword: ['н'],
      confirmPassword: ['с'],
      otp: ['о'],
      new_password: ['н2'],
    });
    expect(parsed.fields).toEqual({ newPassword: 'н н2', confirmPassword: 'с', otp: 'о' });
    expect(parseErrorBody({ code_otp: ['х'] }).fields).toEqual({ otp: 'х' });
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
    const both = new ApiError(400, { detail: 'Сначала это', email: ['и это'] }, 'х');
    expect(formErrorState(both)).toEqual({ popup: 'Сначала это', fields: {} });
    const fieldsOnly = new ApiError(400, { otp: ['Неверный или просроченный код'] }, 'х');
    expect(formErrorState(fieldsOnly)).toEqual({
      popup: null,
      fields: { otp: 'Неверный или просроченный код' },
    });
  });

  it('uses the error message when no answer arrived, else the generic text', () => {
    expect(formErrorState(new ApiError(0, null, 'Нет связи', 'network')).popup).toBe('Нет связи');
    expect(formErrorState(new Error('Сбой')).popup).toBe('Сбой');
    expect(formErrorState(new Error('boom')).popup).toBe(GENERIC_ERROR);
    expect(formErrorState(new Error('')).popup).toBe(GENERIC_ERROR);
    expect(formErrorState('weird').popup).toBe(GENERIC_ERROR);
  });

  it('falls back to the status text for an error answer without a usable body', () => {
    expect(formErrorState({ status: 502, body: null }).popup).toBe(requestFailedText(502));
  });
});

describe('errorText', () => {
  it('gives one line for a toast', () => {
    expect(errorText(new ApiError(400, { email: ['е'], password: ['п'] }, 'х'))).toBe('е п');
    expect(errorText(new ApiError(400, { detail: 'д' }, 'х'))).toBe('д');
    expect(errorText('weird', 'Ошибка загрузки данных')).toBe('Ошибка загрузки данных');
  });
});

describe('serverMessages / serverErrorText / serverFieldErrors (payments notices)', () => {
  it('reads every server message, joined by a comma, or falls back', () => {
    const fields = new ApiError(400, { card: ['х'], nomer_scheta: ['у', 'з'], request_id: 'r1' }, 'х');
    expect(serverMessages(fields)).toEqual(['х', 'у', 'з']);
    expect(serverErrorText(fields, 'fallback')).toBe('х, у, з');
    expect(serverErrorText(new ApiError(400, { detail: 'д' }, 'д'), 'fallback')).toBe('д');
    expect(serverErrorText(new ApiError(400, 'просто', 'просто'), 'fallback')).toBe('просто');
    expect(serverErrorText(new ApiError(0, null, 'offline', 'network'), 'fallback')).toBe('fallback');
    expect(serverErrorText(new Error('boom'), 'fallback')).toBe('fallback');
    expect(serverFieldErrors(fields, ['card', 'nomer_scheta', 'name'] as const)).toEqual({
      card: 'х',
      nomer_scheta: 'у з',
    });
  });
});

describe('walletErrorText', () => {
  it("gives the server's text, the client's message without an answer, else the fallback", () => {
    expect(walletErrorText(new ApiError(400, { error: 'Мало' }, 'х'), 'fb')).toBe('Мало');
    expect(walletErrorText(new ApiError(400, { message: 'М' }, 'х'), 'fb')).toBe('М');
    expect(walletErrorText(new ApiError(0, null, 'Нет связи', 'network'), 'fb')).toBe('Нет связи');
    expect(walletErrorText(new ApiError(502, null, 'Ошибка сервера (502)'), 'fb')).toBe('fb');
    expect(walletErrorText(new Error('boom'), 'fb')).toBe('fb');
  });
});

describe('otpErrorText', () => {
  it("shows the server's detail, else 'Ошибка верификации'; the error text only when asked", () => {
    expect(otpErrorText(new ApiError(400, { detail: 'Код истёк' }, 'х'))).toBe('Код истёк');
    expect(otpErrorText(new ApiError(400, { error: 'Нет средств' }, 'х'))).toBe(WALLET_TEXT.otpFailed);
    expect(otpErrorText(new ApiError(400, { error: 'Нет средств' }, 'х'), { orError: true })).toBe(
      'Нет средств',
    );
    expect(otpErrorText(new ApiError(0, null, 'offline', 'network'))).toBe(WALLET_TEXT.otpFailed);
    expect(otpErrorText(new Error('boom'))).toBe(WALLET_TEXT.otpFailed);
  });
});

describe('answerFieldText', () => {
  it('reads only the named field of an object answer, else the fallback', () => {
    expect(answerFieldText(new ApiError(400, { detail: 'Нет' }, 'х'), 'detail', 'fb')).toBe('Нет');
    expect(answerFieldText(new ApiError(400, { error: 'Занят' }, 'х'), 'detail', 'fb')).toBe('fb');
    expect(answerFieldText(new ApiError(400, { error: ['а', 'б'] }, 'х'), 'error', 'fb')).toBe('а б');
    expect(answerFieldText(new ApiError(400, 'строка', 'x'), 'detail', 'fb')).toBe('fb');
    expect(answerFieldText(new ApiError(0, null, 'offline', 'network'), 'detail', 'fb')).toBe('fb');
    expect(answerFieldText(new Error('boom'), 'detail', 'fb')).toBe('fb');
  });
});

describe('applyFormError', () => {
  it('puts field messages under the mapped fields, unplaced ones and pop-up text in the pop-up', () => {
    const setError = vi.fn();
    const popup = vi.fn();
    applyFormError(new ApiError(400, { otp: ['о'], password: ['п'] }, 'х'), setError, { otp: 'otp' }, popup);
    expect(setError).toHaveBeenCalledWith('otp', { type: 'server', message: 'о' }, { shouldFocus: true });
    expect(popup).toHaveBeenCalledWith('п');
    setError.mockClear();
    applyFormError(new ApiError(400, { detail: 'д', otp: ['о'] }, 'х'), setError, { otp: 'otp' }, popup);
    expect(setError).not.toHaveBeenCalled();
    expect(popup).toHaveBeenLastCalledWith('д');
  });
});

describe('no server English on the screen (issue 25)', () => {
  it('keeps a Russian text and replaces an English one by the Russian text of its status', () => {
    expect(readableText('Сделка не найдена', 404)).toBe('Сделка не найдена');
    expect(readableText('Internal Server Error', 500)).toBe(HTTP_ERROR_TEXT.internal);
    expect(readableText('Bad Request', 400)).toBe(HTTP_ERROR_TEXT.badRequest);
    expect(readableText('Service Unavailable', 503)).toBe(HTTP_ERROR_TEXT.unavailable);
    expect(readableText('Failed to fetch')).toBe(GENERIC_ERROR);
  });

  it("turns 'Error: Internal Server Error' into the spec's 'Error: {message}' with a Russian message", () => {
    const proxy = new ApiError(
      500,
      { error: 'Internal Server Error', statusCode: 500 },
      'Internal Server Error',
    );
    expect(loadErrorText(proxy)).toBe(`Error: ${HTTP_ERROR_TEXT.internal}`);
    expect(loadErrorText(new ApiError(404, { detail: 'Профиль не найден' }, 'x'))).toBe(
      'Error: Профиль не найден',
    );
    expect(loadErrorText(new ApiError(0, null, 'Нет связи с сервером', 'network'))).toBe(
      'Error: Нет связи с сервером',
    );
    expect(loadErrorText(new TypeError('Failed to fetch'))).toBe(`Error: ${GENERIC_ERROR}`);
  });

  it('translates English in every reader: pop-up, fields, toasts, wallet, code check and named fields', () => {
    const english = new ApiError(400, { detail: 'Invalid input', email: ['Bad email'] }, 'x');
    expect(formErrorState(english).popup).toBe(HTTP_ERROR_TEXT.badRequest);
    expect(formErrorState(new ApiError(422, { email: ['Bad email'] }, 'x')).fields.email).toBe(
      HTTP_ERROR_TEXT.badRequest,
    );
    expect(errorText(new ApiError(500, 'Internal Server Error', 'x'))).toBe(HTTP_ERROR_TEXT.internal);
    expect(serverErrorText(new ApiError(500, { error: 'boom', detail: 'Oops' }, 'x'), 'fb')).toBe(
      HTTP_ERROR_TEXT.internal,
    );
    expect(walletErrorText(new ApiError(500, { message: 'Oops' }, 'x'), 'fb')).toBe(HTTP_ERROR_TEXT.internal);
    expect(otpErrorText(new ApiError(400, { detail: 'Invalid code' }, 'x'))).toBe(HTTP_ERROR_TEXT.badRequest);
    expect(answerFieldText(new ApiError(404, { detail: 'Not Found' }, 'x'), 'detail', 'fb')).toBe(
      HTTP_ERROR_TEXT.notFound,
    );
    expect(parseErrorBody('Internal Server Error', 500).popup).toBe(HTTP_ERROR_TEXT.internal);
  });
});
