// Splitting a multi-post drafting request into calls short enough to answer within the timeout.
// At a typical 50–80 output tokens/s, one call for 15 posts × 4 networks (~10–16k tokens) takes
// minutes; calls of at most AI_CHUNK_OUTPUT_TOKENS (estimated) take seconds, and a few run at once.
import type { Platform } from '@pauta/core';
import { tokensPerPost } from './prompt.js';

/** Estimated output tokens one call may ask for (~20–40 s at 60–120 tok/s with the estimate's margin). */
export const AI_CHUNK_OUTPUT_TOKENS = 2_500;
/**
 * Calls to Anthropic in flight at once for one drafting request. 5, not 4: a 4-network theme is 15
 * one-post calls, so 3 even waves (~40 s at 60 tokens/s for real-size posts) instead of 4 (~55 s,
 * close to the request's 1.5 × ANTHROPIC_TIMEOUT_MS budget). Still small: Anthropic's per-minute
 * output-token limits count the calls together.
 */
export const AI_CHUNK_CONCURRENCY = 5;

/** One call: the posts `first`..`first + count − 1` (1-based slots) of the request. */
export interface Chunk {
  first: number;
  count: number;
}

/**
 * Splits `count` posts into as few calls as keep each within `budget` estimated output tokens
 * (at least one post per call), with sizes differing by at most one, in slot order.
 */
export function planChunks(
  count: number,
  platforms: readonly Platform[],
  budget: number = AI_CHUNK_OUTPUT_TOKENS,
): Chunk[] {
  if (count <= 0) return [];
  const perCall = Math.min(count, Math.max(1, Math.floor(budget / tokensPerPost(platforms))));
  const calls = Math.ceil(count / perCall);
  const size = Math.floor(count / calls);
  const larger = count % calls;
  const chunks: Chunk[] = [];
  let first = 1;
  for (let i = 0; i < calls; i += 1) {
    const chunkCount = size + (i < larger ? 1 : 0);
    chunks.push({ first, count: chunkCount });
    first += chunkCount;
  }
  return chunks;
}

/** `fn` over `items` with at most `limit` running at once; results in the items' order. */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, lane));
  return results;
}
