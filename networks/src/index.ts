// @pauta/networks: everything that talks to a social network, one module per network
// (linkedin/, facebook/, x/, instagram/, google/) behind the registry (docs/networks.md). The
// sandbox networks live in `@pauta/networks/sandbox` so production code never loads them.

export {
  FIRST_COMMENT_MAX_INPUT,
  firstCommentRefusal,
  NETWORK_PROFILES,
  type PostOptionIssue,
  priorGrid,
  validatePostOptions,
} from './browser.js';
export {
  type ConnectChoice,
  type ConnectedAccount,
  type ConnectOutcome,
  type ConnectPicker,
  type ConnectProfile,
  ConnectRefusedError,
  type ConnectSteps,
} from './connect/types.js';
export {
  type CredentialVariables,
  type FollowersOptions,
  FollowersUnavailableError,
  type NetworkCapabilities,
  type NetworkDescriptor,
  type OAuthClientDescriptor,
  type PostAnalyticsOptIn,
  type PublisherOptions,
  type SessionLoginFields,
  SessionProbeError,
} from './descriptor.js';
export type {
  FacebookOAuthProvider,
  FacebookPage,
  FacebookPageWithInstagram,
  InstagramBusinessAccount,
  MetaLoginProvider,
} from './facebook/oauth.js';
export { INSTAGRAM_PUBLISH_PERMISSIONS, type InstagramOAuthProvider } from './instagram/oauth.js';
export {
  type AuthorizationCallback,
  OAUTH_CALLBACK_PATH,
  oauthCallbackUrl,
  readAuthorizationCallback,
} from './oauth/callback.js';
export { type OAuthErrorKind, OAuthProviderError } from './oauth/errors.js';
export {
  type AuthorizationUrlInput,
  OAUTH_PROVIDER_NAMES,
  type OAuthProvider,
  type OAuthProviderName,
  type OAuthProviderOptions,
  type OAuthPurpose,
  type OAuthScopes,
  type OAuthTokens,
  type OAuthUserInfo,
} from './oauth/types.js';
export { REVOCATION_CODES, tokenLossOf } from './publishing/errors.js';
export { normaliseText } from './publishing/lookup.js';
export { checkMedia, type MediaFacts, mediaRefusal } from './publishing/media.js';
export {
  type FirstCommentLookup,
  type FirstCommentRequest,
  type LinkPage,
  type LinkPageFetcher,
  type LookupRequest,
  type LookupResult,
  type MetricsRequest,
  type NetworkAdapter,
  type PostMetrics,
  type PostOptionValues,
  PublishError,
  type PublishFailureKind,
  type PublishMedia,
  type PublishRequest,
  type PublishResult,
  type PublishTarget,
  type PublishVideo,
  type PublishVideoCover,
} from './publishing/types.js';
export {
  accountLoginOf,
  type ClientCredentials,
  CONNECT_PLATFORMS,
  type CredentialSource,
  capabilitiesOf,
  configuredConnectLogins,
  connectClient,
  connectLoginOf,
  connectPlatformOf,
  createNetworkClients,
  createOAuthProvider,
  createPublisher,
  DEFAULT_BUDGETS,
  healthOfAccount,
  type InstanceClientInput,
  instanceClient,
  isConnectConfigured,
  isConnectPlatform,
  isOAuthProviderName,
  mediaLimitsOf,
  mediaStepRounds,
  metricsUnavailableReason,
  NETWORKS,
  type NetworkClients,
  type NetworkClientsOptions,
  NO_REFRESH_PLATFORMS,
  networkCredentials,
  networkDescriptor,
  networkVideoRejections,
  OAUTH_CLIENTS,
  type OAuthRuntime,
  oauthClient,
  oauthCredentials,
  postAnalyticsEnabled,
  postPriceOf,
  type ResolvedPostPrice,
  refusesDuplicateText,
  type SessionClient,
  SIGN_IN_OAUTH_PROVIDERS,
  type StoredAccountHealth,
  scopesFor,
  sessionClient,
  videoLimitsOf,
  WRITING_GUIDES,
} from './registry.js';
export { createNetworkFetch, installSandboxFetch, rewriteUrl, uninstallSandboxFetch } from './sandbox-url.js';
export type { NetworkWriting, WritingTemplate } from './writing.js';
