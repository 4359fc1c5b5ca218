// A Mastodon instance, as the person types it: its host checked (https only, a public name, no
// path, port or credentials), its description read (`GET /api/v2/instance`: the limits Pauta
// follows there) and, once per instance, Pauta's app registered (`POST /api/v1/apps`). Mastodon has
// no central app: each instance issues its own client id and secret, which the server keeps sealed
// (table network_instances, keyed by the host) and reuses for every account of that instance.
// https://docs.joinmastodon.org/methods/instance/#v2
// https://docs.joinmastodon.org/methods/apps/#create
// https://docs.joinmastodon.org/methods/oauth/#authorization-server-metadata
import { isIP } from 'node:net';
import { z } from 'zod';
import { ConnectRefusedError } from '../connect/types.js';

/** What Pauta asks for: reading (the account, its statuses, metrics) and writing statuses and media. */
export const MASTODON_SCOPES = ['read', 'write:statuses', 'write:media'] as const;

/** An answer larger than this is not an instance description (nor an app registration). */
const MAX_ANSWER_BYTES = 256 * 1024;
const DEFAULT_TIMEOUT_MS = 10_000;
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** Mastodon's defaults, for an instance that leaves a limit out of its description. */
export const MASTODON_DEFAULT_LIMITS = {
  maxCharacters: 500,
  maxMediaAttachments: 4,
  charactersReservedPerUrl: 23,
  imageSizeLimit: 16 * 1024 * 1024,
} as const;

/** What Pauta keeps of an instance (network_instances.limits) and follows when posting there. */
export interface MastodonInstanceLimits {
  maxCharacters: number;
  maxMediaAttachments: number;
  charactersReservedPerUrl: number;
  imageSizeLimit: number;
}

export interface MastodonInstance {
  host: string;
  title: string;
  version: string;
  limits: MastodonInstanceLimits;
  /** The authorization server metadata lists S256 (Mastodon 4.3+): the code flow uses PKCE. */
  pkce: boolean;
}

/** Pauta's app at an instance: what `POST /api/v1/apps` answered (the secret is sealed at rest). */
export interface MastodonAppCredentials {
  clientId: string;
  clientSecret: string;
}

export interface InstanceCallOptions {
  fetch: typeof globalThis.fetch;
  timeoutMs?: number;
}

/**
 * The host of what the person typed: `mastodon.social`, `https://mastodon.social/`, or their
 * handle `@ana@mastodon.social`. Refused (ConnectRefusedError, core's pt-BR texts): plain http
 * (`instance_http`), an IP address, a port, a path, credentials or anything that is not a public
 * host name (`instance_invalid`). Addresses the name resolves to are the server's check.
 */
export function parseInstanceHost(raw: string): string {
  let text = raw.trim().toLowerCase();
  const handle = /^@?[a-z0-9_]+@([^@/\s]+)$/.exec(text);
  if (handle) text = handle[1]!;
  if (text.startsWith('http://')) throw new ConnectRefusedError('instance_http');
  if (text.startsWith('https://')) text = text.slice('https://'.length);
  text = text.replace(/\/+$/, '');
  if (text === '' || /[/?#@\s\\:]/.test(text)) throw new ConnectRefusedError('instance_invalid');
  let host: string;
  try {
    host = new URL(`https://${text}`).hostname;
  } catch {
    throw new ConnectRefusedError('instance_invalid');
  }
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0 || !HOST.test(host) || host.endsWith('.local'))
    throw new ConnectRefusedError('instance_invalid');
  return host;
}

/** Reads at most MAX_ANSWER_BYTES of a body; more is refused without reading the rest. */
async function limitedText(response: Response): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_ANSWER_BYTES) return null;
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One call to the instance: its time limit, no redirect followed (a redirect could lead to an
 * address the host check never saw), a size limit on the answer. null when it did not answer
 * with JSON under 2xx; `status` says what it answered.
 */
async function instanceCall(
  url: string,
  init: RequestInit,
  options: InstanceCallOptions,
): Promise<{ status: number; body: unknown }> {
  let response: Response;
  try {
    response = await options.fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { Accept: 'application/json', ...(init.headers as Record<string, string> | undefined) },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ConnectRefusedError('instance_unreachable', {
      message: 'instância Mastodon não respondeu',
      details: { url: new URL(url).host, error: error instanceof Error ? error.name : 'erro' },
    });
  }
  const text = await limitedText(response).catch(() => null);
  if (text === null) return { status: response.status, body: null };
  try {
    return { status: response.status, body: text === '' ? null : JSON.parse(text) };
  } catch {
    return { status: response.status, body: null };
  }
}

