import { GENERIC_ERROR, HTTP_ERROR_TEXT, requestFailedText } from '@app/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './client.ts';
import { applyFormError, parseErrorBody, readableText, readError } from './errors.ts';

/** The form state part of a reading: pop-up text or field messages. */
function formErrorState(error: unknown) {
  const { popup, fields } = readError(error);
  return { popup, fields };
}

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

describe('readError().text', () => {
  it('gives one line for a toast', () => {
    expect(readError(new ApiError(400, { email: ['е'], password: ['п'] }, 'х')).text).toBe('е п');
    expect(readError(new ApiError(400, { detail: 'д' }, 'х')).text).toBe('д');
    expect(readError('weird', 'Ошибка загрузки данных').text).toBe('Ошибка загрузки данных');
  });
});

describe('readError().messages / fieldErrors (payments notices)', () => {
  it('reads every server message, and the messages of named form fields', () => {
    const fields = new ApiError(400, { card: ['х'], nomer_scheta: ['у', 'з'], request_id: 'r1' }, 'х');
    expect(readError(fields).messages).toEqual(['х', 'у', 'з']);
    expect(readError(new ApiError(400, 'просто', 'просто')).messages).toEqual(['просто']);
    expect(readError(new ApiError(0, null, 'offline', 'network')).messages).toEqual([]);
    expect(readError(new Error('boom')).messages).toEqual([]);
    expect(readError(fields).fieldErrors(['card', 'nomer_scheta', 'name'] as const)).toEqual({
      card: 'х',
      nomer_scheta: 'у з',
    });
  });
});

describe('readError().answer', () => {
  it('reads only the named field of an object answer, else the fallback', () => {
    expect(readError(new ApiError(400, { detail: 'Нет' }, 'х')).answer('detail') ?? 'fb').toBe('Нет');
    expect(readError(new ApiError(400, { error: 'Занят' }, 'х')).answer('detail') ?? 'fb').toBe('fb');
    expect(readError(new ApiError(400, { error: ['а', 'б'] }, 'х')).answer('error') ?? 'fb').toBe('а б');
    expect(readError(new ApiError(400, 'строка', 'x')).answer('detail') ?? 'fb').toBe('fb');
    expect(readError(new ApiError(0, null, 'offline', 'network')).answer('detail') ?? 'fb').toBe('fb');
    expect(readError(new Error('boom')).answer('detail') ?? 'fb').toBe('fb');
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

/** The dashboard's load error line (spec §8 Dashboard). */
const loadError = (error: unknown) => `Error: ${readError(error).text}`;

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
    expect(loadError(proxy)).toBe(`Error: ${HTTP_ERROR_TEXT.internal}`);
    expect(loadError(new ApiError(404, { detail: 'Профиль не найден' }, 'x'))).toBe(
      'Error: Профиль не найден',
    );
    expect(loadError(new ApiError(0, null, 'Нет связи с сервером', 'network'))).toBe(
      'Error: Нет связи с сервером',
    );
    expect(loadError(new TypeError('Failed to fetch'))).toBe(`Error: ${GENERIC_ERROR}`);
  });

  it('translates English in every part of the reading: pop-up, fields, toasts, messages and named fields', () => {
    const english = new ApiError(400, { detail: 'Invalid input', email: ['Bad email'] }, 'x');
    expect(formErrorState(english).popup).toBe(HTTP_ERROR_TEXT.badRequest);
    expect(formErrorState(new ApiError(422, { email: ['Bad email'] }, 'x')).fields.email).toBe(
      HTTP_ERROR_TEXT.badRequest,
    );
    expect(readError(new ApiError(500, 'Internal Server Error', 'x')).text).toBe(HTTP_ERROR_TEXT.internal);
    expect(readError(new ApiError(500, { error: 'boom', detail: 'Oops' }, 'x')).messages).toEqual([
      HTTP_ERROR_TEXT.internal,
    ]);
    expect(readError(new ApiError(404, { detail: 'Not Found' }, 'x')).answer('detail') ?? 'fb').toBe(
      HTTP_ERROR_TEXT.notFound,
    );
    expect(parseErrorBody('Internal Server Error', 500).popup).toBe(HTTP_ERROR_TEXT.internal);
  });
});
