// AI drafting (spec §7 "generate-posts-ai"): asks Anthropic for N posts about a theme through
// structured output — in chunks sized by the expected output, a few calls at a time (chunks.ts) —
// checks every post against the theme's networks, and falls back to the local templates at theme
// creation (for the failed chunks' slots only) and on the card button; the suggested-posts screen
// gets an error. One request counts once against the user's AI quota, whatever its calls.
import { AnthropicError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import {
  type AvoidTopic,
  effectiveTones,
  INPUT_LIMITS,
  isAvoidTopic,
  isTone,
  MAX_COMMEMORATIVE_DATES,
  PLATFORMS,
  type Platform,
  type Tone,
} from '@pauta/core';
import type { Database } from '@pauta/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import type { AiClient } from './ai-client.js';
import { AI_CHUNK_CONCURRENCY, mapWithConcurrency, planChunks } from './chunks.js';
import { AiDraftError, type FallbackReason } from './errors.js';
import { cleanText, fitTitle, trimToSentences } from './fit.js';
import {
  aiPostsCheckSchema,
  aiPostsSchema,
  buildUserMessage,
  maxTokensFor,
  type PromptInput,
  SYSTEM_PROMPT,
} from './prompt.js';
import { type AiRateLimits, takeAiCall } from './rate-limit.js';
import { type DraftPost, pickPlatform, templatePosts } from './templates.js';

/** Posts one call may ask for (spec: 15 at theme creation, 5 from the card and the screen). */
export const AI_MAX_COUNT = 15;

/**
 * Which post of the series ties the theme to each commemorative date: the dates, in date order,
 * spread evenly over slots 1..count (the series is scheduled in slot order, so an earlier date
 * gets an earlier post). Several dates share a slot only when there are more dates than posts.
 */
export function occasionSlots<T extends { date: string }>(
  dates: readonly T[],
  count: number,
): { slot: number; date: T }[] {
  const sorted = [...dates].sort((a, b) => a.date.localeCompare(b.date));
  return sorted.map((date, j) => ({ slot: 1 + Math.floor((j * count) / sorted.length), date }));
}

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
  /** Commemorative dates picked in the theme form (docs/commemorative-dates.md), in date order. */
  commemorativeDates: z
    .array(
      z.object({
        name: z.string().min(1).max(120),
        date: z.iso.date(),
        description: z.string().max(400),
        /** The post (1..count) scheduled at or just before the date; absent: spread by occasionSlots. */
        slot: z.int().min(1).max(AI_MAX_COUNT).optional(),
      }),
    )
    .max(MAX_COMMEMORATIVE_DATES)
    .default([]),
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
  /** Estimated output tokens per call (default AI_CHUNK_OUTPUT_TOKENS; Infinity: one call). */
  chunkOutputTokens?: number;
}

