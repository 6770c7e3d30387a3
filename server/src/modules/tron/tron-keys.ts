/** Use case: the watch-only account key deposit addresses are derived from (BIP32/BIP44). */
import fs from 'node:fs';
import path from 'node:path';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { Logger } from 'pino';
import { tronAddressFromPublicKey } from './tron-address.ts';

/** BIP44 account path of Tron (coin type 195); deposit addresses are its external chain m/…/0/i. */
export const TRON_ACCOUNT_PATH = "m/44'/195'/0'";
/** File under DATA_DIR holding the generated mnemonic when no TRON_XPUB is configured. */
export const GENERATED_SEED_FILE = 'tron-seed';
/** BIP32 child indexes at or above this are hardened; deposit indexes stay below. */
export const MAX_DEPOSIT_INDEX = 0x7fffffff;

/** Where deposit addresses come from: a watch-only account key and how it was obtained. */
export interface DepositKeys {
  /** The account-level key m/44'/195'/0', public part only. */
  account: HDKey;
  /** The account xpub: what an operator compares against their wallet. */
  xpub: string;
  /** Short id of the account key, stored with every address so a changed key is noticed. */
  fingerprint: string;
  source: 'xpub' | 'generated-seed';
}

/** The account key m/44'/195'/0' of a BIP39 mnemonic (with its private part). */
export function accountKeyFromMnemonic(mnemonic: string): HDKey {
  return HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(TRON_ACCOUNT_PATH);
}

/** Reads an account-level xpub; refuses keys of another depth, whose children would not be m/44'/195'/0'/0/i. */
export function accountKeyFromXpub(xpub: string): HDKey {
  const key = HDKey.fromExtendedKey(xpub);
  if (key.depth !== 3) {
    throw new Error(
      `TRON_XPUB must be the account key m/44'/195'/0' (depth 3); this one has depth ${key.depth}`,
    );
  }
  return key;
}

/** The deposit address at m/44'/195'/0'/0/index of an account key. */
export function depositAddressAt(account: HDKey, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= MAX_DEPOSIT_INDEX) {
    throw new RangeError(`deposit index out of range: ${index}`);
  }
  const child = account.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('derived key has no public key');
  return tronAddressFromPublicKey(child.publicKey);
}

function watchOnly(account: HDKey, source: DepositKeys['source']): DepositKeys {
  const xpub = account.publicExtendedKey;
  const publicOnly = HDKey.fromExtendedKey(xpub);
  return {
    account: publicOnly,
    xpub,
    fingerprint: publicOnly.fingerprint.toString(16).padStart(8, '0'),
    source,
  };
}

/**
 * Reads the generated mnemonic under DATA_DIR, creating it once (mode 0600, exclusive create so two
 * processes starting together end up with the same seed).
 */
function readOrCreateSeed(dataDir: string, log: Logger): string {
  const file = path.join(dataDir, GENERATED_SEED_FILE);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${generateMnemonic(wordlist, 256)}\n`, { mode: 0o600, flag: 'wx' });
    log.warn({ file }, 'generated a Tron deposit seed; back this file up');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (mode !== 0o600) {
    fs.chmodSync(file, 0o600);
    log.warn({ file, mode: mode.toString(8) }, 'the Tron seed file was readable by others; set it to 0600');
  }
  const mnemonic = fs.readFileSync(file, 'utf8').trim();
  if (!validateMnemonic(mnemonic, wordlist)) throw new Error(`${file} does not hold a valid BIP39 mnemonic`);
  return mnemonic;
}

/**
 * The deposit keys: TRON_XPUB when configured (the server then holds no deposit keys at all), otherwise a
 * seed generated once under DATA_DIR, with a warning that production should use a watch-only xpub.
 */
export function loadDepositKeys(options: { xpub?: string; dataDir: string; log: Logger }): DepositKeys {
  if (options.xpub) return watchOnly(accountKeyFromXpub(options.xpub), 'xpub');
  const mnemonic = readOrCreateSeed(options.dataDir, options.log);
  const keys = watchOnly(accountKeyFromMnemonic(mnemonic), 'generated-seed');
  options.log.warn(
    { file: path.join(options.dataDir, GENERATED_SEED_FILE), xpub: keys.xpub },
    'TRON_XPUB is not set: deposit addresses come from a seed kept on this server. In production set TRON_XPUB to a watch-only account xpub and keep the seed offline.',
  );
  return keys;
}
