import { hexToBytes } from '@noble/hashes/utils.js';
import { tronAddressFromPrivateKey } from '../src/modules/tron/tron-address.ts';
import { accountKeyFromMnemonic, depositAddressAt } from '../src/modules/tron/tron-keys.ts';

/** The BIP39 test mnemonic and what it derives at m/44'/195'/0'/0/i (the issue's vectors). */
export const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
export const TEST_XPUB = accountKeyFromMnemonic(TEST_MNEMONIC).publicExtendedKey;
export const VECTOR_ADDRESSES = ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH', 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK'];

/** A hot-wallet key for tests (m/44'/195'/0'/1'/0/0 of the test mnemonic: never a deposit address). */
const hotKey = accountKeyFromMnemonic(TEST_MNEMONIC).deriveChild(0x80000001).deriveChild(0).deriveChild(0)
  .privateKey!;
export const HOT_WALLET_KEY_HEX = Buffer.from(hotKey).toString('hex');
export const HOT_WALLET_ADDRESS = tronAddressFromPrivateKey(hexToBytes(HOT_WALLET_KEY_HEX));

/** Valid addresses nobody in the tests owns (m/44'/195'/0'/2'/0/i of the test mnemonic), for withdrawals and whitelists. */
const outside = accountKeyFromMnemonic(TEST_MNEMONIC).deriveChild(0x80000002);
export const OUTSIDE_ADDRESSES = [0, 1, 2, 3, 4, 5].map((index) => depositAddressAt(outside, index));

/** The same address with one character changed: the checksum no longer matches. */
export function breakChecksum(address: string): string {
  const position = 12;
  const replacement = address[position] === 'a' ? 'b' : 'a';
  return `${address.slice(0, position)}${replacement}${address.slice(position + 1)}`;
}
