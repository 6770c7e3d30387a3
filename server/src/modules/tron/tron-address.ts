/** Use case: TRON addresses (base58check) from keys and back. */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';

/** The version byte every Tron mainnet address starts with (base58 'T…'). */
export const TRON_ADDRESS_PREFIX = 0x41;
const ADDRESS_BYTES = 21;
const base58check = createBase58check(sha256);

/** A string that is not a valid Tron address (bad alphabet, length, prefix or checksum). */
export class TronAddressError extends Error {}

/** Encodes 21 address bytes (0x41 ‖ 20-byte account id) as base58check. */
export function encodeTronAddress(bytes: Uint8Array): string {
  if (bytes.length !== ADDRESS_BYTES || bytes[0] !== TRON_ADDRESS_PREFIX) {
    throw new TronAddressError('a Tron address is 21 bytes starting with 0x41');
  }
  return base58check.encode(bytes);
}

/** Decodes a base58check Tron address to its 21 bytes; throws TronAddressError on any defect, checksum included. */
export function decodeTronAddress(address: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(address);
  } catch (error) {
    throw new TronAddressError(`not a base58check address: ${(error as Error).message}`);
  }
  if (bytes.length !== ADDRESS_BYTES || bytes[0] !== TRON_ADDRESS_PREFIX) {
    throw new TronAddressError('not a Tron mainnet address');
  }
  return bytes;
}

/** True for a well-formed base58check Tron address whose checksum matches. */
export function isValidTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  try {
    decodeTronAddress(address);
    return true;
  } catch {
    return false;
  }
}

/** The 41-prefixed hex form of a base58 address ("41a6…"), as the node's hex APIs use it. */
export function tronAddressToHex(address: string): string {
  return bytesToHex(decodeTronAddress(address));
}

/**
 * Normalises the address forms TronGrid answers with: base58 ("T…"), 41-prefixed hex ("41…", 42 hex
 * digits) or EVM-style hex ("0x…", 40 hex digits, the events API's result fields). Returns base58, or null
 * for anything else.
 */
export function normalizeTronAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith('T')) return isValidTronAddress(value) ? value : null;
  let hex: string | null = null;
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) hex = `41${value.slice(2)}`;
  else if (/^41[0-9a-fA-F]{40}$/.test(value)) hex = value;
  return hex ? encodeTronAddress(hexToBytes(hex.toLowerCase())) : null;
}

/** The Tron address of a secp256k1 public key (33-byte compressed or 65-byte uncompressed). */
export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const bytes = new Uint8Array(ADDRESS_BYTES);
  bytes[0] = TRON_ADDRESS_PREFIX;
  bytes.set(hash.subarray(12), 1);
  return encodeTronAddress(bytes);
}

/** The Tron address a 32-byte private key controls. */
export function tronAddressFromPrivateKey(privateKey: Uint8Array): string {
  return tronAddressFromPublicKey(secp256k1.getPublicKey(privateKey, false));
}
