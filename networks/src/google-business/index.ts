// Google Business Profile ("Perfil da Empresa no Google"): a business location the person manages.
// Connect: Google's OAuth with the sign-in app's client (GOOGLE_CLIENT_ID/SECRET) and the
// business.manage scope, offline (refresh token), then a location picker (connect.ts). Publishing:
// a "Novidade" (localPosts, topicType STANDARD) with one photo and a "Saiba mais" button for the
// text's link (publish.ts). No per-post metrics (deprecated), no followers. The project needs
// Google's approval of the Business Profile API access application first (quota 0 until then).
import { NO_BUDGET, PLATFORM_LABELS } from '@pauta/core';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { googleOAuth } from '../google/index.js';
import { GOOGLE_BUSINESS_CONNECT } from './connect.js';
import { GOOGLE_BUSINESS_MEDIA_LIMITS } from './media.js';
import { createGoogleBusinessOAuthClient, GOOGLE_BUSINESS_SCOPES } from './oauth.js';
import { createGoogleBusinessAdapter } from './publish.js';
import { GOOGLE_BUSINESS_VIDEO_LIMITS } from './video.js';
import { googleBusinessWriting } from './writing.js';

export const googleBusinessOAuth: OAuthClientDescriptor = {
  name: 'google_business',
  label: PLATFORM_LABELS.google_business,
  // The sign-in app's client: Business Profile API access is granted to the Google Cloud project,
  // and a second client of the same project would add variables and nothing else. Sign-in keeps
  // asking only openid/profile/email; this client asks business.manage (docs/networks.md).
  credentials: googleOAuth.credentials,
  scopes: GOOGLE_BUSINESS_SCOPES,
  // The sandbox's Google app stands in (it grants whatever scopes are asked).
  sandboxApp: 'google',
  accessRequirement:
    'Antes da primeira conexão, o projeto do Google Cloud precisa ter a "Business Profile API" (e as APIs My Business Account Management e Business Information) ativadas e o formulário "Application for Basic API Access" aprovado pelo Google: até a aprovação a cota é 0 e toda chamada é recusada (429). Com a cota, o Google aceita até 10 publicações por minuto em cada perfil.',
  create: createGoogleBusinessOAuthClient,
};

export const googleBusiness: NetworkDescriptor = {
  platform: 'google_business',
  credentials: googleBusinessOAuth.credentials,
  oauth: googleBusinessOAuth,
  connectSteps: GOOGLE_BUSINESS_CONNECT,
  capabilities: {
    // Tokens: access tokens last an hour and the refresh token (offline access) renews them;
    // POST oauth2.googleapis.com/revoke ends the grant.
    connect: true,
    refresh: true,
    revoke: true,
    // Content: one photo per post; videos declared (video.ts), not sent; no comments.
    media: 'optional',
    video: false,
    firstComment: false,
    // Reading: localPosts:reportInsights is deprecated and the Performance API has the location's
    // numbers only (no per-post metrics); no followers in the API; localPosts.list finds a post.
    metrics: false,
    followers: false,
    lookup: true,
  },
  // Google documents no daily post cap, only 10 edits a minute per location (429, retried).
  postingBudget: NO_BUDGET,
  // Google downloads the post's photo from its URL (`media[].sourceUrl`).
  fetchesMediaByUrl: true,
  writing: googleBusinessWriting,
  mediaLimits: GOOGLE_BUSINESS_MEDIA_LIMITS,
  videoLimits: GOOGLE_BUSINESS_VIDEO_LIMITS,
  createPublisher: ({ appSecret: _unused, ...options }) => createGoogleBusinessAdapter(options),
};
