import { describe, expect, it } from 'vitest';
import { derivedMetrics, SandboxPosts } from './posts.js';

describe('sandbox metrics grow with the time since publishing', () => {
  it('small at +15 min, more at +1 h, nearly final at +24 h; deterministic for the same age', () => {
    let now = Date.parse('2026-11-25T12:00:00Z');
    const posts = new SandboxPosts({ now: () => now });
    const post = posts.add({
      network: 'x',
      id: '1866000000000000001',
      authorId: 'a',
      text: 'oi',
      imageUrl: null,
    });
    const final = derivedMetrics(post.id);
    expect(posts.metrics(post.id).reach).toBe(0);
    const at = (minutes: number) => {
      now = Date.parse(post.createdAt) + minutes * 60_000;
      return posts.metrics(post.id);
    };
    const m15 = at(15);
    const h1 = at(60);
    const h24 = at(24 * 60);
    expect(m15.reach).toBeGreaterThan(0);
    expect(h1.reach).toBeGreaterThan(m15.reach);
    expect(h24.reach).toBeGreaterThan(h1.reach);
    expect(h24.reach).toBeLessThanOrEqual(final.reach);
    expect(h24.reach).toBeGreaterThan(final.reach * 0.95);
    expect(h1.likes).toBeGreaterThanOrEqual(m15.likes);
    expect(at(60)).toEqual(h1);
    // An override still wins (tests set exact numbers).
    posts.setMetrics({ platformPostId: post.id, reach: 5 });
    expect(posts.metrics(post.id).reach).toBe(5);
  });
});
