// Merchant API keys: create (hashed, capped), list, revoke, authenticate a Bearer key; the admin commands' key issue.
import { createHash, randomBytes } from 'node:crypto';
import {
  type ApiKey,
  type CreateApiKeyResponse,
  MERCHANT_API_KEY_PREFIX,
  MERCHANT_API_KEYS_MAX,
  MERCHANT_TEXT,
  normalizeEmail,
} from '@app/shared';
import type { Database, DbOrTx, Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import * as users from '../users/users.service.ts';
import * as repo from './merchant-keys.repository.ts';

/** The merchant and key a merchant API request authenticated as. */
export interface MerchantPrincipal {
  merchantId: string;
  keyId: string;
}

/** Why the operator's CLI could not create a key. */
export type AdminKeyRefusal = 'user-not-found' | 'not-merchant' | 'too-many-keys';

export interface MerchantKeysService {
  /** A new key for a merchant: the answer is the only place the key itself ever appears. */
  createKey(userId: string, name: string): Promise<CreateApiKeyResponse>;
  /** Every key of the merchant, revoked ones too, newest first. */
  listKeys(userId: string): Promise<ApiKey[]>;
  /** Revokes one of the merchant's keys at once; revoking it again changes nothing. */
  revokeKey(userId: string, keyId: string): Promise<void>;
  /**
   * The merchant behind an `Authorization` header value, or null for a missing, malformed, unknown or revoked
   * key. A key found is remembered for AUTHENTICATED_KEY_TTL_MS, so a busy merchant costs one lookup per
   * that interval instead of one per request; a revocation or a block on this instance forgets at once
   * (`forgetAuthenticated`), other instances within the interval.
   */
  authenticate(authorization: string | undefined): Promise<MerchantPrincipal | null>;
  /** Forgets the remembered keys: a key revoked or a merchant blocked stops authenticating at once here. */
  forgetAuthenticated(): void;
  /** Operator: a key for the merchant with this email. */
  createKeyForEmail(
    email: string,
    name: string,
    /** Runs in the key's transaction (the CLI's audit row). */
    audit?: KeyAudit,
  ): Promise<{ ok: true; key: CreateApiKeyResponse } | { ok: false; reason: AdminKeyRefusal }>;
  /** Operator: the keys of the user with this email; null when there is no such user. */
  listKeysForEmail(email: string): Promise<ApiKey[] | null>;
  /**
   * Operator: revokes a key (of `options.userId` when given, whoever holds it otherwise); null when there is
   * no such key. `options.audit` runs in the revocation's transaction (the audit row of console and CLI).
   */
  revokeKeyById(keyId: string, options?: { userId?: string; audit?: KeyAudit }): Promise<ApiKey | null>;
}

/** How long a key found is remembered; the longest a revocation made on another instance takes to apply. */
export const AUTHENTICATED_KEY_TTL_MS = 2_000;
/** Remembered keys at most (a flood of distinct valid keys cannot grow the memory). */
const AUTHENTICATED_KEYS_MAX = 10_000;

/** The operator's audit row of a key change, written in the change's transaction. */
export type KeyAudit = (tx: Tx, key: ApiKey) => Promise<void>;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Random characters after the fixed prefix: 32 of base62 ≈ 190 bits. */
const KEY_RANDOM_LENGTH = 32;
/** Characters of the key kept to tell keys apart in the list: `mk_live_` and four random ones. */
const SHOWN_PREFIX_LENGTH = 12;
/** Keys we issue have this shape; anything else is refused without a database lookup. */
const KEY_PATTERN = new RegExp(`^${MERCHANT_API_KEY_PREFIX}[A-Za-z0-9]{${KEY_RANDOM_LENGTH}}$`);
const BEARER = /^Bearer ([^\s]+)$/;
/** last_used_at is written at most this often per key, so a busy key does not turn every read into a write. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A new key: the fixed prefix and 32 base62 characters. Bytes of 248 and above are skipped (248 = 4 × 62),
 * so every character is equally likely.
 */
export function newMerchantApiKey(): string {
  let random = '';
  while (random.length < KEY_RANDOM_LENGTH) {
    for (const byte of randomBytes(KEY_RANDOM_LENGTH * 2)) {
      if (byte < 248 && random.length < KEY_RANDOM_LENGTH) random += BASE62[byte % 62];
    }
  }
  return MERCHANT_API_KEY_PREFIX + random;
}

const listingOf = ({ id, name, prefix, created_at, last_used_at, revoked_at }: ApiKey): ApiKey => ({
  id,
  name,
  prefix,
  created_at,
  last_used_at,
  revoked_at,
});

function toApiKey(row: repo.ListedKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Merchant API keys: created by a merchant in Settings #api or by the operator's CLI, shown once, stored
 * as SHA-256 only, revocable, with a last-used time; and the Bearer authentication of `merchant/v1`.
 * Refusals in the web app's calls are 400 {detail}, never 403 (the web app signs out on 403).
 */
export function createMerchantKeysService(deps: {
  database: Database;
  now?: () => Date;
}): MerchantKeysService {
  const { db } = deps.database;
  const now = deps.now ?? (() => new Date());
  /**
   * Key hash → who it authenticated as, until when, and its recorded last use (epoch ms). Only found keys:
   * unknown ones are not kept.
   */
  const authenticated = new Map<string, MerchantPrincipal & { until: number; usedAt: number }>();

  async function requireMerchant(userId: string): Promise<void> {
    const user = await users.findById(db, userId);
    if (user?.role !== 'merchant') throw badRequest(MERCHANT_TEXT.notMerchant);
  }

  async function insert(userId: string, name: string, on: DbOrTx = db) {
    const key = newMerchantApiKey();
    const result = await repo.insertKeyWithinCap(on, {
      userId,
      name,
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      keyHash: sha256Hex(key),
      max: MERCHANT_API_KEYS_MAX,
      now: now(),
    });
    return typeof result === 'string' ? result : { ...toApiKey(result), key };
  }

  return {
    async createKey(userId, name) {
      await requireMerchant(userId);
      const created = await insert(userId, name);
      if (created === 'not-merchant') throw badRequest(MERCHANT_TEXT.notMerchant);
      if (created === 'cap-reached') throw badRequest(MERCHANT_TEXT.tooManyKeys);
      return created;
    },

    async listKeys(userId) {
      await requireMerchant(userId);
      return (await repo.listByUser(db, userId)).map(toApiKey);
    },

    async revokeKey(userId, keyId) {
      await requireMerchant(userId);
      // Someone else's key and no key at all get the same answer.
      const row = isUuid(keyId) ? await repo.revoke(db, { keyId, userId, now: now() }) : undefined;
      if (!row) throw notFound(MERCHANT_TEXT.keyNotFound);
      authenticated.clear();
    },

    async authenticate(authorization) {
      const key = BEARER.exec(authorization ?? '')?.[1];
      if (!key || !KEY_PATTERN.test(key)) return null;
      const hash = sha256Hex(key);
      const remembered = authenticated.get(hash);
      const checkedAt = now().getTime();
      // Also looked up again when its last use is due to be recorded, so that stays within the resolution.
      if (
        remembered &&
        remembered.until > checkedAt &&
        remembered.usedAt > checkedAt - LAST_USED_RESOLUTION_MS
      ) {
        return { merchantId: remembered.merchantId, keyId: remembered.keyId };
      }
      const row = await repo.findActiveByHash(db, hash);
      if (!row) {
        authenticated.delete(hash);
        return null;
      }
      const at = now();
      const notBefore = new Date(at.getTime() - LAST_USED_RESOLUTION_MS);
      // Read first, write only when the recorded use is older than the resolution: the hot path stays one
      // indexed read, and the conditional update keeps racing requests to one write.
      let usedAt = row.lastUsedAt ?? at;
      if (!row.lastUsedAt || row.lastUsedAt <= notBefore) {
        await repo.touchLastUsed(db, { keyId: row.keyId, now: at, notBefore });
        usedAt = at;
      }
      if (authenticated.size >= AUTHENTICATED_KEYS_MAX) authenticated.clear();
      authenticated.set(hash, {
        merchantId: row.merchantId,
        keyId: row.keyId,
        until: at.getTime() + AUTHENTICATED_KEY_TTL_MS,
        usedAt: usedAt.getTime(),
      });
      return { merchantId: row.merchantId, keyId: row.keyId };
    },

    forgetAuthenticated: () => authenticated.clear(),

    async createKeyForEmail(email, name, audit) {
      const user = await users.findByEmail(db, normalizeEmail(email));
      if (!user) return { ok: false, reason: 'user-not-found' };
      if (user.role !== 'merchant') return { ok: false, reason: 'not-merchant' };
      const created = await db.transaction(async (tx) => {
        const inserted = await insert(user.id, name, tx);
        // The audit gets the key's listing, never the key itself.
        if (typeof inserted !== 'string') await audit?.(tx, listingOf(inserted));
        return inserted;
      });
      if (created === 'not-merchant') return { ok: false, reason: 'not-merchant' };
      if (created === 'cap-reached') return { ok: false, reason: 'too-many-keys' };
      return { ok: true, key: created };
    },

    async listKeysForEmail(email) {
      const user = await users.findByEmail(db, normalizeEmail(email));
      return user ? (await repo.listByUser(db, user.id)).map(toApiKey) : null;
    },

    async revokeKeyById(keyId, options = {}) {
      if (!isUuid(keyId)) return null;
      const revoked = await db.transaction(async (tx) => {
        const row = await repo.revoke(tx, { keyId, userId: options.userId ?? null, now: now() });
        if (!row) return null;
        const key = toApiKey(row);
        await options.audit?.(tx, key);
        return key;
      });
      authenticated.clear();
      return revoked;
    },
  };
}
