import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notALead, unauthorized } from '../lib/http-errors.ts';
import type { AuthService, NewSession, SessionUser } from '../modules/auth/auth.service.ts';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user; set by requireUser. */
    user?: SessionUser;
  }
  interface FastifyInstance {
    /** onRequest hook of signed-in routes: 401 unless a live session cookie is present. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * onRequest hook of routes that serve both signed-in and signed-out callers (the password change): sets
     * request.user when a live session cookie is present and refuses nobody.
     */
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook of lead routes: 401 when signed out, 451 when signed in but not a lead. */
    requireLead: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Sets the session cookie of a new session (sign-in rotates: the old cookie's session is revoked). */
    startSessionCookie: (request: FastifyRequest, reply: FastifyReply, session: NewSession) => Promise<void>;
    /** Revokes the request's session and clears the cookie. */
    endSessionCookie: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** Session cookies: HttpOnly, SameSite=Lax, Secure per COOKIE_SECURE; the token itself is never stored. */
export const sessionPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService; secure: boolean }) => {
    const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, secure: options.secure, path: '/' };

    async function requireUser(request: FastifyRequest) {
      const token = request.cookies[SESSION_COOKIE];
      const user = token ? await options.auth.resolveSession(token) : null;
      if (!user) throw unauthorized();
      request.user = user;
    }

    app.decorate('requireUser', requireUser);
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      const user = token ? await options.auth.resolveSession(token) : null;
      if (user) request.user = user;
    });
    app.decorate('requireLead', async (request: FastifyRequest) => {
      await requireUser(request);
      if (!request.user?.isLead) throw notALead();
    });
    app.decorate(
      'startSessionCookie',
      async (request: FastifyRequest, reply: FastifyReply, session: NewSession) => {
        const previous = request.cookies[SESSION_COOKIE];
        if (previous) await options.auth.endSession(previous);
        reply.setCookie(SESSION_COOKIE, session.token, { ...cookieOptions, expires: session.expiresAt });
      },
    );
    app.decorate('endSessionCookie', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await options.auth.endSession(token);
      reply.clearCookie(SESSION_COOKIE, cookieOptions);
    });
  },
);
