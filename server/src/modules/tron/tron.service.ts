/** Use cases: the tron module's face: address checks, deposit addresses, hot wallet, deposit scanner. */
import { hexToBytes } from '@noble/hashes/utils.js';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { createDepositScanner, type DepositScanner } from './deposit-scanner.ts';
import { isValidTronAddress, tronAddressFromPrivateKey } from './tron-address.ts';
import { accountKeyFromXpub, type DepositKeys, depositAddressAt, loadDepositKeys } from './tron-keys.ts';
import { createTronGridClient, type TronGridClient } from './trongrid-client.ts';

/** 1 TRX = 1 000 000 sun. */
const SUN_PER_TRX = 1_000_000n;

/**
 * The tron module's public face: address checks, deposit address derivation, the hot wallet, the one
 * deposit scanner of the process (shared by the deposit watcher and the deposit nudge) and the chain
 * settings the withdrawal sender needs. Other modules call this, never the tron files behind it.
 */
export function createTronService(deps: {
  database: Database;
  ledger: LedgerService;
  config: AppConfig;
  log: Logger;
  now?: () => Date;
  /** A TronGrid client to use instead of the one TRONGRID_URL describes (tests). */
  client?: TronGridClient;
}) {
  const { config, log } = deps;
  // A TRON_XPUB of the wrong depth would derive addresses nobody's wallet shows: refuse it at start-up.
  if (config.TRON_XPUB) accountKeyFromXpub(config.TRON_XPUB);
  const hotWalletKey = config.TRON_WITHDRAWAL_PRIVATE_KEY
    ? hexToBytes(config.TRON_WITHDRAWAL_PRIVATE_KEY.toLowerCase())
    : null;
  const client =
    deps.client ??
    (config.TRONGRID_URL
      ? createTronGridClient({ url: config.TRONGRID_URL, apiKey: config.TRONGRID_API_KEY })
      : null);
  const scanner: DepositScanner | null = client
    ? createDepositScanner({
        database: deps.database,
        ledger: deps.ledger,
        client,
        contract: config.USDT_CONTRACT,
        log: log.child({ component: 'deposit-scanner' }),
        now: deps.now,
      })
    : null;
  let keys: Promise<DepositKeys> | null = null;

  /** The deposit keys, loaded on first use (a generated seed is created only when an address is needed). */
  function depositKeys(): Promise<DepositKeys> {
    keys ??= Promise.resolve()
      .then(() => loadDepositKeys({ xpub: config.TRON_XPUB, dataDir: config.dataDir, log }))
      .catch((error: unknown) => {
        keys = null;
        throw error;
      });
    return keys;
  }

  return {
    /** The TronGrid client, or null when no chain is configured (TRONGRID_URL unset). */
    client,
    /** The process's one deposit scanner; null without a chain. */
    scanner,
    /** The hot wallet's address, or null without TRON_WITHDRAWAL_PRIVATE_KEY. */
    hotWalletAddress: hotWalletKey ? tronAddressFromPrivateKey(hotWalletKey) : null,
    /** The hot wallet's private key (only the withdrawal sender signs with it). */
    hotWalletKey,
    /** The most TRX a withdrawal may burn for energy, in sun (TRON_FEE_LIMIT_TRX). */
    feeLimitSun: BigInt(config.TRON_FEE_LIMIT_TRX) * SUN_PER_TRX,
    contract: config.USDT_CONTRACT,

    /** Whether a string is a base58check Tron address. */
    isValidAddress: isValidTronAddress,

    depositKeys,

    /** The deposit address m/44'/195'/0'/0/index of the configured account key, with the key's fingerprint. */
    async depositAddress(index: number): Promise<{ address: string; fingerprint: string }> {
      const { account, fingerprint } = await depositKeys();
      return { address: depositAddressAt(account, index), fingerprint };
    },

    /**
     * Scans one address's incoming transfers now and credits what is new; 0 without a chain. Rejects when
     * TronGrid fails (the caller decides whether that matters).
     */
    async scanAddress(address: string, createdAt: Date): Promise<number> {
      return scanner ? scanner.scanAddress(address, createdAt) : 0;
    },
  };
}

export type TronService = ReturnType<typeof createTronService>;
