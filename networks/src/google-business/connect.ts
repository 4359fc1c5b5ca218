// Connecting a Google Business Profile: after the code exchange, the locations the person manages
// (oauth.ts). No location → refused with `no_google_business_locations`; locations but none verified
// (Google takes posts only from a verified location with the voice of merchant) →
// `google_business_unverified`; one verified location connects at once, several wait for the
// person's choice. A location has no token of its own: the account publishes with the person's
// tokens (an hour each, renewed with the refresh token), kept sealed with the pending choice.

import { chooseSealed, connectOrChooseSealed } from '../connect/sealed-tokens.js';
import { type ConnectProfile, ConnectRefusedError, type ConnectSteps, isNonEmpty } from '../connect/types.js';
import type { GoogleBusinessLocation, GoogleBusinessOAuthProvider } from './oauth.js';

/** The location as the account knows it: its resource id and title. */
const asOption = (location: GoogleBusinessLocation) => ({ id: location.id, name: location.title });

async function postableLocations(
  provider: GoogleBusinessOAuthProvider,
  accessToken: string,
): Promise<GoogleBusinessLocation[]> {
  return (await provider.fetchLocations(accessToken)).filter((location) => location.canPost);
}

export const GOOGLE_BUSINESS_CONNECT: ConnectSteps = {
  async complete(client, tokens, scopes) {
    const provider = client as GoogleBusinessOAuthProvider;
    const all = await provider.fetchLocations(tokens.accessToken);
    // Only business.manage is asked: who connected is not read (no OpenID scopes).
    const profile: ConnectProfile = { email: null, name: null, scopes };
    const verified = all.filter((location) => location.canPost);
    if (!isNonEmpty(verified))
      throw new ConnectRefusedError(
        all.length === 0 ? 'no_google_business_locations' : 'google_business_unverified',
        {
          message:
            all.length === 0
              ? 'nenhum Perfil da Empresa no Google administrado'
              : 'nenhum Perfil da Empresa verificado',
          details: { scopes, locations: all.length },
        },
      );
    return connectOrChooseSealed(verified, {
      tokens,
      profile,
      option: asOption,
      // The picker shows the address too: branches of one business share its name.
      choice: (location) => ({
        id: location.id,
        name: location.address === null ? location.title : `${location.title} — ${location.address}`,
      }),
    });
  },
  picker: {
    returnParam: 'pickGoogleBusiness',
    unavailableReason: 'google_business_unavailable',
    choose: (client, input) =>
      chooseSealed(
        input,
        (accessToken) => postableLocations(client as GoogleBusinessOAuthProvider, accessToken),
        asOption,
      ),
  },
};
