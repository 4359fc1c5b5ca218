// AI drafting for the routers: `createAiClient` once per process, then `generatePosts` per call.
export {
  type AdaptedText,
  type AdaptInput,
  type AdaptSource,
  adaptPostText,
  fitForNetwork,
} from './adapt.js';
export {
  AI_DEFAULT_MODEL,
  AI_DEFAULT_TIMEOUT_MS,
  type AiClient,
  type AiConfig,
  aiConfigFromEnv,
  createAiClient,
} from './ai-client.js';
export {
  ALT_SUGGESTION_MAX,
  cleanAltText,
  type DescribeImageInput,
  describeImage,
} from './describe-image.js';
export { type AiDraftGenerator, createDraftGenerator, type DraftTheme } from './draft-generator.js';
export {
  AI_DRAFT_ERROR_CODES,
  AiDraftError,
  type AiDraftErrorCode,
  aiDraftErrorMessages,
  FALLBACK_REASONS,
  type FallbackReason,
} from './errors.js';
export {
  AI_MAX_COUNT,
  DRAFT_MODES,
  type DraftMode,
  type DraftPost,
  type GeneratePostsDeps,
  type GeneratePostsInput,
  type GeneratePostsResult,
  generatePosts,
  generatePostsInputSchema,
  verifyPosts,
} from './generate-posts.js';
export { aiPostsSchema, tightestLimit } from './prompt.js';
export { AI_RATE_LIMITS, type AiRateLimitPolicy, type AiRateLimits } from './rate-limit.js';
export { templatePosts } from './templates.js';
