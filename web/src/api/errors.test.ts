import { GENERIC_ERROR, requestFailedText } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { errorText, formErrorState, parseErrorBody } from './errors.ts';

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
