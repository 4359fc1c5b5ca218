// The rules that keep a cached session from outliving the row it copies (session-cache.ts).
import type { SessionRow } from '@pauta/db';
import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../cache/memory-cache.js';

const row = (id: string, userId = 'u1'): SessionRow => ({
  id,
  user_id: userId,
  secret_hash: new Uint8Array(32),
  persistent: true,
  created_at: new Date(0),
  last_verified_at: new Date(0),
  email: `${userId}@teste.pauta.dev`,
  timezone: 'America/Sao_Paulo',
});

describe('session cache', () => {
  it('keeps nothing and serves nothing until its notices are being received', () => {
    const cache = createMemoryCache();
    cache.put('s1', row('s1'), cache.ticket());
    expect(cache.get('s1')).toBeUndefined();
    cache.setLive(true);
    cache.put('s1', row('s1'), cache.ticket());
    expect(cache.get('s1')?.id).toBe('s1');
  });

  it('drops every copy when the notices stop, and keeps nothing until they are back', () => {
    const cache = createMemoryCache();
    cache.setLive(true);
    cache.put('s1', row('s1'), cache.ticket());
    cache.setLive(false);
    expect(cache.size).toBe(0);
    cache.put('s2', row('s2'), cache.ticket());
    expect(cache.get('s2')).toBeUndefined();
  });

  it('does not keep a row read while a notice arrived (a sign-out committed during the read)', () => {
    const cache = createMemoryCache();
    cache.setLive(true);
    const ticket = cache.ticket();
    // ... the read from PostgreSQL is under way; another process deletes the session:
    cache.apply('session:s1');
    cache.put('s1', row('s1'), ticket);
    expect(cache.get('s1')).toBeUndefined();
    // A read that began after the notice is kept.
    cache.put('s1', row('s1'), cache.ticket());
    expect(cache.get('s1')).toBeDefined();
  });

  it('a session notice drops that session; a user notice drops every session of that user', () => {
    const cache = createMemoryCache();
    cache.setLive(true);
    for (const [id, user] of [
      ['a1', 'ua'],
      ['a2', 'ua'],
      ['b1', 'ub'],
    ] as const)
      cache.put(id, row(id, user), cache.ticket());
    cache.apply('session:b1');
    expect(cache.get('b1')).toBeUndefined();
    expect(cache.get('a1')).toBeDefined();
    cache.apply('user:ua');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    // A setting's notice or an unknown one changes nothing here.
    cache.put('b2', row('b2', 'ub'), cache.ticket());
    cache.apply('setting:network_budgets');
    cache.apply('garbage');
    expect(cache.get('b2')).toBeDefined();
  });

  it('a copy is used for 30 s at most, however quiet the channel', () => {
    const cache = createMemoryCache();
    cache.setLive(true);
    cache.put('s1', row('s1'), cache.ticket(), 1_000);
    expect(cache.get('s1', 30_999)).toBeDefined();
    expect(cache.get('s1', 31_000)).toBeUndefined();
  });

  it('evict drops the copy and any read under way', () => {
    const cache = createMemoryCache();
    cache.setLive(true);
    const ticket = cache.ticket();
    cache.put('s1', row('s1'), cache.ticket());
    cache.evict('s1');
    expect(cache.get('s1')).toBeUndefined();
    cache.put('s1', row('s1'), ticket);
    expect(cache.get('s1')).toBeUndefined();
  });
});

describe('workspace memberships in memory (docs/workspaces.md)', () => {
  const WS = '11111111-1111-4111-8111-111111111111';
  const USER = '22222222-2222-4222-8222-222222222222';
  const member = { workspaceId: WS, role: 'editor' as const };

  it('serves a membership from memory until its member: notice, then reads it again', async () => {
    const cache = createMemoryCache();
    cache.setLive(true);
    let reads = 0;
    const load = async () => {
      reads++;
      return member;
    };
    await cache.membership(`${WS}:${USER}`, load);
    await cache.membership(`${WS}:${USER}`, load);
    await cache.membership(`default:${USER}`, load);
    expect(reads).toBe(2);
    // Removed (or its role changed) in another process: both of the person's copies go.
    cache.apply(`member:${WS}:${USER}`);
    await cache.membership(`${WS}:${USER}`, load);
    await cache.membership(`default:${USER}`, load);
    expect(reads).toBe(4);
  });

  it('never keeps "not a member" (a new membership is seen at once) nor anything without notices', async () => {
    const cache = createMemoryCache();
    cache.setLive(true);
    let reads = 0;
    const missing = async () => {
      reads++;
      return undefined;
    };
    await cache.membership(`${WS}:${USER}`, missing);
    await cache.membership(`${WS}:${USER}`, missing);
    expect(reads).toBe(2);
    cache.setLive(false);
    let live = 0;
    const found = async () => {
      live++;
      return member;
    };
    await cache.membership(`${WS}:${USER}`, found);
    await cache.membership(`${WS}:${USER}`, found);
    expect(live).toBe(2);
  });

  it('does not keep a membership read while a notice arrived', async () => {
    const cache = createMemoryCache();
    cache.setLive(true);
    let reads = 0;
    const load = async () => {
      reads++;
      // The removal commits while this read is under way.
      if (reads === 1) cache.apply(`member:${WS}:${USER}`);
      return member;
    };
    await cache.membership(`${WS}:${USER}`, load);
    await cache.membership(`${WS}:${USER}`, load);
    expect(reads).toBe(2);
  });
});
