// The YouTube client: Google's OAuth (google/oauth.ts, the sign-in app's client id and secret) as
// `youtube` with youtube.upload (insert a video, set its thumbnail) and youtube.readonly (the
// channel, its subscribers and the videos' statistics), offline access (a refresh token: Google's
// access tokens last an hour) and revocation. The account is the person's own channel:
// `GET https://www.googleapis.com/youtube/v3/channels?part=snippet,statistics&mine=true`.
// https://developers.google.com/youtube/v3/docs/channels/list
// https://developers.google.com/youtube/v3/guides/authentication
import { z } from 'zod';
import { createGoogleOAuthClient } from '../google/oauth.js';
import { bearer, oauthCore, parseBody, requestJson } from '../oauth/client.js';
import type { OAuthProvider, OAuthProviderOptions, OAuthScopes } from '../oauth/types.js';
import { YOUTUBE_API } from './api.js';

export const YOUTUBE_UPLOAD_SCOPE = 'https://www.googleapis.com/auth/youtube.upload';
export const YOUTUBE_READONLY_SCOPE = 'https://www.googleapis.com/auth/youtube.readonly';
export const YOUTUBE_SCOPES: OAuthScopes = { connect: [YOUTUBE_UPLOAD_SCOPE, YOUTUBE_READONLY_SCOPE] };

/** The person's channel, as Contas Conectadas shows it. */
export interface YouTubeChannel {
  /** `UC…`: the channel id, the account's platformUserId. */
  id: string;
  title: string;
  /** `@handle` (the channel's customUrl), or null when it has none. */
  handle: string | null;
  avatarUrl: string | null;
  /** null when the channel hides its subscriber count. */
  subscribers: number | null;
}

export interface YouTubeOAuthProvider extends OAuthProvider {
  /** The token's own channel, or null when the Google account has none yet. */
  fetchChannel(accessToken: string): Promise<YouTubeChannel | null>;
}

const thumbnails = z
  .object({ default: z.object({ url: z.string() }).passthrough().optional() })
  .passthrough()
  .optional();

export const channelListSchema = z.object({
  items: z
    .array(
      z
        .object({
          id: z.string(),
          snippet: z
            .object({ title: z.string(), customUrl: z.string().optional(), thumbnails })
            .passthrough()
            .optional(),
          statistics: z
            .object({
              subscriberCount: z.string().optional(),
              hiddenSubscriberCount: z.boolean().optional(),
            })
            .passthrough()
            .optional(),
        })
        .passthrough(),
    )
    .optional(),
});

type ChannelItem = NonNullable<z.infer<typeof channelListSchema>['items']>[number];

/** subscriberCount (a decimal string); null when hidden or absent. */
export function subscribersOf(item: Pick<ChannelItem, 'statistics'>): number | null {
  const statistics = item.statistics;
  if (statistics === undefined || statistics.hiddenSubscriberCount === true) return null;
  const count = Number(statistics.subscriberCount);
  return statistics.subscriberCount !== undefined && Number.isSafeInteger(count) ? count : null;
}

function channelOf(item: ChannelItem): YouTubeChannel {
  const handle = item.snippet?.customUrl;
  return {
    id: item.id,
    title: item.snippet?.title ?? item.id,
    handle: handle === undefined || handle === '' ? null : handle.startsWith('@') ? handle : `@${handle}`,
    avatarUrl: item.snippet?.thumbnails?.default?.url ?? null,
    subscribers: subscribersOf(item),
  };
}

export function createYouTubeOAuthClient(options: OAuthProviderOptions): YouTubeOAuthProvider {
  const client = createGoogleOAuthClient(options, { name: 'youtube', scopes: YOUTUBE_SCOPES, revoke: true });
  const { ctx } = oauthCore('youtube', YOUTUBE_SCOPES, options);
  const fetchChannel = async (accessToken: string): Promise<YouTubeChannel | null> => {
    const body = parseBody(
      ctx,
      channelListSchema,
      await requestJson(ctx, `${YOUTUBE_API}/channels?part=snippet,statistics&mine=true`, {
        headers: bearer(accessToken),
      }),
    );
    const item = body.items?.[0];
    return item === undefined ? null : channelOf(item);
  };
  return {
    ...client,
    fetchChannel,
    // No OpenID scopes are asked: who connected is the channel (its title and handle).
    async fetchUserInfo(accessToken) {
      const channel = await fetchChannel(accessToken);
      return {
        providerUserId: channel?.id ?? '',
        email: null,
        emailVerified: false,
        name: channel?.title ?? null,
        firstName: null,
        lastName: null,
        avatarUrl: channel?.avatarUrl ?? null,
        username: channel?.handle ?? null,
      };
    },
  };
}
