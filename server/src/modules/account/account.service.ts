// Settings profile use cases: read the profile, change the username, the notification switches and the avatar; serve the avatar to its owner.
import { createHash } from 'node:crypto';
import {
  API,
  type ChangeAvatarResponse,
  type ChangeUsernameResponse,
  type NotifySettingsRequest,
  type NotifySettingsResponse,
  SETTINGS_MESSAGES,
  type UserInfo,
} from '@app/shared';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { fieldErrors, notFound } from '../../lib/http-errors.ts';
import { uniqueViolation } from '../../lib/pg-errors.ts';
import type { SessionUser } from '../users/users.service.ts';
import * as users from '../users/users.service.ts';
import * as repo from './account.repository.ts';
import { avatarThumbnail, sniffAvatarType, UnreadableImageError } from './avatar-image.ts';

/** How many hex characters of the image's SHA-256 name it in its URL (64 bits: no collision in practice). */
const URL_HASH_LENGTH = 16;

/** The stored avatar's bytes as GET avatar serves them. */
export interface AvatarFile {
  content: Buffer;
  sha256: string;
}

/**
 * Spec §7 Settings, Profile and Notification: the user's own profile, username, avatar and notification
 * switches. Every method acts on the signed-in user only; an avatar is served to its owner's session only.
 */
export function createAccountService(deps: {
  database: Database;
  /** API_PREFIX: the avatar's URL path starts with it, so the web app can use it as an <img> source as is. */
  apiPrefix: string;
  log: Logger;
  now?: () => Date;
}) {
  const db = deps.database.db;
  const now = deps.now ?? (() => new Date());

  const avatarUrl = (userId: string, sha256: string) =>
    `${deps.apiPrefix}${API.settings.avatar(userId, sha256.slice(0, URL_HASH_LENGTH))}`;

  return {
    /** GET api/account/user_info/. */
    async userInfo(user: SessionUser): Promise<UserInfo> {
      const row = await repo.findProfile(db, user.id);
      if (!row) throw notFound();
      return {
        username: row.username,
        email: row.email,
        avatar: row.avatarUrl,
        is_lead: row.isLead,
        notification_payments: row.notificationPayments,
        notification_account: row.notificationAccount,
      };
    },

    /** POST change-username: the trimmed name, unique regardless of case (the database decides a race). */
    async changeUsername(user: SessionUser, input: { username: string }): Promise<ChangeUsernameResponse> {
      const username = input.username.trim();
      try {
        await users.setUsername(db, user.id, username, now());
      } catch (error) {
        if (uniqueViolation(error)) throw fieldErrors({ username: [SETTINGS_MESSAGES.usernameTaken] });
        throw error;
      }
      return { status: 'success', message: SETTINGS_MESSAGES.success, username };
    },

    /**
     * POST change-avatar: JPEG or PNG by content, re-encoded to a metadata-free square JPEG thumbnail,
     * stored in the database; the URL names the content's hash, so a new image is a new URL.
     */
    async changeAvatar(user: SessionUser, content: Buffer): Promise<ChangeAvatarResponse> {
      const type = sniffAvatarType(content);
      if (!type) throw fieldErrors({ avatar: [SETTINGS_MESSAGES.avatarType] });
      let thumbnail: Buffer;
      try {
        thumbnail = await avatarThumbnail(content, type);
      } catch (error) {
        if (error instanceof UnreadableImageError) {
          deps.log.info({ userId: user.id, err: error.cause }, 'avatar refused: not decodable');
          throw fieldErrors({ avatar: [SETTINGS_MESSAGES.avatarUnreadable] });
        }
        throw error;
      }
      const sha256 = createHash('sha256').update(thumbnail).digest('hex');
      const url = avatarUrl(user.id, sha256);
      const at = now();
      await db.transaction(async (tx) => {
        await repo.saveAvatar(tx, { userId: user.id, content: thumbnail, sha256, at });
        await users.setAvatarUrl(tx, user.id, url, at);
      });
      return { status: 'success', avatar_url: url };
    },

    /**
     * GET avatar/<userId>/<hash>.jpg: the image to its owner only. Another user's id, an unknown one and a
     * hash that is not the current image's all answer the same 404.
     */
    async avatarFile(user: SessionUser, userId: string, hash: string): Promise<AvatarFile> {
      if (userId !== user.id) throw notFound();
      const row = await repo.findAvatar(db, user.id);
      if (!row || hash.length !== URL_HASH_LENGTH || !row.sha256.startsWith(hash)) throw notFound();
      return row;
    },

    /** PUT change_notify_settings: one switch per request; answers both as stored. */
    async setNotifications(user: SessionUser, input: NotifySettingsRequest): Promise<NotifySettingsResponse> {
      const change =
        'notification_paymets' in input
          ? { notificationPayments: input.notification_paymets }
          : { notificationAccount: input.notification_account };
      const row = await users.setNotifications(db, user.id, change, now());
      if (!row) throw notFound();
      return {
        status: 'success',
        message: SETTINGS_MESSAGES.success,
        notification_payments: row.notificationPayments,
        notification_account: row.notificationAccount,
      };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