export interface GeneratePostsResult {
  posts: DraftPost[];
  /**
   * 'mixed' (creation only): some chunks failed and their slots came from the templates; the
   * others are the AI's. The card and the screen get 'ai' with the AI's drafts only.
   */
  source: 'ai' | 'templates' | 'mixed';
  /** Set when source is 'templates' or 'mixed': why (the first failed chunk's reason). */
  fallbackReason?: FallbackReason;
  /** How many of `posts` the AI wrote (set unless source is 'templates'). */
  aiPosts?: number;
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

/** Why an Anthropic call threw: its deadline, an HTTP/connection error, or an unreadable answer. */
export function classify(error: unknown, deadline: AbortSignal): FallbackReason {
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

  // Chunks sized by the expected output, a few at a time, each with its own deadline; a chunk
  // starts only within the whole request's budget and while the API answers (see chunks.ts).
  const chunks = planChunks(input.count, platforms, deps.chunkOutputTokens);
  // The caller's placement (the date's own slot in the theme's calendar) when it gave one.
  const slots = input.commemorativeDates.every((date) => date.slot !== undefined)
    ? input.commemorativeDates
        .filter((date) => date.slot! <= input.count)
        .map((date) => ({ slot: date.slot!, date }))
        .sort((a, b) => a.slot - b.slot || a.date.date.localeCompare(b.date.date))
    : occasionSlots(input.commemorativeDates, input.count);
  const started = Date.now();
  const overall = deadlineAfter(Math.round(deps.ai.timeoutMs * AI_TOTAL_TIMEOUT_FACTOR));
  let stopped: FallbackReason | null = null;
  const outcomes = await mapWithConcurrency(chunks, AI_CHUNK_CONCURRENCY, async (chunk) => {
    if (stopped !== null || overall.aborted) {
      log.warn({ chunk, reason: stopped ?? 'timeout' }, 'AI chunk not started');
      return { ok: false as const, reason: stopped ?? ('timeout' as const) };
    }
    const outcome = await draftChunk(
      { client, ai: deps.ai, log, overall },
      {
        themeName: input.theme.name,
        themeDescription: input.theme.description,
        tones,
        avoidTopics,
        platforms,
        count: chunk.count,
        ...(chunks.length > 1 ? { part: { first: chunk.first, total: input.count } } : {}),
        occasions: slots
          .filter(({ slot }) => slot >= chunk.first && slot < chunk.first + chunk.count)
          .map(({ slot, date }) => ({
            postOrder: slot - chunk.first + 1,
            name: date.name,
            date: date.date,
            description: date.description,
          })),
      },
    );
    // An API that timed out or failed is not asked again for the rest of this request.
    if (!outcome.ok && (outcome.reason === 'timeout' || outcome.reason === 'http_error'))
      stopped ??= outcome.reason;
    return outcome;
  }).finally(() => overall.clear());

  const failed = outcomes.flatMap((outcome, i) =>
    outcome.ok ? [] : [{ chunk: chunks[i]!, reason: outcome.reason }],
  );
  const stats: VerifyStats = { received: 0, trimmed: 0, dropped: 0 };
  for (const outcome of outcomes) {
    if (!outcome.ok) continue;
    stats.received += outcome.stats.received;
    stats.trimmed += outcome.stats.trimmed;
    stats.dropped += outcome.stats.dropped;
  }
  const aiPosts = outcomes.reduce((sum, outcome) => sum + (outcome.ok ? outcome.posts.length : 0), 0);
  log.info(
    {
      ...stats,
      kept: aiPosts,
      chunks: chunks.length,
      failedChunks: failed.length,
      durationMs: Date.now() - started,
    },
    'AI posts checked',
  );
  const firstFailure = failed[0]?.reason;
  if (aiPosts === 0) return fallback(firstFailure ?? 'no_posts');

  // Creation fills the slots of failed chunks from the templates (its calendar gets every post);
  // the card and the screen keep the AI's drafts only (the person reviews them and can ask again).
  const fill = input.mode === 'creation';
  const merged = outcomes.flatMap((outcome, i) => {
    if (outcome.ok) return outcome.posts;
    if (!fill) return [];
    const chunk = chunks[i]!;
    return templatePosts({
      themeName: input.theme.name,
      themeDescription: input.theme.description,
      platforms,
      count: chunk.count,
      random: () => 0,
      first: chunk.first,
    });
  });
  // Networks are picked here, in slot order, so the picks do not depend on which chunk answered first.
  const posts = merged.map((post, i) => {
    const platform = pickPlatform(platforms, random);
    return { ...post, platform, content: post.variants?.[platform] ?? post.content, post_order: i + 1 };
  });
  if (firstFailure === undefined) return { posts, source: 'ai', aiPosts };
  log.warn({ failedChunks: failed, aiPosts, posts: posts.length }, 'AI drafting partly failed');
  if (!fill) return { posts, source: 'ai', aiPosts };
  return { posts, source: 'mixed', fallbackReason: firstFailure, aiPosts };
}

interface Deadline {
  readonly signal: AbortSignal;
  readonly aborted: boolean;
  clear(): void;
}

/**
 * A signal aborted after `ms` or with `parent`. A plain timer and listener, not
 * `AbortSignal.any([AbortSignal.timeout(ms), parent])`: that one holds its sources weakly and a
 * collected timeout signal never fires (nodejs/node#48468-style), which let a call outlive its
 * deadline. `clear()` drops the timer and the listener once the call is over.
 */
function deadlineAfter(ms: number, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('deadline', 'TimeoutError')), ms);
  const onParent = () => controller.abort(parent?.reason);
  if (parent?.aborted) onParent();
  else parent?.addEventListener('abort', onParent, { once: true });
  return {
    signal: controller.signal,
    get aborted() {
      return controller.signal.aborted;
    },
    clear() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onParent);
    },
  };
}

/** Total budget of a chunked request, in ANTHROPIC_TIMEOUT_MS (stays below the idempotency lease of 2×). */
export const AI_TOTAL_TIMEOUT_FACTOR = 1.5;

type ChunkOutcome =
  | { ok: true; posts: DraftPost[]; stats: VerifyStats }
  | { ok: false; reason: FallbackReason };

/** One call to Anthropic for `prompt.count` posts, checked; never throws. */
async function draftChunk(
  ctx: {
    client: NonNullable<AiClient['anthropic']>;
    ai: AiClient;
    log: Logger;
    overall: Deadline;
  },
  prompt: PromptInput,
): Promise<ChunkOutcome> {
  const log =
    prompt.part === undefined
      ? ctx.log
      : ctx.log.child({ chunkFirst: prompt.part.first, chunkCount: prompt.count });
  const started = Date.now();
  // One deadline for the call, the SDK's single retry and its back-off included, capped by the
  // request's total budget.
  const own = deadlineAfter(ctx.ai.timeoutMs, ctx.overall.signal);
  const deadline = own.signal;
  let output: unknown;
  try {
    const message = await ctx.client.messages.parse(
      {
        model: ctx.ai.model,
        max_tokens: maxTokensFor(prompt.count, prompt.platforms),
        system: SYSTEM_PROMPT,
        messages: [{ role: 'user', content: buildUserMessage(prompt) }],
        output_config: { format: zodOutputFormat(aiPostsSchema) },
      },
      { timeout: ctx.ai.timeoutMs, maxRetries: 1, signal: deadline },
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
    return { ok: false, reason };
  } finally {
    own.clear();
  }
  // Each post's network is picked after the merge, in slot order.
  const verified = verifyPosts(output, { platforms: prompt.platforms, count: prompt.count, random: () => 0 });
  if (verified === null) {
    log.warn({ reason: 'malformed' }, 'AI answer has the wrong shape');
    return { ok: false, reason: 'malformed' };
  }
  if (verified.posts.length === 0) {
    log.warn({ reason: 'no_posts', ...verified.stats }, 'AI answer has no usable post');
    return { ok: false, reason: 'no_posts' };
  }
  return { ok: true, posts: verified.posts, stats: verified.stats };
}
