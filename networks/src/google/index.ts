// Google: a sign-in-only provider (no network to publish to).
import type { OAuthClientDescriptor } from '../descriptor.js';
import { createGoogleOAuthClient, GOOGLE_SCOPES } from './oauth.js';

export const googleOAuth: OAuthClientDescriptor = {
  name: 'google',
  label: 'Google',
  credentials: { clientId: 'GOOGLE_CLIENT_ID', clientSecret: 'GOOGLE_CLIENT_SECRET' },
  scopes: GOOGLE_SCOPES,
  create: createGoogleOAuthClient,
};
