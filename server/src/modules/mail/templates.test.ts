import { describe, expect, it } from 'vitest';
import { minutesText, otpMail } from './templates.ts';

describe('code mail', () => {
  it('says the minutes a code has left in the right Russian form', () => {
    const forms = [1, 2, 4, 5, 9, 10, 11, 12, 14, 21, 22, 25, 101, 111].map(minutesText);
    expect(forms).toEqual([
      '1 минуту',
      '2 минуты',
      '4 минуты',
      '5 минут',
      '9 минут',
      '10 минут',
      '11 минут',
      '12 минут',
      '14 минут',
      '21 минуту',
      '22 минуты',
      '25 минут',
      '101 минуту',
      '111 минут',
    ]);
    expect(otpMail('a@example.com', 'password_reset', '123456', 3).text).toContain('Код действует 3 минуты');
    expect(otpMail('a@example.com', 'login', '123456', 10).html).toContain('Код действует 10 минут');
  });
});
