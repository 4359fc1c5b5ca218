// One structured answer from the AI, asked the same way by every feature that is not drafting
// (alt text, carousel, report analysis, adaptation): the configured model, one deadline for the
// whole call (the SDK's single retry included), the answer parsed by the SDK against the caller's
// schema. The caller checks the answer again (safeParse) and decides what a failure means.
import type Anthropic from '@anthropic-ai/sdk';
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import type { Database } from '@pauta/db';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { AiClient } from './ai-client.js';
import { AiDraftError, type FallbackReason } from './errors.js';
import { classify } from './generate-posts.js';
import { type AiRateLimits, takeAiCall } from './rate-limit.js';

/** The model's parsed output (unchecked), or why the call failed and what it threw (its name only). */
export type AiAnswer =
  | { ok: true; output: unknown }
  | { ok: false; reason: FallbackReason; errorName: string };

export async function askAi(
  client: Anthropic,
  ai: Pick<AiClient, 'model' | 'timeoutMs'>,
  request: {
    maxTokens: number;
    system: string;
    content: Anthropic.MessageParam['content'];
    schema: z.ZodType;
  },
): Promise<AiAnswer> {
  const deadline = AbortSignal.timeout(ai.timeoutMs);
  try {
    const message = await client.messages.parse(
      {
        model: ai.model,
        max_tokens: request.maxTokens,
        system: request.system,
        messages: [{ role: 'user', content: request.content }],
        output_config: { format: zodOutputFormat(request.schema) },
      },
      { timeout: ai.timeoutMs, maxRetries: 1, signal: deadline },
    );
    return { ok: true, output: message.parsed_output };
  } catch (error) {
    return {
      ok: false,
      reason: classify(error, deadline),
      errorName: error instanceof Error ? error.constructor.name : typeof error,
    };
  }
}

/**
 * One use of the user's AI quota for a call with no local fallback (alt text, carousel), or
 * AiDraftError: `limiter_unavailable` when the quota cannot be checked (fail closed, no call),
 * `rate_limited` with the wait when it is used up.
 */
export async function requireAiCall(
  deps: { db: Kysely<Database>; now?: () => Date; rateLimits?: AiRateLimits },
  userId: string,
): Promise<void> {
  let permit: Awaited<ReturnType<typeof takeAiCall>>;
  try {
    permit = await takeAiCall(deps.db, userId, deps.now?.() ?? new Date(), deps.rateLimits);
  } catch {
    throw new AiDraftError('limiter_unavailable');
  }
  if (!permit.allowed) throw new AiDraftError('rate_limited', permit.retryAfterSeconds);
}
