import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_SESSION_LIFETIME_MS } from './staff-sessions.js';

/**
 * The staff session's cookie (docs/decisions/017): HttpOnly, so no script on the page can read
 * it; SameSite=Strict, so no other site's page sends it; Secure, and so `__Host-` (bound to this
 * host and path /), whenever the portal is served over https. On http://localhost a browser
 * refuses a Secure cookie, so there it is plain.
 */
export interface StaffCookie {
  name: string;
  secure: boolean;
}

export function staffCookieFor(publicOrigin: string): StaffCookie {
  const secure = publicOrigin.startsWith('https://');
  return { name: secure ? '__Host-staff_session' : 'staff_session', secure };
}

export function setStaffCookie(reply: FastifyReply, cookie: StaffCookie, secret: string): void {
  void reply.setCookie(cookie.name, secret, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure,
    path: '/',
    maxAge: STAFF_SESSION_LIFETIME_MS / 1000,
  });
}

export function clearStaffCookie(reply: FastifyReply, cookie: StaffCookie): void {
  void reply.clearCookie(cookie.name, {
    httpOnly: true,
    sameSite: 'strict',
    secure: cookie.secure,
    path: '/',
  });
}

export const staffCookieSecret = (request: FastifyRequest, cookie: StaffCookie): string | null =>
  request.cookies[cookie.name] || null;
