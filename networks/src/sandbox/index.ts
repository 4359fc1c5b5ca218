// The sandbox networks (dev, demo, tests): `startSandbox` for a listening instance,
// `createSandboxApp` to mount it yourself.

export {
  type ImageServer,
  jpegImage,
  pngImage,
  serveImages,
  sha256,
  testMedia,
} from '../publishing/test-images.js';
export {
  ANTHROPIC_API_VERSION,
  ANTHROPIC_HOST,
  ANTHROPIC_OUTPUT_MODES,
  ANTHROPIC_REJECTED_KEY,
  type AnthropicOutputMode,
  type AnthropicStandInOptions,
  type PostsRequest,
  readPostsRequest,
} from './anthropic.js';
export { createSandboxApp, type SandboxApp, type SandboxOptions } from './app.js';
export {
  type IssuedTestToken,
  type IssueTokenInput,
  type NextAuthorizationInput,
  SANDBOX_TEST_TOKEN_SCOPES,
  SandboxControl,
} from './control.js';
export type { SandboxFault } from './faults.js';
export type { SandboxImage } from './images.js';
export { SANDBOX_LINKEDIN_OLDEST_VERSION } from './linkedin.js';
export type { SandboxMastodonInstance } from './mastodon.js';
export { mastodonAccountId } from './mastodon-ids.js';
export {
  derivedMetrics,
  SANDBOX_PUBLISH_NETWORKS,
  type SandboxMetricsInput,
  type SandboxPostMetrics,
  type SandboxPublishedPost,
  type SandboxPublishNetwork,
} from './posts.js';
export type { RecordedRequest, RequestMatch } from './recorder.js';
export { type SandboxHandle, type StartSandboxOptions, startSandbox } from './server.js';
export {
  DEFAULT_ALLOWED_REDIRECT_ORIGINS,
  DEFAULT_TOKEN_PREFIX,
  DEFAULT_USERS,
  defaultClient,
  type SandboxClient,
  type SandboxNetwork,
  type SandboxPage,
  type SandboxUser,
  type SandboxUserInput,
} from './store.js';
