// Connecting a Google Business Profile: after the code exchange, the locations the person manages
// (oauth.ts). No location → refused with `no_google_business_locations`; locations but none verified
// (Google takes posts only from a verified location with the voice of merchant) →
// `google_business_unverified`; one verified location connects at once, several wait for the
// person's choice. A location has no token of its own: the account publishes with the person's
// tokens (an hour each, renewed with the refresh token), kept sealed with the pending choice
// (`ownTokenPicker`, shared with LinkedIn Pages and Pinterest).
import { ownTokenPicker } from '../connect/sealed-tokens.js';
import type { OAuthProvider } from '../oauth/types.js';
import type { GoogleBusinessLocation, GoogleBusinessOAuthProvider } from './oauth.js';
import { GOOGLE_BUSINESS_CHOICE } from './profile.js';

const locationsOf = (provider: OAuthProvider, accessToken: string): Promise<GoogleBusinessLocation[]> =>
  (provider as GoogleBusinessOAuthProvider).fetchLocations(accessToken);

export const GOOGLE_BUSINESS_CONNECT = ownTokenPicker<GoogleBusinessLocation & { name: string }>({
  platform: 'google_business',
  pendingChoice: GOOGLE_BUSINESS_CHOICE,
  unavailableReason: 'google_business_unavailable',
  // No verified location: none at all, or only unverified ones (read again to say which).
  none: async (provider, accessToken) => {
    const all = await locationsOf(provider, accessToken);
    return all.length === 0
      ? { reason: 'no_google_business_locations', message: 'nenhum Perfil da Empresa no Google administrado' }
      : {
          reason: 'google_business_unverified',
          message: 'nenhum Perfil da Empresa verificado',
          details: { locations: all.length },
        };
  },
  // Only business.manage is asked: who connected is not read (no OpenID scopes).
  profile: async (_provider, _accessToken, scopes) => ({ email: null, name: null, scopes }),
  list: async (provider, accessToken) =>
    (await locationsOf(provider, accessToken))
      .filter((location) => location.canPost)
      .map((location) => ({ ...location, name: location.title })),
  // The picker shows the address too: branches of one business share its name.
  choice: (location) => ({
    id: location.id,
    name: location.address === null ? location.title : `${location.title} — ${location.address}`,
  }),
  account: (location, profile) => ({
    platformUserId: location.id,
    platformUsername: location.title,
    name: profile.name,
    email: profile.email,
    avatarUrl: null,
    pageName: location.title,
    scopes: profile.scopes,
  }),
});
