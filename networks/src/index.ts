// @pauta/networks: everything that talks to a social network. The sandbox networks live in
// `@pauta/networks/sandbox/index` so production code paths never load them by accident.

export { type CredentialSource, networkCredentials } from './credentials.js';
export {
  type AuthorizationCallback,
  type AuthorizationUrlInput,
  createOAuthProvider,
  type FacebookOAuthProvider,
  type FacebookPage,
  OAUTH_PROVIDER_NAMES,
  OAUTH_SCOPES,
  type OAuthProvider,
  type OAuthProviderName,
  type OAuthProviderOptions,
  type OAuthPurpose,
  type OAuthTokens,
  type OAuthUserInfo,
  readAuthorizationCallback,
  scopesFor,
} from './providers/oauth.js';
export { type OAuthErrorKind, OAuthProviderError, toOAuthProviderError } from './providers/oauth-error.js';
export * from './publishing/index.js';
export {
  createNetworkFetch,
  installedSandboxUrl,
  installSandboxFetch,
  isSandboxFetchInstalled,
  rewriteAuthorizationUrl,
  rewriteUrl,
  uninstallSandboxFetch,
} from './sandbox-url.js';
