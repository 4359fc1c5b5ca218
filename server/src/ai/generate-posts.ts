// AI drafting (spec §7 "generate-posts-ai"): asks Anthropic for N posts about a theme through
// structured output, checks every post against the theme's networks, and falls back to the local
// templates at theme creation and on the card button; the suggested-posts screen gets an error.
import { AnthropicError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import {
  type AvoidTopic,
  effectiveTones,
  INPUT_LIMITS,
  isAvoidTopic,
  isTone,
  PLATFORMS,
  type Platform,
  type Tone,
} from '@pauta/core';
import type { Database } from '@pauta/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import type { AiClient } from './ai-client.js';
import { AiDraftError, type FallbackReason } from './errors.js';
import { cleanText, fitTitle, trimToSentences } from './fit.js';
import {
  aiPostsCheckSchema,
  aiPostsSchema,
  buildUserMessage,
  maxTokensFor,
  SYSTEM_PROMPT,
} from './prompt.js';
import { type AiRateLimits, takeAiCall } from './rate-limit.js';
import { type DraftPost, pickPlatform, templatePosts } from './templates.js';

/** Posts one call may ask for (spec: 15 at theme creation, 5 from the card and the screen). */
export const AI_MAX_COUNT = 15;

export const DRAFT_MODES = ['creation', 'card', 'screen'] as const;
/** creation / card: failures fall back to templates silently; screen: failures throw AiDraftError. */
export type DraftMode = (typeof DRAFT_MODES)[number];

export const generatePostsInputSchema = z.object({
  /** Whose quota the call counts against. */
  userId: z.string().min(1).max(INPUT_LIMITS.id),
  theme: z.object({
    name: z.string().trim().min(1).max(INPUT_LIMITS.themeName),
    description: z.string().max(INPUT_LIMITS.themeDescription),
    /** Tone ids; unknown ids are ignored, none means Profissional. */
    toneOfVoice: z.array(z.string()).max(20).default([]),
    /** Avoid-topic ids; unknown ids are ignored. */
    avoidTopics: z.array(z.string()).max(20).default([]),
    socialNetworks: z.array(z.enum(PLATFORMS)).min(1).max(PLATFORMS.length),
  }),
  count: z.int().min(1).max(AI_MAX_COUNT),
  mode: z.enum(DRAFT_MODES),
  /** Correlates the log lines with the HTTP request. */
  requestId: z.string().max(200).optional(),
});
export type GeneratePostsInput = z.input<typeof generatePostsInputSchema>;

export interface GeneratePostsDeps {
  db: Kysely<Database>;
  logger: Logger;
  ai: AiClient;
  /** 0 ≤ r < 1; picks each post's network. Default Math.random. */
  random?: () => number;
  now?: () => Date;
  rateLimits?: AiRateLimits;
}

export interface GeneratePostsResult {
  posts: DraftPost[];
  source: 'ai' | 'templates';
  /** Set when source is 'templates'. */
  fallbackReason?: FallbackReason;
}

export type { DraftPost };

/** What the checks did to the model's posts (logged; useful in tests). */
interface VerifyStats {
  received: number;
  trimmed: number;
  dropped: number;
}

/**
 * Checks the model's posts: shape (zod), non-empty texts, and length. Each network of the theme
 * gets the post's version written for it (`versions`), else the base text; a text over that
 * network's limit is TRIMMED at a sentence boundary (whole leading sentences that fit). A post
 * none of whose texts fits a network even after trimming is DROPPED. Posts keep the model's order
 * and are renumbered 1..n; anything beyond `count` is ignored. `content` is the text of the
 * post's own network (picked by `random`), `variants` the text of every network.
 */
export function verifyPosts(
  output: unknown,
  options: { platforms: readonly Platform[]; count: number; random: () => number },
): { posts: DraftPost[]; stats: VerifyStats } | null {
  const parsed = aiPostsCheckSchema.safeParse(output);
  if (!parsed.success) return null;
  const ordered = parsed.data.posts
    .map((post, index) => ({ post, index }))
    .sort((a, b) => a.post.post_order - b.post.post_order || a.index - b.index)
    .map(({ post }) => post);
  const stats: VerifyStats = { received: ordered.length, trimmed: 0, dropped: 0 };
  const posts: DraftPost[] = [];
  for (const post of ordered) {
    if (posts.length >= options.count) break;
    const base = cleanText(post.content);
    const variants: Partial<Record<Platform, string>> = {};
    let trimmed = false;
    for (const platform of options.platforms) {
      const written = cleanText(post.versions?.find((v) => v.network === platform)?.content ?? '');
      // The network's own version first; the base text when it has none or it cannot be fitted.
      for (const candidate of [written, base]) {
        const fitted = candidate === '' ? null : trimToSentences(candidate, [platform]);
        if (fitted === null) continue;
        if (fitted !== candidate) trimmed = true;
        variants[platform] = fitted;
        break;
      }
    }
    if (options.platforms.some((platform) => variants[platform] === undefined)) {
      stats.dropped += 1;
      continue;
    }
    if (trimmed) stats.trimmed += 1;
    const platform = pickPlatform(options.platforms, options.random);
    const content = variants[platform]!;
    const title = fitTitle(post.title) || fitTitle(content.split('\n')[0]!.slice(0, 80));
    posts.push({ title, content, variants, post_order: posts.length + 1, platform });
  }
  return { posts, stats };
}

function classify(error: unknown, deadline: AbortSignal): FallbackReason {
  if (error instanceof APIUserAbortError || error instanceof APIConnectionTimeoutError || deadline.aborted) {
    return 'timeout';
  }
  if (error instanceof APIError) return 'http_error';
  // The SDK's structured-output parser (invalid JSON or a schema mismatch), or a body it could not read.
  if (error instanceof AnthropicError || error instanceof SyntaxError) return 'malformed';
  return 'http_error';
}

function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof APIError) {
    return { errorName: error.constructor.name, status: error.status, requestId: error.requestID ?? null };
  }
  return { errorName: error instanceof Error ? error.constructor.name : typeof error };
}

