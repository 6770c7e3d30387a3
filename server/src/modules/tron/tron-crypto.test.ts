import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import {
  decodeTronAddress,
  isValidTronAddress,
  normalizeTronAddress,
  TronAddressError,
  tronAddressFromPrivateKey,
  tronAddressToHex,
} from './tron-address.ts';
import {
  accountKeyFromMnemonic,
  accountKeyFromXpub,
  depositAddressAt,
  GENERATED_SEED_FILE,
  loadDepositKeys,
} from './tron-keys.ts';
import { decodeTransactionRaw, encodeTriggerTransactionRaw } from './tron-protobuf.ts';
import {
  checkTransferTransaction,
  decodeTransferCallData,
  encodeTransferParameter,
  recoverSigner,
  signTransaction,
  TRC20_TRANSFER_SELECTOR,
  TransactionCheckError,
  transactionIdOf,
} from './tron-transaction.ts';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ADDRESS_0 = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const ADDRESS_1 = 'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const silent = pino({ level: 'silent' });

describe("deposit addresses (BIP44 m/44'/195'/0'/0/i)", () => {
  it('derives the known vectors from the "abandon … about" mnemonic', () => {
    const account = accountKeyFromMnemonic(MNEMONIC);
    expect(depositAddressAt(account, 0)).toBe(ADDRESS_0);
    expect(depositAddressAt(account, 1)).toBe(ADDRESS_1);
  });

  it('gives the same addresses from the account xpub alone (watch-only)', () => {
    const xpub = accountKeyFromMnemonic(MNEMONIC).publicExtendedKey;
    expect(xpub.startsWith('xpub')).toBe(true);
    const watchOnly = accountKeyFromXpub(xpub);
    expect(watchOnly.privateKey).toBeNull();
    expect(depositAddressAt(watchOnly, 0)).toBe(ADDRESS_0);
    expect(depositAddressAt(watchOnly, 1)).toBe(ADDRESS_1);
    const keys = loadDepositKeys({ xpub, dataDir: '/nonexistent', log: silent });
    expect(keys.source).toBe('xpub');
    expect(depositAddressAt(keys.account, 1)).toBe(ADDRESS_1);
  });

  it('agrees with the private key at the full path from the master seed', () => {
    const child = HDKey.fromMasterSeed(mnemonicToSeedSync(MNEMONIC)).derive("m/44'/195'/0'/0/0");
    expect(tronAddressFromPrivateKey(child.privateKey!)).toBe(ADDRESS_0);
  });

  it('refuses an xpub that is not the account level', () => {
    const change = accountKeyFromMnemonic(MNEMONIC).deriveChild(0).publicExtendedKey;
    expect(() => accountKeyFromXpub(change)).toThrow(/depth 4/);
  });

  it('refuses indexes outside the non-hardened range', () => {
    const account = accountKeyFromMnemonic(MNEMONIC);
    expect(() => depositAddressAt(account, -1)).toThrow(RangeError);
    expect(() => depositAddressAt(account, 0x80000000)).toThrow(RangeError);
  });

  it('generates one seed under DATA_DIR with mode 0600 and keeps using it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tron-seed-'));
    try {
      const warnings: string[] = [];
      const log = pino({ level: 'warn' }, { write: (line: string) => warnings.push(line) });
      const first = loadDepositKeys({ dataDir: dir, log });
      const file = path.join(dir, GENERATED_SEED_FILE);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8').trim().split(' ')).toHaveLength(24);
      expect(first.source).toBe('generated-seed');
      expect(first.account.privateKey).toBeNull();
      expect(warnings.join('\n')).toMatch(/TRON_XPUB is not set/);
      const second = loadDepositKeys({ dataDir: dir, log: silent });
      expect(second.xpub).toBe(first.xpub);
      expect(depositAddressAt(second.account, 5)).toBe(depositAddressAt(first.account, 5));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('base58check addresses', () => {
  it('accepts valid addresses and refuses a changed character (checksum)', () => {
    expect(isValidTronAddress(ADDRESS_0)).toBe(true);
    expect(isValidTronAddress(USDT)).toBe(true);
    const tampered = `${ADDRESS_0.slice(0, 10)}${ADDRESS_0[10] === 'a' ? 'b' : 'a'}${ADDRESS_0.slice(11)}`;
    expect(isValidTronAddress(tampered)).toBe(false);
    expect(() => decodeTronAddress(tampered)).toThrow(TronAddressError);
  });

  it('refuses wrong lengths, alphabets and non-Tron prefixes', () => {
    expect(isValidTronAddress(ADDRESS_0.slice(0, -1))).toBe(false);
    expect(isValidTronAddress(`${ADDRESS_0}1`)).toBe(false);
    expect(isValidTronAddress('T0EZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toBe(false);
    // A valid bitcoin address: good base58check, wrong version byte.
    expect(isValidTronAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(false);
    expect(isValidTronAddress('')).toBe(false);
  });

  it('normalises the hex forms TronGrid answers with to base58', () => {
    const hex = tronAddressToHex(ADDRESS_0);
    expect(hex).toMatch(/^41[0-9a-f]{40}$/);
    expect(normalizeTronAddress(hex)).toBe(ADDRESS_0);
    expect(normalizeTronAddress(hex.toUpperCase())).toBe(ADDRESS_0);
    expect(normalizeTronAddress(`0x${hex.slice(2)}`)).toBe(ADDRESS_0);
    expect(normalizeTronAddress(ADDRESS_0)).toBe(ADDRESS_0);
    expect(normalizeTronAddress(`0x${hex}`)).toBeNull();
    expect(normalizeTronAddress('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh')).toBeNull();
    expect(normalizeTronAddress(42)).toBeNull();
  });
});

const hotKey = accountKeyFromMnemonic(MNEMONIC).deriveChild(0).deriveChild(0).privateKey!;
const HOT = tronAddressFromPrivateKey(hotKey);
const DEST = ADDRESS_1;

function buildTransfer(
  overrides: Partial<{
    to: string;
    amount: bigint;
    owner: string;
    feeLimit: bigint;
    expiration: number;
  }> = {},
) {
  const now = Date.now();
  const data = hexToBytes(
    TRC20_TRANSFER_SELECTOR + encodeTransferParameter(overrides.to ?? DEST, overrides.amount ?? 12_500_000n),
  );
  const raw = encodeTriggerTransactionRaw({
    refBlockBytes: hexToBytes('1a2b'),
    refBlockHash: hexToBytes('0011223344556677'),
    expiration: BigInt(overrides.expiration ?? now + 60_000),
    timestamp: BigInt(now),
    feeLimit: overrides.feeLimit ?? 100_000_000n,
    trigger: {
      ownerAddress: decodeTronAddress(overrides.owner ?? HOT),
      contractAddress: decodeTronAddress(USDT),
      callValue: 0n,
      data,
      callTokenValue: 0n,
      tokenId: 0n,
    },
  });
  return { txID: transactionIdOf(raw), raw_data_hex: raw, visible: true };
}

const expected = () => ({
  owner: HOT,
  contract: USDT,
  to: DEST,
  amount: 12_500_000n,
  maxFeeLimit: 100_000_000n,
  now: new Date(),
});

describe('TRC20 transfer transactions', () => {
  it('ABI-encodes transfer(address,uint256) and decodes it back', () => {
    const parameter = encodeTransferParameter(DEST, 1_000_001n);
    expect(parameter).toHaveLength(128);
    expect(parameter.slice(24, 64)).toBe(tronAddressToHex(DEST).slice(2));
    expect(BigInt(`0x${parameter.slice(64)}`)).toBe(1_000_001n);
    expect(decodeTransferCallData(hexToBytes(TRC20_TRANSFER_SELECTOR + parameter))).toEqual({
      to: DEST,
      amount: 1_000_001n,
    });
    expect(() => encodeTransferParameter(DEST, 0n)).toThrow(RangeError);
  });

  it('round-trips the raw transaction protobuf', () => {
    const tx = buildTransfer();
    const raw = decodeTransactionRaw(tx.raw_data_hex);
    expect(raw.contracts).toHaveLength(1);
    expect(raw.feeLimit).toBe(100_000_000n);
    expect(raw.unknownFields).toEqual([]);
    expect(checkTransferTransaction(tx, expected()).expiration).toBe(Number(raw.expiration));
  });

  it('refuses a txID that is not the SHA-256 of raw_data_hex, before signing anything', () => {
    const tx = buildTransfer();
    const forged = { ...tx, txID: bytesToHex(new Uint8Array(32).fill(7)) };
    expect(() => checkTransferTransaction(forged, expected())).toThrow(/SHA-256/);
    expect(() => signTransaction(forged, hotKey)).toThrow(TransactionCheckError);
  });

  it('refuses raw data that pays someone else, another amount, from another owner, or costs too much', () => {
    const other = buildTransfer({ to: ADDRESS_0 });
    expect(() => checkTransferTransaction(other, expected())).toThrow(/call data/);
    expect(() => checkTransferTransaction(buildTransfer({ amount: 99_000_000n }), expected())).toThrow(
      /call data/,
    );
    expect(() => checkTransferTransaction(buildTransfer({ owner: DEST }), expected())).toThrow(/owner/);
    expect(() => checkTransferTransaction(buildTransfer({ feeLimit: 1_000_000_000n }), expected())).toThrow(
      /fee_limit/,
    );
    expect(() => checkTransferTransaction(buildTransfer({ expiration: Date.now() - 1 }), expected())).toThrow(
      /expiration/,
    );
    expect(() =>
      checkTransferTransaction({ ...buildTransfer(), raw_data_hex: 'zz', txID: 'aa' }, expected()),
    ).toThrow(TransactionCheckError);
  });

  it('signs r ‖ s ‖ v so that the signature verifies and recovers the hot-wallet address', () => {
    const tx = buildTransfer();
    const signed = signTransaction(tx, hotKey);
    const signature = signed.signature[0]!;
    expect(signature).toMatch(/^[0-9a-f]{130}$/);
    expect([27, 28]).toContain(Number.parseInt(signature.slice(128), 16));
    expect(recoverSigner(tx.txID, signature)).toBe(HOT);
    const compact = hexToBytes(signature.slice(0, 128));
    const publicKey = secp256k1.getPublicKey(hotKey, true);
    expect(secp256k1.verify(compact, hexToBytes(tx.txID), publicKey, { prehash: false })).toBe(true);
    expect(recoverSigner(tx.txID, signature)).not.toBe(DEST);
  });
});
