import { PLATFORMS, type Platform } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { AI_CHUNK_OUTPUT_TOKENS, mapWithConcurrency, planChunks } from './chunks.js';
import { buildUserMessage, maxTokensFor, POST_ANGLES, tokensPerPost } from './prompt.js';
import { templatePosts } from './templates.js';

const NETWORK_SETS: Platform[][] = [
  ['x'],
  ['linkedin'],
  ['x', 'linkedin'],
  ['x', 'instagram', 'linkedin'],
  [...PLATFORMS],
];

function slots(chunks: { first: number; count: number }[]): number[] {
  return chunks.flatMap((c) => Array.from({ length: c.count }, (_, i) => c.first + i));
}

describe('planChunks', () => {
  it.each(NETWORK_SETS)(
    'covers slots 1..n once, in order, each call within the budget (%s…)',
    (...platforms) => {
      for (const count of [1, 5, 15]) {
        const chunks = planChunks(count, platforms);
        expect(slots(chunks)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
        const sizes = chunks.map((c) => c.count);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        for (const chunk of chunks) {
          expect(chunk.count).toBeGreaterThan(0);
          // At least one post per call, else never over the budget.
          if (chunk.count > 1)
            expect(chunk.count * tokensPerPost(platforms)).toBeLessThanOrEqual(AI_CHUNK_OUTPUT_TOKENS);
        }
        // As few calls as the budget allows.
        const perCall = Math.max(1, Math.floor(AI_CHUNK_OUTPUT_TOKENS / tokensPerPost(platforms)));
        expect(chunks).toHaveLength(Math.ceil(count / perCall));
      }
    },
  );

  it('splits theme creation by what each post costs: 15 posts × 4 networks are 15 calls, X only 2', () => {
    expect(planChunks(15, [...PLATFORMS]).map((c) => c.count)).toEqual(Array(15).fill(1));
    expect(planChunks(15, ['x', 'instagram', 'linkedin']).map((c) => c.count)).toEqual([
      2, 2, 2, 2, 2, 2, 2, 1,
    ]);
    expect(planChunks(15, ['x']).map((c) => c.count)).toEqual([8, 7]);
    // A single request for 15 posts × every network would need far more than the 16k cap; each
    // call ~4.6k (twelve networks, five of them long-form: LinkedIn, its Pages, Facebook, Google
    // Meu Negócio, YouTube's description), still far below the cap.
    expect(maxTokensFor(15, [...PLATFORMS])).toBe(16_000);
    expect(maxTokensFor(1, [...PLATFORMS])).toBeLessThan(5_000);
  });

  it('makes one call when the budget is unlimited, none for no posts', () => {
    expect(planChunks(15, [...PLATFORMS], Number.POSITIVE_INFINITY)).toEqual([{ first: 1, count: 15 }]);
    expect(planChunks(0, ['x'])).toEqual([]);
  });
});

describe('mapWithConcurrency', () => {
  it('keeps the order of the items and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const delays = [30, 5, 20, 1, 15, 2, 8, 1, 1, 12];
    const results = await mapWithConcurrency(delays, 4, async (ms, i) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      return i * 10;
    });
    expect(results).toEqual(delays.map((_, i) => i * 10));
    expect(peak).toBe(4);
  });

  it('handles fewer items than lanes, and none', async () => {
    expect(await mapWithConcurrency([1, 2], 4, async (n) => n + 1)).toEqual([2, 3]);
    expect(await mapWithConcurrency([], 4, async (n: number) => n)).toEqual([]);
  });
});

describe('the request of one chunk', () => {
  const base = {
    themeName: 'Café',
    themeDescription: 'Grãos e preparo',
    tones: ['casual'] as const,
    avoidTopics: [],
    platforms: [...PLATFORMS],
  };
  const blockOf = (text: string) =>
    JSON.parse(text.slice(text.indexOf('<posts_request>') + 15, text.indexOf('</posts_request>')));

  it('says which slots of the series it writes and gives each slot its own angle', () => {
    const chunks = planChunks(15, ['x', 'instagram', 'linkedin']);
    const blocks = chunks.map((chunk) =>
      blockOf(buildUserMessage({ ...base, count: chunk.count, part: { first: chunk.first, total: 15 } })),
    );
    expect(blocks[1]).toMatchObject({ count: 2, part: { first: 3, last: 4, total: 15 } });
    const angles = blocks.flatMap((b) => b.angles as string[]);
    expect(angles).toHaveLength(15);
    expect(new Set(angles).size).toBe(15);
    expect(angles).toEqual(POST_ANGLES.slice(0, 15));
    const text = buildUserMessage({ ...base, count: 2, part: { first: 3, total: 15 } });
    expect(text).toContain('os posts 3 a 4 de uma série de 15');
  });

  it('is the plain request when there is a single call', () => {
    const block = blockOf(buildUserMessage({ ...base, count: 5 }));
    expect(block).not.toHaveProperty('part');
    expect(block).not.toHaveProperty('angles');
  });
});

describe('templates for part of a request', () => {
  it('write the slots they stand in for, as the whole series would', () => {
    const input = {
      themeName: 'Café',
      themeDescription: 'Grãos.',
      platforms: ['x'] as Platform[],
      random: () => 0,
    };
    const whole = templatePosts({ ...input, count: 7 });
    const part = templatePosts({ ...input, count: 3, first: 5 });
    expect(part).toEqual(whole.slice(4, 7));
    expect(part.map((p) => p.post_order)).toEqual([5, 6, 7]);
  });
});
