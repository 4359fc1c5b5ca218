// The registry against the code it describes: every platform has a descriptor, and each
// capability flag matches what the network's module actually does (no network call leaves the
// process: a recording fetch answers every request).
import {
  mediaRequiredOn,
  PLATFORMS,
  type Platform,
  parseBudgetOverrides,
  SIGN_IN_PROVIDERS,
} from '@pauta/core';
import { NETWORK_CREDENTIAL_KEYS } from '@pauta/core/config/env';
import { describe, expect, it } from 'vitest';
import { OAUTH_CALLBACK_PATH, oauthCallbackUrl } from './oauth/callback.js';
import { OAUTH_PROVIDER_NAMES, type OAuthProvider } from './oauth/types.js';
import { testMedia } from './publishing/test-images.js';
import { PublishError, type PublishTarget } from './publishing/types.js';
import {
  CONNECT_PLATFORMS,
  connectClient,
  connectPlatformOf,
  createNetworkClients,
  createOAuthProvider,
  createPublisher,
  DEFAULT_BUDGETS,
  isConnectConfigured,
  mediaStepRounds,
  metricsUnavailableReason,
  NETWORKS,
  networkCredentials,
  OAUTH_CLIENTS,
  oauthClient,
  oauthCredentials,
  postAnalyticsEnabled,
  SIGN_IN_OAUTH_PROVIDERS,
  scopesFor,
} from './registry.js';

const TARGET: PublishTarget = { platformUserId: '1234', accessToken: 'token-abc' };

/** A fetch that records each URL and fails as a refused connection (nothing sent). */
function recordingFetch() {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    urls.push(input instanceof Request ? input.url : String(input));
    throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
  };
  return { fetch, urls };
}

/**
 * A network of many servers (Mastodon) keeps the server in the account's id: `1234@host`; a Google
 * Business Profile location is `accounts/<id>/locations/<id>`.
 */
const targetFor = (platform: Platform): PublishTarget => {
  if (NETWORKS[platform].connectSteps.instance) return { ...TARGET, platformUserId: '1234@mastodon.example' };
  if (platform === 'google_business') return { ...TARGET, platformUserId: 'accounts/1/locations/2' };
  return TARGET;
};

/** The calls that may create something: a server's public description (its limits) is none. */
const writes = (urls: string[]) => urls.filter((url) => !url.endsWith('/api/v2/instance'));

/** The server of a client per server (Mastodon); ignored by the others. */
const INSTANCE = { host: 'mastodon.example', pkce: true };

/** The network's OAuth client, or its session client (a form network: Bluesky). */
const dummyClient = (platform: Platform): OAuthProvider | null => {
  const { oauth, session } = NETWORKS[platform];
  if (session) return session.create({ fetch: recordingFetch().fetch });
  return oauth
    ? createOAuthProvider(oauth.name, {
        clientId: 'id',
        clientSecret: 'secret',
        redirectUri: 'https://pauta.example/auth/callback',
        instance: INSTANCE,
      })
    : null;
};

