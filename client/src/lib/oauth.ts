// Social sign-in and account connection leave the app: the server's /auth/oauth/<provider>/start
// redirects to the provider, which comes back to /auth/callback. The provider's name is kept in
// sessionStorage so the callback can say 'Erro ao conectar com {provider}.'.
import type { SignInProvider } from '@pauta/core';
import { isSignInProvider, SIGN_IN_PROVIDER_LABELS } from '@pauta/core';

const PROVIDER_KEY = 'pauta:oauth-provider';

/** Full-page navigation; an object so tests can replace it (jsdom cannot navigate). */
export const browserNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};

export function rememberOAuthProvider(label: string): void {
  try {
    window.sessionStorage.setItem(PROVIDER_KEY, label);
  } catch {
    // Storage may be unavailable (private mode): the callback then uses the generic text.
  }
}

/** The provider remembered before leaving, once: the callback reads and forgets it. */
export function takeOAuthProvider(): string | null {
  try {
    const label = window.sessionStorage.getItem(PROVIDER_KEY);
    window.sessionStorage.removeItem(PROVIDER_KEY);
    return label;
  } catch {
    return null;
  }
}

/** Display name of a server route id (`?provider=linkedin` on a failed start). */
export function providerLabelFromRouteId(routeId: string | null): string | null {
  return isSignInProvider(routeId) ? SIGN_IN_PROVIDER_LABELS[routeId] : null;
}

export function signInStartUrl(provider: SignInProvider): string {
  return `/auth/oauth/${provider}/start?purpose=signin`;
}
