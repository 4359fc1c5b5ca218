// The Anthropic SDK client for AI drafting, built once per process from configuration (never
// from the SDK's own env or profile lookup). No API key configured → no client: local templates.
import Anthropic from '@anthropic-ai/sdk';
import type { Logger } from '../logger.js';

export const AI_DEFAULT_MODEL = 'claude-sonnet-5-5';
export const AI_DEFAULT_TIMEOUT_MS = 45_000;
const OFFICIAL_BASE_URL = 'https://api.anthropic.com';

export interface AiConfig {
  apiKey?: string;
  /** e.g. `${SANDBOX_URL}/api.anthropic.com` for the local stand-in; default the official API. */
  baseURL?: string;
  model: string;
  /** Longest wait for one drafting call, the SDK's single retry included. */
  timeoutMs: number;
}

/** What `generatePosts` needs: the SDK client (null without a key), the model and the deadline. */
export interface AiClient {
  readonly anthropic: Anthropic | null;
  readonly model: string;
  readonly timeoutMs: number;
}

export function aiConfigFromEnv(env: {
  ANTHROPIC_API_KEY?: string | undefined;
  ANTHROPIC_BASE_URL?: string | undefined;
  ANTHROPIC_MODEL?: string | undefined;
  ANTHROPIC_TIMEOUT_MS?: number | undefined;
}): AiConfig {
  return {
    ...(env.ANTHROPIC_API_KEY ? { apiKey: env.ANTHROPIC_API_KEY } : {}),
    ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
    model: env.ANTHROPIC_MODEL || AI_DEFAULT_MODEL,
    timeoutMs: env.ANTHROPIC_TIMEOUT_MS ?? AI_DEFAULT_TIMEOUT_MS,
  };
}

/** The SDK's own messages (retries, warnings) go to our logger, never to the console. */
function sdkLogger(logger: Logger) {
  const log = logger.child({ component: 'anthropic-sdk' });
  return {
    error: (message: string) => log.error(message),
    warn: (message: string) => log.warn(message),
    info: (message: string) => log.debug(message),
    debug: () => {},
  };
}

/**
 * Creates the client once (call at start-up and keep it in the app's deps). The key stays inside
 * the SDK client: it is never logged and never part of a prompt.
 */
export function createAiClient(config: AiConfig, logger: Logger): AiClient {
  const anthropic =
    config.apiKey === undefined || config.apiKey.trim() === ''
      ? null
      : new Anthropic({
          apiKey: config.apiKey,
          baseURL: (config.baseURL ?? OFFICIAL_BASE_URL).replace(/\/+$/, ''),
          maxRetries: 1,
          timeout: config.timeoutMs,
          logger: sdkLogger(logger),
          logLevel: 'warn',
        });
  return { anthropic, model: config.model, timeoutMs: config.timeoutMs };
}
