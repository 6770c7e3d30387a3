/**
 * The users module's public face (the users table: accounts, sign-up rows, passwords, leads, profile columns,
 * referral link and lead share, rating points, merchant shop name, the console's block and search). Other modules and the CLI call these functions,
 * never users.repository.ts: the users table is written only here, whichever module decides the change (account
 * the profile, referrals the lead's links, rating the points, merchants the shop name), which checks its rules first.
 */
import type { UserRole } from '@app/shared';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './users.repository.ts';

export type UserRow = repo.UserRow;

/**
 * What a signed-in request knows about its user (the session plugin builds it from the users row and the
 * session). It lives here, not in auth, so a module that only needs the caller's shape does not depend on auth.
 */
export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
  isLead: boolean;
  username: string | null;
  avatarUrl: string | null;
  rating: string;
  sessionId: string;
}
export type NewUser = repo.NewUser;

/** Finds a user by email, case-insensitively. */
export function findByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  return repo.findByEmail(db, email);
}

export function findById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  return repo.findById(db, id);
}

/** Every user, oldest first (the operator's list). */
export function listUsers(db: DbOrTx): Promise<UserRow[]> {
  return repo.listUsers(db);
}

export function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  return repo.insertUser(db, values);
}

export function setPassword(db: DbOrTx, id: string, passwordHash: string, at: Date): Promise<void> {
  return repo.setPassword(db, id, passwordHash, at);
}

/** Makes a user a lead or not (by email); undefined when there is no such user. */
export function setLead(db: DbOrTx, email: string, isLead: boolean): Promise<UserRow | undefined> {
  return repo.setLead(db, email, isLead);
}

/** Sign-up with a referral code: links the new user to the lead, once (a trigger refuses any later change). */
export function setReferredBy(db: DbOrTx, userId: string, leadId: string): Promise<void> {
  return repo.setReferredBy(db, userId, leadId);
}

/** admin set-lead-share: the lead's own share in basis points (the referrals module checks and records it). */
export function setLeadShare(db: DbOrTx, leadId: string, bps: number, at: Date): Promise<void> {
  return repo.setLeadShare(db, leadId, bps, at);
}

/** The trader's rating points and percent, as the rating module computed them in its transaction. */
export function setRatingPoints(
  db: DbOrTx,
  traderId: string,
  pointsTenths: number,
  rating: string,
): Promise<void> {
  return repo.setRatingPoints(db, traderId, pointsTenths, rating);
}

/** Settings: the username (false when there is no such user; a name taken regardless of case is a unique violation). */
export function setUsername(db: DbOrTx, userId: string, username: string, at: Date): Promise<boolean> {
  return repo.setUsername(db, userId, username, at);
}

/** Settings: one or both notification switches; both as stored, undefined when there is no such user. */
export function setNotifications(
  db: DbOrTx,
  userId: string,
  change: { notificationPayments?: boolean; notificationAccount?: boolean },
  at: Date,
): Promise<{ notificationPayments: boolean; notificationAccount: boolean } | undefined> {
  return repo.setNotifications(db, userId, change, at);
}

/** Settings: the URL path of the avatar just stored (in the avatar's transaction). */
export function setAvatarUrl(db: DbOrTx, userId: string, avatarUrl: string, at: Date): Promise<void> {
  return repo.setAvatarUrl(db, userId, avatarUrl, at);
}

/** The merchant's shop name the payer page shows; undefined when the user is no merchant. */
export function findMerchantDisplayName(
  db: DbOrTx,
  merchantId: string,
): Promise<{ displayName: string | null } | undefined> {
  return repo.findMerchantDisplayName(db, merchantId);
}

/** Sets the merchant's shop name (null clears it); false when the user is no merchant. */
export function setMerchantDisplayName(
  db: DbOrTx,
  merchantId: string,
  displayName: string | null,
  at: Date,
): Promise<boolean> {
  return repo.setMerchantDisplayName(db, merchantId, displayName, at);
}

/** Console: blocks (a time) or unblocks (null) a user; the auth module ends their sessions in the same transaction. */
export function setBlocked(db: DbOrTx, id: string, blockedAt: Date | null): Promise<UserRow | undefined> {
  return repo.setBlocked(db, id, blockedAt);
}

/** Console: the lead flag by id. */
export function setLeadById(db: DbOrTx, id: string, isLead: boolean): Promise<UserRow | undefined> {
  return repo.setLeadById(db, id, isLead);
}

/** Console: one page of users found by email or username substring or exact id, newest first. */
export function searchUsers(
  db: DbOrTx,
  filter: { search?: string; role?: UserRole },
  window: { offset: number; limit: number },
): Promise<{ count: number; rows: UserRow[] }> {
  return repo.searchUsers(db, filter, window);
}

/** Console: the users a lead referred, newest first. */
export function listReferred(db: DbOrTx, leadId: string, limit: number): Promise<UserRow[]> {
  return repo.listReferred(db, leadId, limit);
}
