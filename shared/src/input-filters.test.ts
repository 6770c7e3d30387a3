import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  filterAmount,
  filterCardNumber,
  filterCryptoAddress,
  filterEmail,
  filterName,
  filterOtp,
  filterPassword,
  filterPhone,
  filterReferralCode,
  filterSearch,
} from './input-filters.ts';

describe('input filters of spec §5', () => {
  it('email keeps letters, digits and . @ _ + -', () => {
    expect(filterEmail('a b!c#d@e.f_g+h-i(ж)')).toBe('abcd@e.f_g+h-i');
  });
  it('password keeps letters, digits and !@#$%^&*', () => {
    expect(filterPassword('Ab1!@#$%^&* ()_+пароль')).toBe('Ab1!@#$%^&*');
  });
  it('otp keeps up to six digits', () => {
    expect(filterOtp('12a3-45 678')).toBe('123456');
  });
  it('referral code keeps letters, digits, - and _', () => {
    expect(filterReferralCode('AB-c_1 !ж')).toBe('AB-c_1');
  });
  it('name keeps Latin/Cyrillic letters, space, hyphen, apostrophe and dot', () => {
    expect(filterName("Иван-Petrov O'Neil Jr. 2<script>")).toBe("Иван-Petrov O'Neil Jr. script");
  });
  it('card number groups digits by four', () => {
    expect(filterCardNumber('2200x1234567890123')).toBe('2200 1234 5678 9012 3');
    expect(filterCardNumber('1'.repeat(25))).toBe('1111 1111 1111 1111 111');
  });
  it('phone keeps digits, + - ( ) and spaces', () => {
    expect(filterPhone('+7 (999) 123-45-67 ext#')).toBe('+7 (999) 123-45-67 ');
  });
  it('amount keeps digits and one decimal point; a typed comma becomes the point', () => {
    expect(filterAmount('1a2.3.4,5')).toBe('12.345');
    expect(filterAmount('.5')).toBe('.5');
    expect(filterAmount('12,5')).toBe('12.5');
    expect(filterAmount(',5')).toBe('.5');
    expect(filterAmount('1 000,25 $')).toBe('1000.25');
    expect(filterAmount('12,5,1')).toBe('12.51');
  });
  it('crypto address keeps alphanumerics', () => {
    expect(filterCryptoAddress(' TUEZ-SdKs_oDH ')).toBe('TUEZSdKsoDH');
  });
  it('search strips angle brackets and non-word characters', () => {
    expect(filterSearch('<b>Сбер</b> 2200!')).toBe('bСберb 2200');
  });
  it('other fields are HTML-escaped', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
