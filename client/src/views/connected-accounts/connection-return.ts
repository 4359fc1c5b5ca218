// The OAuth return of an account connection (spec §2.1, §4, §8): the server and the callback
// page land on /connected-accounts?connection=true, with `pickPage=<id>` when a Facebook Page
// must be chosen, `pickInstagram=<id>` when an Instagram account must be, the `returnParam` of a
// network's `pendingChoice` (its browser profile: `pickLinkedInPage`, `pickPinterestBoard`,
// `pickGoogleBusiness`) when that network's shared picker must open, `already=true` when "Conectar
// outra conta" authorised an account already connected (it was updated), or `error=<code>` (plus
// `reason` and `platform` when known) when it failed.
import type { ConnectablePlatform, ConnectionFailure, Platform } from '@pauta/core';
import {
  CONNECTABLE_PLATFORMS,
  classifyConnectionError,
  connectionErrorMessage,
  getErrorMessage,
  isErrorCode,
  messages,
  PLATFORM_LABELS,
} from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { type ErrorText, errorDetails } from '../../lib/errors';

const PLATFORM_KEY = 'pauta:connect-platform';

interface ConnectionReturn {
  error: string | null;
  reason: string | null;
  platform: ConnectablePlatform | null;
  pickPage: string | null;
  pickInstagram: string | null;
  /** "Conectar outra conta" authorised an account already connected here (updated in place). */
  already: boolean;
  /** A network's shared picker to open (its profile's `pendingChoice`), with the pending choice's id. */
  pendingChoice: PendingChoiceReturn | null;
}

export interface PendingChoiceReturn {
  platform: ConnectablePlatform;
  pendingId: string;
}

function asPlatform(value: string | null): ConnectablePlatform | null {
  return value !== null && (CONNECTABLE_PLATFORMS as readonly string[]).includes(value)
    ? (value as ConnectablePlatform)
    : null;
}

/** Remembers which network the user went to connect (the return URL may not say). */
export function rememberConnectPlatform(platform: ConnectablePlatform): void {
  try {
    window.sessionStorage.setItem(PLATFORM_KEY, platform);
  } catch {
    // Storage unavailable: the return then uses the texts without a network name.
  }
}

function rememberedConnectPlatform(): ConnectablePlatform | null {
  try {
    return asPlatform(window.sessionStorage.getItem(PLATFORM_KEY));
  } catch {
    return null;
  }
}

/** Forgets the remembered network once its return was handled. */
export function forgetConnectPlatform(): void {
  try {
    window.sessionStorage.removeItem(PLATFORM_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** The return parameters of `search`, or null when this is no OAuth return. Pure (no writes). */
export function readConnectionReturn(search: string): ConnectionReturn | null {
  const params = new URLSearchParams(search);
  if (params.get('connection') !== 'true') return null;
  const remembered = rememberedConnectPlatform();
  const pendingId = (name: string) => {
    const value = params.get(name);
    return value && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
  };
  return {
    error: params.get('error'),
    reason: params.get('reason'),
    platform: asPlatform(params.get('platform')) ?? remembered,
    pickPage: pendingId('pickPage'),
    pickInstagram: pendingId('pickInstagram'),
    already: params.get('already') === 'true',
    pendingChoice: pendingChoiceOf((name) => pendingId(name)),
  };
}

/** The first network whose picker's return parameter carries a pending choice's id. */
function pendingChoiceOf(pendingId: (name: string) => string | null): PendingChoiceReturn | null {
  for (const platform of CONNECTABLE_PLATFORMS) {
    const choice = NETWORK_PROFILES[platform].pendingChoice;
    const id = choice ? pendingId(choice.returnParam) : null;
    if (id) return { platform, pendingId: id };
  }
  return null;
}

/** The `{ platform, reason }` of a failed connection, or null. */
export function errorDetailsOf(error: unknown): Partial<ConnectionFailure> | null {
  return errorDetails(error, 'OAUTH_FAILED') ?? errorDetails(error, 'PLATFORM_NOT_CONFIGURED');
}

/** Where the callback page sends a failed connection (the view shows the error). */
export function connectionFailurePath(
  code: string | null,
  details: { platform?: unknown; reason?: unknown } = {},
): string {
  const params = new URLSearchParams({ connection: 'true', error: code ?? 'unknown_error' });
  if (typeof details.reason === 'string') params.set('reason', details.reason);
  if (typeof details.platform === 'string') params.set('platform', details.platform);
  return `/connected-accounts?${params}`;
}

/**
 * Spec §8: account connection errors are mapped by their content to guidance texts (specific
 * ones for X and LinkedIn); anything else is 'Erro inesperado ao conectar conta.' plus details.
 */
export function describeConnectionError(
  code: string,
  reason: string | null,
  platform: Platform | null,
): ErrorText {
  const title = messages.auth.authErrorTitle;
  const text = messages.accounts;
  const card = platform ? NETWORK_PROFILES[platform].accountCard : null;
  if (code === 'PLATFORM_NOT_CONFIGURED')
    return { title, message: card?.notConfigured ?? getErrorMessage(code) };
  const refusal = reason === null ? undefined : card?.refusals?.[reason];
  if (refusal) return { title, message: refusal };
  if (reason === 'account_unavailable') return { title, message: text.instagramAccountUnavailable };
  if (reason === 'permissions_declined') return { title, message: text.instagramPermissionsDeclined };
  if (reason === 'no_pages') return { title, message: text.noFacebookPages };
  if (reason === 'different_account')
    return { title, message: text.differentAccount(platform ? PLATFORM_LABELS[platform] : null) };
  const kind = classifyConnectionError([code, reason].filter(Boolean).join(' '));
  if (kind) return { title, message: connectionErrorMessage(kind, platform ?? undefined) };
  const detail = isErrorCode(code) ? getErrorMessage(code) : code;
  const withPlatform = platform ? `${PLATFORM_LABELS[platform]}: ${detail}` : detail;
  return { title, message: text.connectUnexpectedWithDetails(withPlatform) };
}