const positive = z.number().int().positive();

const instanceSchema = z.object({
  domain: z.string().min(1),
  title: z.string().default(''),
  version: z.string().default(''),
  configuration: z
    .object({
      statuses: z
        .object({
          max_characters: positive.optional(),
          max_media_attachments: positive.optional(),
          characters_reserved_per_url: positive.optional(),
        })
        .partial()
        .default({}),
      media_attachments: z.object({ image_size_limit: positive.optional() }).partial().default({}),
    })
    .partial()
    .default({}),
});

const metadataSchema = z.object({
  code_challenge_methods_supported: z.array(z.string()).optional(),
});

/**
 * `GET https://<host>/api/v2/instance` (Mastodon 4.0+) → the instance's limits;
 * `GET /.well-known/oauth-authorization-server` (4.3+) → whether it takes PKCE. Not Mastodon (no
 * such description) → `instance_not_mastodon`; no answer → `instance_unreachable`.
 */
export async function readInstance(host: string, options: InstanceCallOptions): Promise<MastodonInstance> {
  const described = await instanceCall(`https://${host}/api/v2/instance`, {}, options);
  const parsed = instanceSchema.safeParse(described.body);
  if (described.status !== 200 || !parsed.success)
    throw new ConnectRefusedError('instance_not_mastodon', {
      message: 'o endereço não descreve uma instância Mastodon',
      details: { host, status: described.status },
    });
  const { statuses = {}, media_attachments = {} } = parsed.data.configuration;
  let pkce = false;
  try {
    const metadata = await instanceCall(
      `https://${host}/.well-known/oauth-authorization-server`,
      {},
      options,
    );
    const methods = metadataSchema.safeParse(metadata.body);
    pkce =
      metadata.status === 200 && methods.success
        ? (methods.data.code_challenge_methods_supported ?? []).includes('S256')
        : false;
  } catch {
    pkce = false;
  }
  return {
    host,
    title: parsed.data.title,
    version: parsed.data.version,
    limits: {
      maxCharacters: statuses.max_characters ?? MASTODON_DEFAULT_LIMITS.maxCharacters,
      maxMediaAttachments: statuses.max_media_attachments ?? MASTODON_DEFAULT_LIMITS.maxMediaAttachments,
      charactersReservedPerUrl:
        statuses.characters_reserved_per_url ?? MASTODON_DEFAULT_LIMITS.charactersReservedPerUrl,
      imageSizeLimit: media_attachments.image_size_limit ?? MASTODON_DEFAULT_LIMITS.imageSizeLimit,
    },
    pkce,
  };
}

const appSchema = z.object({ client_id: z.string().min(1), client_secret: z.string().min(1) });

/**
 * `POST https://<host>/api/v1/apps` with Pauta's name, the connect callback as its redirect URI and
 * the scopes: the instance's client id and secret for Pauta. Refused → `instance_registration_failed`.
 */
export async function registerApp(
  host: string,
  input: { redirectUri: string; appName: string; website: string | null },
  options: InstanceCallOptions,
): Promise<MastodonAppCredentials> {
  const answer = await instanceCall(
    `https://${host}/api/v1/apps`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        client_name: input.appName,
        redirect_uris: input.redirectUri,
        scopes: MASTODON_SCOPES.join(' '),
        ...(input.website === null ? {} : { website: input.website }),
      }),
    },
    options,
  );
  const app = appSchema.safeParse(answer.body);
  if (answer.status !== 200 || !app.success)
    throw new ConnectRefusedError('instance_registration_failed', {
      message: 'a instância Mastodon recusou o registro do app',
      details: { host, status: answer.status },
    });
  return { clientId: app.data.client_id, clientSecret: app.data.client_secret };
}

/** The account's id at Pauta: the instance's account id and the host (`109…@mastodon.social`). */
export function mastodonAccountKey(accountId: string, host: string): string {
  return `${accountId}@${host}`;
}

/** The instance and the account id of a stored `platform_user_id`. */
export function splitAccountKey(key: string): { accountId: string; host: string } {
  const at = key.lastIndexOf('@');
  if (at <= 0) return { accountId: key, host: '' };
  return { accountId: key.slice(0, at), host: key.slice(at + 1) };
}
