import { describe, expect, it } from 'vitest';
import { isTronAddress, sha256 } from './tron-address.ts';

const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

describe('Tron address check', () => {
  it('computes SHA-256 like the standard vectors', () => {
    expect(hex(sha256(new Uint8Array()))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(hex(sha256(ascii('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(sha256(ascii('a'.repeat(200))))).toBe(
      'c2a908d98f5df987ade41b5fce213067efbcc21ef2240212a41e54b5e7c28ae5',
    );
  });

  it('accepts real addresses and refuses a changed character, a wrong prefix and junk', () => {
    expect(isTronAddress('TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZ')).toBe(false);
    expect(isTronAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(false);
    expect(isTronAddress('T0eJkUh4Qv67VNFwY8LaAxERygNdy6NQZK')).toBe(false);
    expect(isTronAddress('')).toBe(false);
  });
});
