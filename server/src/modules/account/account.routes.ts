// Settings profile routes (spec §7): user_info, change-username, change_notify_settings, change-avatar and the owner-only avatar image.
import {
  API,
  AVATAR_MAX_BYTES,
  changeAvatarResponse,
  changeUsernameRequest,
  changeUsernameResponse,
  notifySettingsRequest,
  notifySettingsResponse,
  SETTINGS_MESSAGES,
  userInfoResponse,
} from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { fieldErrors, HttpError } from '../../lib/http-errors.ts';
import { isMalformedMultipart } from '../../lib/multipart.ts';
import { currentUser } from '../../plugins/session.ts';

const avatarParams = z.object({ userId: z.string().max(64), hash: z.string().max(64) });

/**
 * Uploads one address may send a minute: each is decoded and re-encoded on the thread pool the password
 * hashing also uses, so a flood must not be able to occupy it.
 */
const AVATAR_UPLOADS_PER_MIN = 30;

/** The file form field spec §7 names. */
const AVATAR_FIELD = 'avatar';

/**
 * Spec §7 Settings, Profile and Notification, at exactly its paths, plus the avatar image itself (our
 * addition). Every route needs a session; the session check runs before any body is read.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { account } = ctx;
  const onRequest = app.requireUser;

  app.get(
    API.settings.userInfo,
    { onRequest, schema: { response: { 200: userInfoResponse } } },
    async (request) => account.userInfo(currentUser(request)),
  );

  app.post(
    API.settings.changeUsername,
    { onRequest, schema: { body: changeUsernameRequest, response: { 200: changeUsernameResponse } } },
    async (request) => account.changeUsername(currentUser(request), request.body),
  );

  app.put(
    API.settings.notifySettings,
    { onRequest, schema: { body: notifySettingsRequest, response: { 200: notifySettingsResponse } } },
    async (request) => account.setNotifications(currentUser(request), request.body),
  );

  app.get(
    API.settings.avatar(':userId', ':hash'),
    {
      onRequest,
      schema: { params: avatarParams },
      // After the API-wide no-store: the URL names the content's hash, so the image under it never changes,
      // and `private` keeps it out of shared caches (it is served to its owner's session only).
      onSend: async (_request, reply) => {
        if (reply.statusCode === 200) reply.header('cache-control', 'private, max-age=31536000, immutable');
      },
    },
    async (request, reply) => {
      const file = await account.avatarFile(currentUser(request), request.params.userId, request.params.hash);
      return reply.type('image/jpeg').header('etag', `"${file.sha256}"`).send(file.content);
    },
  );

  const uploads: FastifyPluginAsyncZod = async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
    });
    scope.post(
      API.settings.changeAvatar,
      {
        onRequest,
        config: { rateLimit: { max: AVATAR_UPLOADS_PER_MIN, timeWindow: '1 minute' } },
        schema: { response: { 200: changeAvatarResponse } },
      },
      async (request) => {
        const required = () => fieldErrors({ avatar: [SETTINGS_MESSAGES.avatarRequired] });
        if (!request.isMultipart()) throw required();
        let content: Buffer;
        try {
          const file = await request.file();
          if (!file || file.fieldname !== AVATAR_FIELD) throw required();
          content = await file.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new HttpError(413, { avatar: [SETTINGS_MESSAGES.avatarTooLarge] });
          }
          if (isMalformedMultipart(error)) throw required();
          throw error;
        }
        // The declared name and type are ignored: the service judges the bytes.
        return account.changeAvatar(currentUser(request), content);
      },
    );
  };
  // Its own scope, so multipart parsing exists on the avatar upload and nowhere else in this module.
  await app.register(uploads);
};