describe('networks registry', () => {
  it('has one descriptor per platform of core, each naming its own platform', () => {
    expect(Object.keys(NETWORKS).sort()).toEqual([...PLATFORMS].sort());
    for (const platform of PLATFORMS) {
      expect(NETWORKS[platform].platform).toBe(platform);
      expect(createPublisher(platform, { fetch: recordingFetch().fetch }).platform).toBe(platform);
    }
  });

  it('gives each network a default posting budget of the shape an administrator could store', () => {
    for (const platform of PLATFORMS) {
      const budget = NETWORKS[platform].postingBudget;
      expect(DEFAULT_BUDGETS[platform]).toBe(budget);
      expect(parseBudgetOverrides({ [platform]: budget }), platform).toEqual({ [platform]: budget });
    }
    // The caps the networks document (docs/budgets.md): X's app-wide free tier, Instagram per account.
    expect(DEFAULT_BUDGETS.x).toEqual({ month: 1500, day: 17, scope: 'installation' });
    expect(DEFAULT_BUDGETS.instagram).toEqual({ month: null, day: 50, scope: 'account' });
    // An app-wide cap counts the installation; a cap of each account counts that account's posts.
    const scopes = Object.fromEntries(
      PLATFORMS.filter((platform) => DEFAULT_BUDGETS[platform].day !== null).map((platform) => [
        platform,
        DEFAULT_BUDGETS[platform].scope,
      ]),
    );
    expect(scopes).toEqual({
      x: 'installation',
      pinterest: 'installation',
      youtube: 'installation',
      instagram: 'account',
      threads: 'account',
      mastodon: 'account',
      bluesky: 'account',
      tiktok: 'account',
    });
    // A network's own publishing cap (pre-flight) is per account: its budget is too.
    for (const platform of PLATFORMS)
      if (NETWORKS[platform].publishingCap) expect(DEFAULT_BUDGETS[platform].scope, platform).toBe('account');
  });

  it('has one OAuth client descriptor per provider name, building a client of that name', () => {
    expect(Object.keys(OAUTH_CLIENTS).sort()).toEqual([...OAUTH_PROVIDER_NAMES].sort());
    for (const name of OAUTH_PROVIDER_NAMES) {
      expect(OAUTH_CLIENTS[name].name).toBe(name);
      const client = createOAuthProvider(name, {
        clientId: 'i',
        clientSecret: 's',
        redirectUri: 'https://a/cb',
        instance: INSTANCE,
      });
      expect(client.name).toBe(name);
    }
  });

  it('declares exactly the credential variables the processes parse (core NETWORK_CREDENTIAL_KEYS)', () => {
    const declared = new Set<string>();
    for (const descriptor of Object.values(NETWORKS)) {
      // A network with an OAuth client publishes with that client's app.
      if (descriptor.oauth) expect(descriptor.credentials).toEqual(descriptor.oauth.credentials);
      // None: each server of the network issues its own (Mastodon), typed before the login, or
      // each account logs in with its own app password (Bluesky).
      if (descriptor.credentials === null) {
        expect(descriptor.connectSteps.instance ?? descriptor.session, descriptor.platform).toBeDefined();
        continue;
      }
      declared.add(descriptor.credentials.clientId).add(descriptor.credentials.clientSecret);
    }
    for (const client of Object.values(OAUTH_CLIENTS)) {
      if (client.credentials !== null)
        declared.add(client.credentials.clientId).add(client.credentials.clientSecret);
    }
    expect([...declared].sort()).toEqual([...NETWORK_CREDENTIAL_KEYS].sort());
  });

  it('declares video where the adapter publishes it, a first comment on Instagram and X, and reads each publisher setting from env', async () => {
    // Instagram (Reels), Facebook (Reels and Page videos), X (chunked media upload), LinkedIn,
    // member and Page (Videos API), YouTube (resumable upload) and TikTok (Direct Post) publish
    // `request.video`; the others declare their rules only.
    const publishesVideo: readonly Platform[] = [
      'instagram',
      'facebook',
      'x',
      'linkedin',
      'linkedin_page',
      'youtube',
      'tiktok',
    ];
    for (const platform of PLATFORMS) {
      expect(NETWORKS[platform].capabilities.video, platform).toBe(publishesVideo.includes(platform));
      expect(NETWORKS[platform].capabilities.firstComment, platform).toBe(
        [
          'instagram',
          'x',
          'facebook',
          'linkedin',
          'linkedin_page',
          'threads',
          'mastodon',
          'bluesky',
        ].includes(platform),
      );
    }
    // A network that publishes only videos (YouTube, TikTok: requiresVideo) sends a video post to
    // the network, and refuses one without a video before any call.
    const video = {
      mimeType: 'video/mp4',
      sizeBytes: 1000,
      durationSeconds: 5,
      width: 1080,
      height: 1920,
      frameRate: 30,
      read: async (start: number, end: number) => new Uint8Array(end - start),
      url: 'https://media.pauta.example/v.mp4',
      cover: null,
    };
    const videoOnly = PLATFORMS.filter((p) => NETWORKS[p].mediaLimits.requiresVideo);
    expect(videoOnly).toEqual(['youtube', 'tiktok']);
    for (const platform of videoOnly) {
      const { fetch, urls } = recordingFetch();
      const adapter = createPublisher(platform, { fetch, timeoutMs: 1000 });
      const request = {
        target: TARGET,
        title: '',
        text: 'Olá',
        options: { privacyLevel: 'SELF_ONLY', madeForKids: false },
      };
      await expect(adapter.publish({ ...request, video }), platform).rejects.toMatchObject({
        kind: 'retryable',
      });
      expect(urls.length, platform).toBeGreaterThan(0);
      const before = urls.length;
      await expect(adapter.publish(request), platform).rejects.toMatchObject({ code: 'MEDIA_REQUIRED' });
      expect(urls.length, platform).toBe(before);
    }
    // YouTube's first call for a post with a video is the resumable upload's session (invisible).
    {
      const { fetch, urls } = recordingFetch();
      await createPublisher('youtube', { fetch, timeoutMs: 1000 })
        .publish({
          target: targetFor('youtube'),
          title: 'T',
          text: 'Olá',
          video,
          options: { madeForKids: false },
        })
        .catch(() => undefined);
      expect(writes(urls)[0]).toMatch(
        /\/upload\/youtube\/v3\/videos\?uploadType=resumable&part=snippet,status$/,
      );
    }
    expect(NETWORKS.tiktok.publisherSettings?.({ TIKTOK_APP_AUDITED: true })).toEqual({ appAudited: true });
    expect(NETWORKS.tiktok.publisherSettings?.({})).toEqual({ appAudited: false });
    const env = { LINKEDIN_VERSION: '202601', FACEBOOK_GRAPH_VERSION: 'v23.0' };
    expect(NETWORKS.linkedin.publisherSettings?.(env)).toEqual({ linkedinVersion: '202601' });
    expect(NETWORKS.facebook.publisherSettings?.(env)).toEqual({ graphVersion: 'v23.0' });
    expect(NETWORKS.instagram.publisherSettings?.(env)).toEqual({ graphVersion: 'v23.0' });
    expect(NETWORKS.x.publisherSettings).toBeUndefined();
    expect(NETWORKS.linkedin.publisherSettings?.({})).toEqual({});
  });

  it('offers sign-in for as many providers as the login screen shows, and connect where declared', () => {
    expect(SIGN_IN_OAUTH_PROVIDERS).toEqual(['google', 'facebook', 'linkedin']);
    // core's SignInProvider (stored in oauth_identities, the login buttons) names the same clients.
    expect([...SIGN_IN_OAUTH_PROVIDERS].sort()).toEqual([...SIGN_IN_PROVIDERS].sort());
    expect(CONNECT_PLATFORMS).toEqual([
      'linkedin',
      'facebook',
      'x',
      'instagram',
      'threads',
      'linkedin_page',
      'mastodon',
      'bluesky',
      'pinterest',
      'google_business',
      'youtube',
      'tiktok',
    ]);
    for (const platform of PLATFORMS) {
      const { capabilities, oauth, session } = NETWORKS[platform];
      // Connect: an OAuth client with connect scopes, or a connect form's session (never both).
      expect(capabilities.connect, platform).toBe(
        oauth?.scopes.connect !== undefined || session !== undefined,
      );
      expect(oauth !== null && session !== undefined, platform).toBe(false);
      if (session) continue;
      expect(connectPlatformOf(oauth?.name ?? 'google')).toBe(capabilities.connect ? platform : null);
    }
    expect(connectPlatformOf('google')).toBeNull();
  });

  it('refresh: exactly the networks whose OAuth client renews tokens', async () => {
    for (const platform of PLATFORMS.filter((p) => NETWORKS[p].capabilities.refresh)) {
      expect(typeof dummyClient(platform)?.refreshAccessToken, platform).toBe('function');
    }
    // Tokens that never expire (Mastodon): the client refuses to renew, and says why.
    for (const platform of PLATFORMS.filter((p) => !NETWORKS[p].capabilities.refresh)) {
      await expect(dummyClient(platform)!.refreshAccessToken('x'), platform).rejects.toMatchObject({
        kind: 'invalid_grant',
      });
    }
  });

  it('revoke: exactly the networks whose OAuth client can revoke a token', () => {
    for (const platform of PLATFORMS) {
      const client = dummyClient(platform);
      expect(NETWORKS[platform].capabilities.revoke, platform).toBe(
        typeof client?.revokeToken === 'function',
      );
    }
    expect(PLATFORMS.filter((p) => NETWORKS[p].capabilities.revoke)).toEqual([
      'x',
      'mastodon',
      'bluesky',
      'google_business',
      'youtube',
      'tiktok',
    ]);
  });

  it('lookup: exactly the networks whose publisher lists recent posts, with a read-only GET', async () => {
    for (const platform of PLATFORMS) {
      const { fetch, urls } = recordingFetch();
      const adapter = createPublisher(platform, { fetch, timeoutMs: 1000 });
      expect(NETWORKS[platform].capabilities.lookup, platform).toBe(
        typeof adapter.lookupRecentPost === 'function',
      );
      if (adapter.lookupRecentPost === undefined) continue;
      const since = new Date('2026-11-27T12:00:00Z');
      const result = await adapter.lookupRecentPost({ target: TARGET, text: 'Olá', since, until: since });
      // The recording fetch answers nothing usable: the network could not tell.
      expect(result.kind, platform).toBe('unknown');
      expect(urls.length, platform).toBeGreaterThan(0);
    }
  });

  it('followers: exactly the networks with a follower count reader', () => {
    for (const platform of PLATFORMS) {
      const descriptor = NETWORKS[platform];
      expect(descriptor.capabilities.followers, platform).toBe(
        typeof descriptor.fetchFollowers === 'function',
      );
    }
  });

  it('metrics: a network without them answers none without a call; the others ask the network', async () => {
    for (const platform of PLATFORMS) {
      const { fetch, urls } = recordingFetch();
      const adapter = createPublisher(platform, { fetch, timeoutMs: 1000 });
      // A bare id and a LinkedIn URN: a LinkedIn Page reads statistics of post URNs only.
      const request = { target: TARGET, platformPostIds: ['post-1', 'urn:li:share:1'] };
      if (NETWORKS[platform].capabilities.metrics === true) {
        await expect(adapter.fetchMetrics(request), platform).rejects.toBeInstanceOf(PublishError);
        expect(urls.length, platform).toBeGreaterThan(0);
      } else {
        expect((await adapter.fetchMetrics(request)).size, platform).toBe(0);
        expect(urls, platform).toEqual([]);
      }
      if (NETWORKS[platform].capabilities.metrics === 'opt-in') {
        expect(NETWORKS[platform].postAnalytics, platform).toBeDefined();
        const on = createPublisher(platform, { fetch, timeoutMs: 1000, postAnalytics: true });
        await expect(
          on.fetchMetrics({ ...request, platformPostIds: ['urn:li:share:1'] }),
          platform,
        ).rejects.toBeInstanceOf(PublishError);
        expect(urls.length, platform).toBeGreaterThan(0);
      }
    }
  });

  it('opt-in post analytics: the switch adds the scope at connect and decides the reason shown', () => {
    for (const platform of PLATFORMS) {
      const optIn = NETWORKS[platform].postAnalytics;
      const name = NETWORKS[platform].oauth?.name;
      if (optIn === undefined || name === undefined) {
        expect(metricsUnavailableReason({}, platform, null), platform).toBeNull();
        continue;
      }
      const off = scopesFor(name, 'connect', {}) ?? [];
      const on = scopesFor(name, 'connect', { [optIn.flag]: true }) ?? [];
      for (const scope of optIn.scopes) {
        expect(off, platform).not.toContain(scope);
        expect(on, platform).toContain(scope);
      }
      expect(scopesFor(name, 'signIn', { [optIn.flag]: '1' }) ?? [], platform).not.toContain(optIn.scopes[0]);
      expect(postAnalyticsEnabled({ [optIn.flag]: '1' }, platform)).toBe(true);
      expect(postAnalyticsEnabled({ [optIn.flag]: false }, platform)).toBe(false);
      expect(metricsUnavailableReason({}, platform, null)).toBe(optIn.disabledReason);
      expect(metricsUnavailableReason({ [optIn.flag]: true }, platform, [...off])).toBe(
        optIn.scopeMissingReason,
      );
      expect(metricsUnavailableReason({ [optIn.flag]: true }, platform, [...on])).toBeNull();
      expect(metricsUnavailableReason({ [optIn.flag]: true }, platform, null)).toBeNull();
    }
  });

  it('media: "required" refuses a post without an image before any call, a video network one without a video; the others send text alone', async () => {
    for (const platform of PLATFORMS) {
      const { fetch, urls } = recordingFetch();
      const adapter = createPublisher(platform, { fetch, timeoutMs: 1000 });
      const error = await adapter
        .publish({ target: targetFor(platform), title: 'T', text: 'Olá' })
        .catch((e: unknown) => e);
      expect(error, platform).toBeInstanceOf(PublishError);
      // With an image, an 'optional' network's first call is the upload (never the post itself;
      // Threads: the image's media container, which threads_publish alone makes a post). Google
      // Business Profile has no upload: Google fetches the photo's URL named in the one localPosts call.
      if (NETWORKS[platform].capabilities.media === 'optional') {
        const withImage = recordingFetch();
        await createPublisher(platform, { fetch: withImage.fetch, timeoutMs: 1000 })
          .publish({ target: targetFor(platform), title: 'T', text: 'Olá', media: testMedia(1) })
          .catch(() => undefined);
        expect(writes(withImage.urls).length, platform).toBe(1);
        expect(writes(withImage.urls)[0], platform).toMatch(
          /\/rest\/images\?action=initializeUpload$|\/photos$|\/2\/media\/upload$|graph\.threads\.net\/v1\.0\/\d+\/threads$|\/api\/v2\/media$|\/xrpc\/com\.atproto\.repo\.uploadBlob$|mybusiness\.googleapis\.com\/v4\/accounts\/1\/locations\/2\/localPosts$/,
        );
      }
      // The client's early warning (edit dialog, post cards) reads core's list: the same networks.
      expect(mediaRequiredOn(platform), platform).toBe(NETWORKS[platform].capabilities.media === 'required');
      // A network that publishes only video (YouTube, TikTok: requiresVideo) refuses the post the same way.
      if (
        NETWORKS[platform].capabilities.media === 'required' ||
        NETWORKS[platform].mediaLimits.requiresVideo
      ) {
        expect((error as PublishError).code, platform).toBe('MEDIA_REQUIRED');
        expect(urls, platform).toEqual([]);
      } else {
        expect((error as PublishError).code, platform).toBe('NETWORK_UNAVAILABLE');
        expect(writes(urls).length, platform).toBe(1);
      }
    }
  });
});