/**
 * Drafts `count` posts for a theme. Never throws for AI trouble in 'creation' and 'card' modes
 * (templates instead, with `fallbackReason`); throws AiDraftError in 'screen' mode.
 */
export async function generatePosts(
  deps: GeneratePostsDeps,
  rawInput: GeneratePostsInput,
): Promise<GeneratePostsResult> {
  const input = generatePostsInputSchema.parse(rawInput);
  const random = deps.random ?? Math.random;
  const now = deps.now ?? (() => new Date());
  const platforms = [...new Set(input.theme.socialNetworks)];
  const tones = effectiveTones(input.theme.toneOfVoice.filter(isTone)) as readonly Tone[];
  const avoidTopics = [...new Set(input.theme.avoidTopics.filter(isAvoidTopic))] as AvoidTopic[];
  const log = deps.logger.child({
    component: 'ai-drafts',
    userId: input.userId,
    mode: input.mode,
    ...(input.requestId === undefined ? {} : { requestId: input.requestId }),
  });

  const fallback = (reason: FallbackReason, retryAfterSeconds?: number): GeneratePostsResult => {
    if (input.mode === 'screen') throw new AiDraftError(reason, retryAfterSeconds);
    return {
      posts: templatePosts({
        themeName: input.theme.name,
        themeDescription: input.theme.description,
        platforms,
        count: input.count,
        random,
      }),
      source: 'templates',
      fallbackReason: reason,
    };
  };

  const client = deps.ai.anthropic;
  if (client === null) {
    log.debug({ reason: 'no_key' }, 'AI drafting not configured; using templates');
    return fallback('no_key');
  }

  try {
    const permit = await takeAiCall(deps.db, input.userId, now(), deps.rateLimits);
    if (!permit.allowed) {
      log.info(
        { reason: 'rate_limited', retryAfterSeconds: permit.retryAfterSeconds },
        'AI drafting rate limited',
      );
      return fallback('rate_limited', permit.retryAfterSeconds);
    }
  } catch (error) {
    if (error instanceof AiDraftError) throw error;
    log.error({ reason: 'limiter_unavailable', ...describeError(error) }, 'AI rate limiter unavailable');
    return fallback('limiter_unavailable');
  }

  const started = Date.now();
  // One deadline for the whole call, the SDK's single retry and its back-off included.
  const deadline = AbortSignal.timeout(deps.ai.timeoutMs);
  let output: unknown;
  try {
    const message = await client.messages.parse(
      {
        model: deps.ai.model,
        max_tokens: maxTokensFor(input.count, platforms),
        system: SYSTEM_PROMPT,
        messages: [
          {
            role: 'user',
            content: buildUserMessage({
              themeName: input.theme.name,
              themeDescription: input.theme.description,
              tones,
              avoidTopics,
              platforms,
              count: input.count,
            }),
          },
        ],
        output_config: { format: zodOutputFormat(aiPostsSchema) },
      },
      { timeout: deps.ai.timeoutMs, maxRetries: 1, signal: deadline },
    );
    if (message.stop_reason !== 'end_turn')
      log.warn({ stopReason: message.stop_reason }, 'AI answer did not end normally');
    output = message.parsed_output;
    log.info(
      { model: message.model, usage: message.usage, durationMs: Date.now() - started },
      'AI drafting answered',
    );
  } catch (error) {
    const reason = classify(error, deadline);
    log.warn({ reason, durationMs: Date.now() - started, ...describeError(error) }, 'AI drafting failed');
    return fallback(reason);
  }

  const verified = verifyPosts(output, { platforms, count: input.count, random });
  if (verified === null) {
    log.warn({ reason: 'malformed' }, 'AI answer has the wrong shape');
    return fallback('malformed');
  }
  log.info({ ...verified.stats, kept: verified.posts.length }, 'AI posts checked');
  if (verified.posts.length === 0) return fallback('no_posts');
  return { posts: verified.posts, source: 'ai' };
}
