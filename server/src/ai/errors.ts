// Why an AI drafting attempt did not produce posts, and the typed error the suggested-posts
// screen gets instead of the silent template fallback of theme creation and the card button.
import { AppError, messages } from '@pauta/core';

export const FALLBACK_REASONS = [
  'no_key',
  'timeout',
  'http_error',
  'malformed',
  'no_posts',
  'rate_limited',
  'limiter_unavailable',
] as const;
/**
 * no_key: no ANTHROPIC_API_KEY · timeout: the deadline passed · http_error: an HTTP or connection
 * error (Anthropic's own 429/5xx included) · malformed: unreadable or wrongly shaped answer ·
 * no_posts: nothing usable left after the checks · rate_limited: the user's AI quota ·
 * limiter_unavailable: the quota could not be checked (fails closed: no call made).
 */
export type FallbackReason = (typeof FALLBACK_REASONS)[number];

export const AI_DRAFT_ERROR_CODES = ['AI_UNAVAILABLE', 'AI_MALFORMED', 'RATE_LIMITED'] as const;
export type AiDraftErrorCode = (typeof AI_DRAFT_ERROR_CODES)[number];

export function errorCodeFor(reason: FallbackReason): AiDraftErrorCode {
  switch (reason) {
    case 'malformed':
    case 'no_posts':
      return 'AI_MALFORMED';
    case 'rate_limited':
      return 'RATE_LIMITED';
    default:
      return 'AI_UNAVAILABLE';
  }
}

/** The pt-BR toast text for each code (spec §7/§8 texts, from core messages). */
export const aiDraftErrorMessages = {
  AI_UNAVAILABLE: messages.posts.aiError,
  AI_MALFORMED: messages.posts.invalidAiResponse,
  RATE_LIMITED: messages.posts.aiRateLimited,
} as const satisfies Record<AiDraftErrorCode, string>;

/**
 * The screen's drafting failure: an AppError (AI_UNAVAILABLE and AI_MALFORMED answer 502,
 * RATE_LIMITED 429 with the wait) that also keeps, for the logs and tests, why it failed.
 */
export class AiDraftError extends AppError<AiDraftErrorCode> {
  override name = 'AiDraftError';

  constructor(
    readonly reason: FallbackReason,
    /** Set with RATE_LIMITED: seconds until the user may try again. */
    readonly retryAfterSeconds?: number,
  ) {
    const code = errorCodeFor(reason);
    super(code, code === 'RATE_LIMITED' ? { retryAfterSeconds: retryAfterSeconds ?? null } : undefined);
  }

  /** The pt-BR text to show. */
  get userMessage(): string {
    return aiDraftErrorMessages[this.code];
  }
}
