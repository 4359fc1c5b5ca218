// Cookie names and attributes (docs/security.md A2, O1): `__Host-` names and Secure over https,
// HttpOnly and SameSite=Lax always; the session cookie has no Max-Age without remember-me.
import { parse, serialize } from 'cookie';
import type { Request, Response } from 'express';
import { SESSION_POLICY } from './session.js';

export interface CookieNames {
  session: string;
  oauth: string;
  /** The signed "known device" cookie (device-cookie.ts). */
  device: string;
  secure: boolean;
}

export function cookieNames(appUrl: string): CookieNames {
  const secure = new URL(appUrl).protocol === 'https:';
  return {
    secure,
    session: secure ? '__Host-pauta_session' : 'pauta_session',
    oauth: secure ? '__Host-pauta_oauth' : 'pauta_oauth',
    device: secure ? '__Host-pauta_device' : 'pauta_device',
  };
}

export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  return parse(header)[name];
}

export function setSessionCookie(
  res: Response,
  names: CookieNames,
  token: string,
  persistent: boolean,
): void {
  res.append(
    'Set-Cookie',
    serialize(names.session, token, {
      httpOnly: true,
      secure: names.secure,
      sameSite: 'lax',
      path: '/',
      ...(persistent ? { maxAge: Math.floor(SESSION_POLICY.persistent.idleMs / 1000) } : {}),
    }),
  );
}

export function clearCookie(res: Response, names: CookieNames, name: string): void {
  res.append(
    'Set-Cookie',
    serialize(name, '', { httpOnly: true, secure: names.secure, sameSite: 'lax', path: '/', maxAge: 0 }),
  );
}

/** The known-device cookie: HttpOnly, SameSite=Strict (only our own sign-in calls carry it). */
export function setDeviceCookie(
  res: Response,
  names: CookieNames,
  value: string,
  maxAgeSeconds: number,
): void {
  res.append(
    'Set-Cookie',
    serialize(names.device, value, {
      httpOnly: true,
      secure: names.secure,
      sameSite: 'strict',
      path: '/',
      maxAge: maxAgeSeconds,
    }),
  );
}

export const OAUTH_COOKIE_MAX_AGE_S = 10 * 60;

export function setOAuthCookie(res: Response, names: CookieNames, value: string): void {
  res.append(
    'Set-Cookie',
    serialize(names.oauth, value, {
      httpOnly: true,
      secure: names.secure,
      sameSite: 'lax',
      path: '/',
      maxAge: OAUTH_COOKIE_MAX_AGE_S,
    }),
  );
}
