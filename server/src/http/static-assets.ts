// The built SPA (client/dist), served from memory. Every file is read once at start-up together
// with the brotli and gzip copies the build wrote next to it (scripts/precompress.ts); each
// request gets the best encoding its Accept-Encoding allows (q-values honoured, brotli preferred
// on a tie), with Vary: Accept-Encoding, an exact Content-Length and a strong ETag per encoding
// (If-None-Match answers 304). Hashed files under /assets/ are cached for a year as immutable;
// everything else (index.html, favicon) is revalidated on every use (no-cache).
//
// Only the files found at start-up are served: a URL is looked up in that list, never joined to
// a filesystem path, so no path can reach outside dist. A rebuilt client is served after a
// restart (`npm start` builds before it starts the web).
//
// The landing and /auth also exist rendered at build time (dist/.prerendered, scripts/prerender.ts):
// server/src/app.ts sends those to a request without a session cookie.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Server preference when the browser accepts several equally: smallest first. */
const PREFERENCE: readonly ContentEncoding[] = ['br', 'gzip', 'identity'];
const SUFFIX: Record<Exclude<ContentEncoding, 'identity'>, string> = { br: '.br', gzip: '.gz' };

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

interface Representation {
  body: Buffer;
  etag: string;
}

export interface StaticFile {
  contentType: string;
  cacheControl: string;
  /** Always has `identity`; `br` and `gzip` when the build wrote them. */
  representations: Map<ContentEncoding, Representation>;
}

/** Parses one Accept-Encoding q-value; `null` when malformed (RFC 9110 §12.4.2: 0 to 1, 3 decimals). */
function parseQuality(value: string): number | null {
  if (!/^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value)) return null;
  return Number(value);
}

/**
 * The encoding to send, among `available`, for an Accept-Encoding header (RFC 9110 §12.5.3):
 * the highest q-value wins, `*` covers the codings not named, identity is acceptable unless
 * refused (`identity;q=0`, or `*;q=0` without naming it); on a tie brotli, then gzip, then
 * identity. No header, or nothing acceptable, gets identity (RFC 9110 lets a server ignore
 * the header rather than answer 406).
 */
export function negotiateEncoding(
  header: string | undefined,
  available: readonly ContentEncoding[],
): ContentEncoding {
  if (header === undefined) return 'identity';
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q: number | null = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') q = parseQuality(value ?? '');
    }
    if (q === null) continue;
    const coding = name === 'x-gzip' ? 'gzip' : name;
    quality.set(coding, Math.max(q, quality.get(coding) ?? 0));
  }
  // Identity, when neither named nor covered by `*`, ranks with the least wanted listed coding
  // (as Node's `negotiator` does): `gzip;q=0.5` still means "gzip rather than nothing".
  const implicitIdentity = Math.min(1, ...quality.values());
  const qualityOf = (encoding: ContentEncoding): number => {
    const named = quality.get(encoding);
    if (named !== undefined) return named;
    const any = quality.get('*');
    if (any !== undefined) return any;
    return encoding === 'identity' ? implicitIdentity : 0;
  };
  let best: ContentEncoding = 'identity';
  let bestQuality = 0;
  for (const encoding of PREFERENCE) {
    if (!available.includes(encoding)) continue;
    const q = qualityOf(encoding);
    if (q > bestQuality) {
      best = encoding;
      bestQuality = q;
    }
  }
  return best;
}

function representation(body: Buffer): Representation {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** Every file under `dist` (dot-files and dot-folders excluded), by URL path. */
export function loadStaticFiles(dist: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string, urlPrefix: string) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const names = new Set(entries.map((e) => e.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      const url = `${urlPrefix}/${entry.name}`;
      if (entry.isDirectory()) {
        walk(full, url);
        continue;
      }
      if (!entry.isFile()) continue;
      // A compressed copy of another file is one of that file's representations, not a URL.
      const copyOf = entry.name.replace(/\.(?:br|gz)$/, '');
      if (copyOf !== entry.name && names.has(copyOf)) continue;
      const representations = new Map<ContentEncoding, Representation>([
        ['identity', representation(readFileSync(full))],
      ]);
      for (const [encoding, suffix] of Object.entries(SUFFIX) as Array<[ContentEncoding, string]>) {
        if (names.has(entry.name + suffix)) {
          representations.set(encoding, representation(readFileSync(full + suffix)));
        }
      }
      files.set(url, {
        contentType: CONTENT_TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
        cacheControl: url.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
        representations,
      });
    }
  };
  walk(dist, '');
  return files;
}

/** Sends one file in the best encoding the request accepts (GET and HEAD). */
export function sendStaticFile(req: Request, res: Response, file: StaticFile): void {
  const available = [...file.representations.keys()];
  const encoding = negotiateEncoding(req.headers['accept-encoding'], available);
  const chosen = file.representations.get(encoding)!;
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Cache-Control', file.cacheControl);
  // The answer depends on Accept-Encoding whenever there is more than one representation.
  if (available.length > 1) res.vary('Accept-Encoding');
  res.setHeader('ETag', chosen.etag);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', chosen.body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : chosen.body);
}

/** The prerendered pages' folder in dist (scripts/prerender.ts): a dot-folder, never served by path. */
const PRERENDERED_DIR = '.prerendered';

/**
 * The public pages rendered at build time, by the path each is sent for: `index.html` is `/`,
 * `auth.html` is `/auth` (scripts/prerender.ts). Empty when the build wrote none.
 */
export function loadPrerenderedPages(dist: string): Map<string, StaticFile> {
  const folder = path.join(dist, PRERENDERED_DIR);
  if (!existsSync(folder)) return new Map();
  const pages = new Map<string, StaticFile>();
  for (const [url, file] of loadStaticFiles(folder)) {
    if (!url.endsWith('.html')) continue;
    const name = url.slice(1, -'.html'.length);
    pages.set(name === 'index' ? '/' : `/${name}`, { ...file, cacheControl: REVALIDATE });
  }
  return pages;
}

/**
 * CSP sources (`'sha256-…'`) for the inline scripts of these HTML files: the CSP allows exactly
 * these scripts and no other inline one. Only the prerendered pages have one (scripts/prerender.ts).
 */
export function inlineScriptHashes(files: Iterable<StaticFile>): string[] {
  const hashes = new Set<string>();
  for (const file of files) {
    const html = file.representations.get('identity')!.body.toString('utf8');
    for (const match of html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
    }
  }
  return [...hashes];
}

export interface ClientAssets {
  /** Serves the files of dist by path; falls through for anything else. */
  files: RequestHandler;
  index: StaticFile;
  /** The prerendered public pages by path, for a request without a session (loadPrerenderedPages). */
  prerendered: Map<string, StaticFile>;
  /** What the CSP's script-src must allow besides 'self' for these pages (inlineScriptHashes). */
  scriptHashes: string[];
}

/** The client bundle in `dist` (which must contain index.html). */
export function clientAssets(dist: string): ClientAssets {
  const files = loadStaticFiles(dist);
  const index = files.get('/index.html');
  if (!index) throw new Error(`${dist} has no index.html`);
  const prerendered = loadPrerenderedPages(dist);
  return {
    index,
    prerendered,
    scriptHashes: inlineScriptHashes([index, ...prerendered.values()]),
    files(req: Request, res: Response, next: NextFunction) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const file = files.get(req.path);
      if (!file) return next();
      sendStaticFile(req, res, file);
    },
  };
}
