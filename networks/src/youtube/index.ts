// YouTube (Shorts): the person's own channel. Connect: Google's OAuth with the sign-in app's client
// (GOOGLE_CLIENT_ID/SECRET) and the youtube.upload and youtube.readonly scopes, offline (a refresh
// token: access tokens last an hour), then the token's channel (connect.ts; none → refused in pt-BR).
// Publishing: a vertical or square video of up to 3 minutes (a Short) through the resumable upload,
// with title, description, privacy and "made for kids" (publish.ts), the cover as thumbnail;
// metrics from the videos' statistics; followers = the channel's subscribers (followers.ts).
// Quota: the project's 10,000 units a day, 1,600 per video (docs/networks.md, "YouTube").
import { PLATFORM_LABELS } from '@pauta/core';
import type { NetworkDescriptor, OAuthClientDescriptor } from '../descriptor.js';
import { googleOAuth } from '../google/index.js';
import { YOUTUBE_CONNECT } from './connect.js';
import { fetchYouTubeFollowers } from './followers.js';
import { YOUTUBE_MEDIA_LIMITS } from './media.js';
import { createYouTubeOAuthClient, YOUTUBE_SCOPES } from './oauth.js';
import { createYouTubeAdapter } from './publish.js';
import { YOUTUBE_VIDEO_LIMITS } from './video.js';
import { youtubeWriting } from './writing.js';

export const youtubeOAuth: OAuthClientDescriptor = {
  name: 'youtube',
  label: PLATFORM_LABELS.youtube,
  // The sign-in app's client, as Google Business Profile: the YouTube Data API is enabled on the
  // same Google Cloud project, whose quota and OAuth verification are per project anyway — a second
  // client there would add two variables and nothing else, and a second project would need its own
  // verification and audit. Sign-in keeps asking only openid/profile/email (docs/networks.md).
  credentials: googleOAuth.credentials,
  scopes: YOUTUBE_SCOPES,
  // The sandbox's Google app stands in (it grants whatever scopes are asked).
  sandboxApp: 'google',
  accessRequirement:
    'Antes da primeira conexão, ative a "YouTube Data API v3" no projeto do Google Cloud. A cota padrão é de 10.000 unidades por dia para o projeto inteiro e cada vídeo enviado gasta 1.600 (cerca de 6 vídeos por dia; peça mais cota ao Google pelo formulário de auditoria da API). O escopo youtube.upload é sensível: até o Google verificar o app (tela de consentimento) e aprovar a auditoria da API do YouTube, todo vídeo enviado por projetos criados depois de 28/07/2020 fica travado como privado.',
  create: createYouTubeOAuthClient,
};

export const youtube: NetworkDescriptor = {
  platform: 'youtube',
  credentials: youtubeOAuth.credentials,
  oauth: youtubeOAuth,
  connectSteps: YOUTUBE_CONNECT,
  capabilities: {
    // Tokens: an hour each, renewed with the refresh token (offline access); POST
    // oauth2.googleapis.com/revoke ends the grant.
    connect: true,
    refresh: true,
    revoke: true,
    // Content: a video, always (no image posts: requiresVideo in media.ts); no first comment.
    media: 'none',
    video: true,
    firstComment: false,
    // Reading: videos.list statistics; the channel's subscribers; lookup by the uploads playlist
    // (see publish.ts).
    metrics: true,
    followers: true,
    lookup: true,
  },
  // The project's default quota: 10,000 units a day, videos.insert 1,600 (and thumbnails.set 50,
  // metrics and followers 1 each): 6 videos a day for the whole installation, leaving room for the
  // reads. An administrator raises it once Google grants more quota.
  postingBudget: { month: null, day: 6, scope: 'installation' },
  writing: youtubeWriting,
  mediaLimits: YOUTUBE_MEDIA_LIMITS,
  videoLimits: YOUTUBE_VIDEO_LIMITS,
  createPublisher: ({ appSecret: _unused, ...options }) => createYouTubeAdapter(options),
  fetchFollowers: fetchYouTubeFollowers,
};
