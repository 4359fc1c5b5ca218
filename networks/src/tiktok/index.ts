// TikTok: connecting an account with Login Kit (oauth.ts: PKCE, 24-hour access tokens renewed
// with a 365-day refresh token, revocation), publishing videos with the Content Posting API's
// Direct Post (publish.ts: creator_info, init, chunked upload, status), their views, likes and
// comments (video/query) and the follower count. Configured with TIKTOK_CLIENT_KEY/SECRET (the
// app's client key and secret at developers.tiktok.com); TIKTOK_APP_AUDITED says whether TikTok
// audited the app (until then every post is private: docs/networks.md, "TikTok").
import { PLATFORM_LABELS } from '@pauta/core';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { TIKTOK_CONNECT } from './connect.js';
import { fetchTikTokFollowers } from './followers.js';
import { TIKTOK_MEDIA_LIMITS } from './media.js';
import { createTikTokOAuthClient, TIKTOK_SCOPES } from './oauth.js';
import { createTikTokAdapter } from './publish.js';
import { TIKTOK_VIDEO_LIMITS } from './video.js';
import { tiktokWriting } from './writing.js';

/** Whether TIKTOK_APP_AUDITED is on (`1`/`true`; core's `flag` parses it to a boolean). */
export function tiktokAppAudited(env: Readonly<Record<string, unknown>>): boolean {
  const value = env.TIKTOK_APP_AUDITED;
  return value === true || value === '1' || value === 'true';
}

export const tiktokOAuth: OAuthClientDescriptor = {
  name: 'tiktok',
  label: PLATFORM_LABELS.tiktok,
  credentials: { clientId: 'TIKTOK_CLIENT_KEY', clientSecret: 'TIKTOK_CLIENT_SECRET' },
  scopes: TIKTOK_SCOPES,
  accessRequirement: (env) =>
    tiktokAppAudited(env)
      ? 'O app precisa dos produtos Login Kit e Content Posting API (com Direct Post ligado) e das permissões aprovadas no TikTok for Developers. TIKTOK_APP_AUDITED=1: a auditoria do TikTok foi feita, e cada vídeo sai com a privacidade que a pessoa escolheu.'
      : 'O app precisa dos produtos Login Kit e Content Posting API (com Direct Post ligado) e das permissões aprovadas no TikTok for Developers. Auditoria: NÃO FEITA (TIKTOK_APP_AUDITED=0) — até o TikTok aprovar a auditoria do app, todo vídeo é publicado como privado ("Somente eu"), só 5 contas podem publicar a cada 24 horas e elas precisam ser privadas. Peça a auditoria no portal do TikTok e, aprovada, defina TIKTOK_APP_AUDITED=1.',
  create: createTikTokOAuthClient,
};

export const tiktok: NetworkDescriptor = {
  platform: 'tiktok',
  credentials: tiktokOAuth.credentials,
  oauth: tiktokOAuth,
  connectSteps: TIKTOK_CONNECT,
  capabilities: {
    connect: true,
    video: true,
    firstComment: false,
    refresh: true,
    revoke: true,
    metrics: true,
    followers: true,
    // Videos only: a post's images are never sent (photo posts are not built: docs/networks.md).
    media: 'none',
    // TikTok lists videos (video/list) but not a post only its author sees by its caption reliably:
    // a doubtful last chunk is resolved by status/fetch inside the publish call instead.
    lookup: false,
  },
  // TikTok caps the posts a creator makes through the API each day (`spam_risk_too_many_posts`,
  // "the daily post cap from the API is reached for the current user"); the cap is not published
  // and integrators report about 15 a day per account, so the budget is 15 a day per user.
  postingBudget: { month: null, day: 15, scope: 'account' },
  // Until TikTok audits the app every post goes out SELF_ONLY (publish.ts), whatever was chosen.
  privateUntil: { variable: 'TIKTOK_APP_AUDITED', inForce: (env) => !tiktokAppAudited(env) },
  writing: tiktokWriting,
  mediaLimits: TIKTOK_MEDIA_LIMITS,
  videoLimits: TIKTOK_VIDEO_LIMITS,
  publisherSettings: (env) => ({ appAudited: tiktokAppAudited(env) }),
  createPublisher: ({ appSecret: _unused, ...options }) => createTikTokAdapter(options),
  fetchFollowers: fetchTikTokFollowers,
};
