// The bearer-token check of the Prometheus endpoints (web and worker): `Authorization: Bearer
// <METRICS_TOKEN>`, compared in constant time. No token configured means the endpoint is off.
// Server-only (node:crypto): imported by its subpath, never from the core index the browser uses.
import { timingSafeEqual } from 'node:crypto';

export function bearerTokenMatches(authorization: string | undefined, token: string | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
