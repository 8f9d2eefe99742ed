import type { FastifyReply, FastifyRequest } from 'fastify';

export const sessionCookieName = 'session';

export interface SessionClaims {
  sid: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: SessionClaims;
    user: SessionClaims;
  }
}

/** Whether a cookie of this server must be Secure: served over https or publicly at https. */
export function cookieIsSecure(request: FastifyRequest, publicUrl: string | null): boolean {
  return request.protocol === 'https' || (publicUrl?.startsWith('https://') ?? false);
}

/**
 * Puts the signed session token in an httpOnly, SameSite cookie: a browser-session cookie,
 * or a persistent one until `expiresAt` when the user asked to be remembered.
 */
export async function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { id: string; remember: boolean; expiresAt: Date },
  publicUrl: string | null,
): Promise<string> {
  const expiresInSeconds = Math.ceil((session.expiresAt.getTime() - Date.now()) / 1000);
  const token = await reply.jwtSign({ sid: session.id }, { expiresIn: expiresInSeconds });
  reply.setCookie(sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: cookieIsSecure(request, publicUrl),
    path: '/',
    ...(session.remember ? { expires: session.expiresAt } : {}),
  });
  return token;
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(sessionCookieName, { path: '/' });
}
