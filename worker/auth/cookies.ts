import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const ACCESS_COOKIE = 'piste_access';
export const REFRESH_COOKIE = 'piste_refresh';
/**
 * Says only that this browser holds a refresh cookie, where a page load can see it: the refresh cookie is
 * scoped to `/api/auth`, so a coach's page loaded after the access token's 15 minutes would not know there is
 * a session to resume (`GET /api/auth/resume`, issue 33's rendered screens). It opens nothing by itself.
 */
export const SIGNED_IN_COOKIE = 'piste_signed_in';
/** Refresh tokens live 30 days and are rotated on every use. */
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function secure(c: Context) {
  return new URL(c.req.url).protocol === 'https:';
}

export function setAuthCookies(c: Context, access: { token: string; expMs: number }, refreshToken: string) {
  // Lifetimes as Max-Age, not Expires: a browser whose clock runs ahead keeps them as long as the server means.
  const accessSeconds = Math.max(1, Math.floor((access.expMs - Date.now()) / 1000));
  setCookie(c, ACCESS_COOKIE, access.token, {
    httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/', maxAge: accessSeconds,
  });
  setCookie(c, REFRESH_COOKIE, refreshToken, {
    httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/api/auth', maxAge: REFRESH_TTL_MS / 1000,
  });
  // Strict: a navigation from another site carries none, so no other site can make a browser resume (rotate its
  // refresh token by a link it opens, perhaps never applying the answer's cookies: the old token would then read
  // as reused after the grace window, and sign the coach out).
  setCookie(c, SIGNED_IN_COOKIE, '1', {
    httpOnly: true, sameSite: 'Strict', secure: secure(c), path: '/', maxAge: REFRESH_TTL_MS / 1000,
  });
}

export function clearAuthCookies(c: Context) {
  deleteCookie(c, ACCESS_COOKIE, { path: '/', secure: secure(c) });
  deleteCookie(c, REFRESH_COOKIE, { path: '/api/auth', secure: secure(c) });
  clearSignedInCookie(c);
}

/** Forgets that this browser has a session to resume (one that could not be), so its pages stop asking. */
export function clearSignedInCookie(c: Context) {
  deleteCookie(c, SIGNED_IN_COOKIE, { path: '/', secure: secure(c) });
}

export function readAccessCookie(c: Context) {
  return getCookie(c, ACCESS_COOKIE);
}

export function readRefreshCookie(c: Context) {
  return getCookie(c, REFRESH_COOKIE);
}

export function readSignedInCookie(c: Context) {
  return getCookie(c, SIGNED_IN_COOKIE) === '1';
}