describe('container processing (docs/publishing.md, "Carrossel")', () => {
  it('Instagram and Threads wait for a container per image: batches of 4 and the carousel container; one image or another network, none', () => {
    const declared = PLATFORMS.filter((platform) => NETWORKS[platform].containerProcessing !== undefined);
    expect(declared.sort()).toEqual(['instagram', 'threads']);
    expect(mediaStepRounds('instagram', 10)).toBe(4);
    expect(mediaStepRounds('instagram', 4)).toBe(2);
    expect(mediaStepRounds('threads', 5)).toBe(3);
    expect(mediaStepRounds('instagram', 1)).toBe(0);
    expect(mediaStepRounds('instagram', 0)).toBe(0);
    expect(mediaStepRounds('facebook', 10)).toBe(0);
  });
});

describe('configuration through the registry', () => {
  const appUrl = 'https://pauta.example/';

  it('builds the one callback URL for both flows', () => {
    expect(OAUTH_CALLBACK_PATH).toBe('/auth/callback');
    expect(oauthCallbackUrl(appUrl, 'signIn')).toBe('https://pauta.example/auth/callback');
    expect(oauthCallbackUrl('http://localhost:3000', 'connect')).toBe(
      'http://localhost:3000/auth/callback?connection=true',
    );
  });

  it('prefers configured credentials, falls back to the sandbox for networks it imitates', () => {
    const sandbox = { SOCIAL_SANDBOX_URL: 'http://127.0.0.1:4000' };
    expect(networkCredentials({}, 'linkedin')).toBeNull();
    expect(networkCredentials(sandbox, 'linkedin')).toEqual({
      clientId: 'sandbox-linkedin-client',
      clientSecret: 'sandbox-linkedin-secret',
    });
    expect(networkCredentials({ ...sandbox, X_CLIENT_ID: 'real', X_CLIENT_SECRET: 'shh' }, 'x')).toEqual({
      clientId: 'real',
      clientSecret: 'shh',
    });
    // Half a pair is no pair.
    expect(networkCredentials({ X_CLIENT_ID: 'real' }, 'x')).toBeNull();
    // Instagram connects with Facebook Login: in sandbox mode, with the sandbox Facebook app.
    expect(networkCredentials(sandbox, 'instagram')).toEqual({
      clientId: 'sandbox-facebook-client',
      clientSecret: 'sandbox-facebook-secret',
    });
    expect(oauthCredentials(sandbox, 'instagram')).toEqual(networkCredentials(sandbox, 'instagram'));
    expect(networkCredentials({}, 'instagram')).toBeNull();
    expect(isConnectConfigured(sandbox, 'instagram')).toBe(true);
    expect(isConnectConfigured({}, 'instagram')).toBe(false);
    // Facebook's credentials alone do not configure Instagram (its own app and App Review).
    expect(
      isConnectConfigured({ FACEBOOK_CLIENT_ID: 'fb', FACEBOOK_CLIENT_SECRET: 'fbs' }, 'instagram'),
    ).toBe(false);
    expect(
      networkCredentials({ INSTAGRAM_CLIENT_ID: 'ig', INSTAGRAM_CLIENT_SECRET: 'igs' }, 'instagram'),
    ).toEqual({ clientId: 'ig', clientSecret: 'igs' });
    expect(isConnectConfigured(sandbox, 'facebook')).toBe(true);
    expect(
      isConnectConfigured({ INSTAGRAM_CLIENT_ID: 'ig', INSTAGRAM_CLIENT_SECRET: 'igs' }, 'instagram'),
    ).toBe(true);
  });

  it('gives each client its redirect URI and the sandbox routing', () => {
    const env = { SOCIAL_SANDBOX_URL: 'http://127.0.0.1:4000' };
    const google = oauthClient('google', 'signIn', { env, appUrl });
    const url = google!.createAuthorizationURL({ state: 's', codeVerifier: 'v'.repeat(43) });
    expect(url.href.startsWith('http://127.0.0.1:4000/accounts.google.com/')).toBe(true);
    expect(url.searchParams.get('redirect_uri')).toBe('https://pauta.example/auth/callback');
    const x = connectClient('x', { env, appUrl });
    const xUrl = x!.createAuthorizationURL({ state: 's', codeVerifier: 'v'.repeat(43) });
    expect(xUrl.searchParams.get('redirect_uri')).toBe('https://pauta.example/auth/callback?connection=true');
    // Instagram: Facebook's Login dialog (sandboxed), the Instagram scopes, the connect callback.
    const instagram = connectClient('instagram', { env, appUrl });
    expect(instagram?.name).toBe('instagram');
    const igUrl = instagram!.createAuthorizationURL({
      state: 's',
      scopes: scopesFor('instagram', 'connect')!,
    });
    expect(igUrl.href).toMatch(/^http:\/\/127\.0\.0\.1:4000\/www\.facebook\.com\/v[\d.]+\/dialog\/oauth\?/);
    expect(igUrl.searchParams.get('client_id')).toBe('sandbox-facebook-client');
    expect(igUrl.searchParams.get('scope')?.split(/[ ,]/)).toEqual([
      'instagram_basic',
      'instagram_content_publish',
      'instagram_manage_insights',
      'instagram_manage_comments',
      'pages_show_list',
      'pages_read_engagement',
    ]);
    expect(igUrl.searchParams.get('redirect_uri')).toBe(
      'https://pauta.example/auth/callback?connection=true',
    );
    expect(scopesFor('instagram', 'signIn')).toBeNull();
    expect(connectClient('instagram', { env: {}, appUrl })).toBeNull();
    expect(oauthClient('google', 'signIn', { env: {}, appUrl })).toBeNull();
  });

  it('gives the worker a publisher and a refresher per configured network, none for the rest', () => {
    const clients = createNetworkClients({
      env: { LINKEDIN_CLIENT_ID: 'a', LINKEDIN_CLIENT_SECRET: 'b' },
      appUrl,
      timeoutMs: 1000,
    });
    expect(clients.adapter('linkedin')?.platform).toBe('linkedin');
    expect(clients.oauth('linkedin')?.name).toBe('linkedin');
    for (const platform of ['facebook', 'x', 'instagram'] as const) {
      expect(clients.adapter(platform)).toBeNull();
      expect(clients.oauth(platform)).toBeNull();
    }
    const instagramOnly = createNetworkClients({
      env: { INSTAGRAM_CLIENT_ID: 'a', INSTAGRAM_CLIENT_SECRET: 'b' },
      appUrl,
      timeoutMs: 1000,
    });
    expect(instagramOnly.adapter('instagram')?.platform).toBe('instagram');
    expect(instagramOnly.oauth('instagram')?.name).toBe('instagram');
    const sandboxed = createNetworkClients({
      env: { SOCIAL_SANDBOX_URL: 'http://127.0.0.1:4000' },
      appUrl,
      timeoutMs: 1000,
    });
    expect(sandboxed.adapter('instagram')?.platform).toBe('instagram');
  });
});
