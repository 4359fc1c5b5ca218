// When an open list keeps asking the server for news: while the worker may still change a post.
import { describe, expect, it } from 'vitest';
import { hasPublishing, RECENT_FLAG_MS } from './usePostsList';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const at = (msAgo: number) => new Date(NOW - msAgo);

describe('hasPublishing', () => {
  it('watches a post being published', () => {
    expect(hasPublishing([{ status: 'publishing', updatedAt: at(3_600_000) }], NOW)).toBe(true);
  });

  it('watches a post flagged Precisa de atenção a moment ago: its late answer may still publish it', () => {
    expect(hasPublishing([{ status: 'needs_attention', updatedAt: at(60_000) }], NOW)).toBe(true);
  });

  it('stops watching once the flag is old, and never watches settled posts', () => {
    expect(hasPublishing([{ status: 'needs_attention', updatedAt: at(RECENT_FLAG_MS + 1) }], NOW)).toBe(
      false,
    );
    expect(
      hasPublishing(
        [
          { status: 'scheduled', updatedAt: at(0) },
          { status: 'published', updatedAt: at(0) },
          { status: 'failed', updatedAt: at(0) },
        ],
        NOW,
      ),
    ).toBe(false);
    expect(hasPublishing(undefined, NOW)).toBe(false);
  });
});
