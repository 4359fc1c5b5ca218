// Connecting an Instagram professional account: Facebook Login for Instagram (the Login dialog
// and Graph token endpoint of Facebook, with the Instagram app's credentials and scopes), then
// `GET /me/accounts?fields=…,instagram_business_account{…}` finds the accounts linked to the
// person's Pages. Pauta publishes with the Page token of the chosen account's Page.
// https://developers.facebook.com/docs/instagram-platform/instagram-api-with-facebook-login
import { createMetaLoginClient, type MetaLoginProvider } from '../facebook/oauth.js';
import type { OAuthProviderOptions, OAuthScopes } from '../oauth/types.js';

/**
 * Connect only (no sign-in with Instagram). Publishing needs `instagram_basic` and
 * `instagram_content_publish`; finding the account, `pages_show_list` (the Pages) and
 * `pages_read_engagement` (the Page's `instagram_business_account`); metrics,
 * `instagram_manage_insights`; the first comment (docs/first-comment.md), `instagram_manage_comments`
 * (optional: without it the post publishes and its comment fails with the reason).
 * docs/networks.md explains each.
 */
export const INSTAGRAM_SCOPES: OAuthScopes = {
  connect: [
    'instagram_basic',
    'instagram_content_publish',
    'instagram_manage_insights',
    'instagram_manage_comments',
    'pages_show_list',
    'pages_read_engagement',
  ],
};

/** Without these Pauta cannot publish: a connection that lacks one is refused at once. */
export const INSTAGRAM_PUBLISH_PERMISSIONS: readonly string[] = [
  'instagram_basic',
  'instagram_content_publish',
];

export interface InstagramOAuthProvider extends MetaLoginProvider {
  readonly name: 'instagram';
}

export function createInstagramOAuthClient(options: OAuthProviderOptions): InstagramOAuthProvider {
  return createMetaLoginClient('instagram', INSTAGRAM_SCOPES, options) as InstagramOAuthProvider;
}
