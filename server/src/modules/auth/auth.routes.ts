// Sign-up, sign-in (both with a mailed code), password reset and change, sign-out and the session check (spec §7 Auth).
import {
  API,
  AUTH_BODY_FIELD_TO_ERROR_FIELD,
  FORCE_LOGOUT_HEADER,
  loginRequest,
  loginVerifyRequest,
  passwordResetRequest,
  registerRequest,
  requestPasswordResetRequest,
  settingsPasswordChangeRequest,
  verifyOtpRequest,
} from '@app/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { validationError } from '../../lib/http-errors.ts';
import { currentUser } from '../../plugins/session.ts';
import { AUTH_TEXT, type NewSession, publicUser } from './auth.service.ts';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Spec §7 Authentication, at exactly its paths. */
export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const { auth, config } = ctx;
  const limited = {
    errorFields: AUTH_BODY_FIELD_TO_ERROR_FIELD,
    rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
  };

  /** A checked code (sign-up or sign-in) starts the session: the cookie is set, the answer names the user. */
  async function startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    session: NewSession,
    message: string,
  ) {
    await app.startSessionCookie(request, reply, session);
    return { message, user: publicUser(session.user) };
  }

  app.post(API.auth.register, { schema: { body: registerRequest }, config: limited }, async (request) =>
    auth.register(request.body, meta(request)),
  );

  app.post(
    API.auth.verifyOtp,
    { schema: { body: verifyOtpRequest }, config: limited },
    async (request, reply) =>
      startSession(
        request,
        reply,
        await auth.verifyRegistration(request.body, meta(request)),
        AUTH_TEXT.registered,
      ),
  );

  app.post(API.auth.login, { schema: { body: loginRequest }, config: limited }, async (request) =>
    auth.login(request.body, meta(request)),
  );

  app.post(
    API.auth.loginVerify,
    { schema: { body: loginVerifyRequest }, config: limited },
    async (request, reply) =>
      startSession(request, reply, await auth.verifyLogin(request.body, meta(request)), AUTH_TEXT.signedIn),
  );

  // Both password calls also serve the signed-in Settings password change (spec §7 Settings): with a live
  // session the caller may name only their own email, and the reset keeps their session.
  app.post(
    API.auth.requestPasswordReset,
    { onRequest: app.optionalUser, schema: { body: requestPasswordResetRequest }, config: limited },
    async (request) => auth.requestPasswordReset(request.body, meta(request), request.user),
  );

  app.post(API.auth.passwordReset, { onRequest: app.optionalUser, config: limited }, async (request) => {
    // The password rule depends on the caller: the sign-up rule signed out, the settings rule (spec §5
    // Settings) signed in; so the body is checked here, once the session is known.
    const rules = request.user ? settingsPasswordChangeRequest : passwordResetRequest;
    const body = rules.safeParse(request.body ?? {});
    if (!body.success) throw validationError(body.error.issues, AUTH_BODY_FIELD_TO_ERROR_FIELD);
    return auth.resetPassword(body.data, meta(request), request.user);
  });

  app.post(API.auth.logout, async (request, reply) => {
    const forced = request.headers[FORCE_LOGOUT_HEADER.toLowerCase()] === 'true';
    await app.endSessionCookie(request, reply);
    if (forced) request.log.info('forced logout');
    return { message: AUTH_TEXT.loggedOut };
  });

  app.get(API.auth.checkUserAuth, { onRequest: app.requireUser }, async (request) => ({
    user: publicUser(currentUser(request)),
  }));
};
