// LinkedIn: sign-in, connecting a member profile, publishing as the member. Member post analytics
// need r_member_postAnalytics (Community Management API, approved apps only): opt-in through
// LINKEDIN_POST_ANALYTICS, which adds the scope at connect and turns the metrics reads on.
import { NO_BUDGET, PLATFORM_LABELS } from '@pauta/core';
import { PROFILE_CONNECT } from '../connect/types.js';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { LINKEDIN_ANALYTICS_SCOPE } from './errors.js';
import { LINKEDIN_MEDIA_LIMITS } from './media.js';
import { createLinkedInOAuthClient, LINKEDIN_SCOPES } from './oauth.js';
import { createLinkedInAdapter } from './publish.js';
import { LINKEDIN_VIDEO_LIMITS } from './video.js';
import { linkedinWriting } from './writing.js';

export const linkedinOAuth: OAuthClientDescriptor = {
  name: 'linkedin',
  label: PLATFORM_LABELS.linkedin,
  credentials: { clientId: 'LINKEDIN_CLIENT_ID', clientSecret: 'LINKEDIN_CLIENT_SECRET' },
  scopes: LINKEDIN_SCOPES,
  create: createLinkedInOAuthClient,
};

export const linkedin: NetworkDescriptor = {
  platform: 'linkedin',
  credentials: linkedinOAuth.credentials,
  oauth: linkedinOAuth,
  connectSteps: PROFILE_CONNECT,
  capabilities: {
    connect: true,
    video: true,
    // A comment by the author under the post (first-comment.ts); a Page's too (linkedin_page).
    firstComment: true,
    refresh: true,
    revoke: false,
    metrics: 'opt-in',
    followers: false,
    media: 'optional',
    lookup: true,
  },
  // No documented cap on posts (only rate limits, handled by the worker's limiter and 429s).
  postingBudget: NO_BUDGET,
  postAnalytics: {
    flag: 'LINKEDIN_POST_ANALYTICS',
    scopes: [LINKEDIN_ANALYTICS_SCOPE],
    disabledReason:
      'O LinkedIn só libera métricas de posts pessoais para apps aprovados no produto Community Management API, e a leitura não está ativada nesta instalação. Peça ao administrador para ativá-la (LINKEDIN_POST_ANALYTICS=1) depois da aprovação.',
    scopeMissingReason:
      'A conta do LinkedIn foi conectada sem a permissão de métricas. Reconecte a conta em Contas Conectadas para que as métricas apareçam.',
  },
  writing: linkedinWriting,
  mediaLimits: LINKEDIN_MEDIA_LIMITS,
  videoLimits: LINKEDIN_VIDEO_LIMITS,
  publisherSettings: ({ LINKEDIN_VERSION }) =>
    typeof LINKEDIN_VERSION === 'string' ? { linkedinVersion: LINKEDIN_VERSION } : {},
  createPublisher: (options) => createLinkedInAdapter(options),
};
