import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const ACCESS_COOKIE = 'piste_access';
export const REFRESH_COOKIE = 'piste_refresh';
/** Refresh tokens live 30 days and are rotated on every use. */
export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

function secure(c: Context) {
  return new URL(c.req.url).protocol === 'https:';
}

export function setAuthCookies(c: Context, access: { token: string; expMs: number }, refreshToken: string) {
  setCookie(c, ACCESS_COOKIE, access.token, {
    httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/', expires: new Date(access.expMs),
  });
  setCookie(c, REFRESH_COOKIE, refreshToken, {
    httpOnly: true, sameSite: 'Lax', secure: secure(c), path: '/api/auth', maxAge: REFRESH_TTL_MS / 1000,
  });
}

export function clearAuthCookies(c: Context) {
  deleteCookie(c, ACCESS_COOKIE, { path: '/', secure: secure(c) });
  deleteCookie(c, REFRESH_COOKIE, { path: '/api/auth', secure: secure(c) });
}

export function readAccessCookie(c: Context) {
  return getCookie(c, ACCESS_COOKIE);
}

export function readRefreshCookie(c: Context) {
  return getCookie(c, REFRESH_COOKIE);
}
