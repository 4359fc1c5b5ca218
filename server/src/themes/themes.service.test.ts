// The fast tier of theme creation (docs/architecture.md, "Tests"): createThemeWithCalendar with an
// in-memory store, a scripted drafter and a recording queue, through its failure matrix in
// milliseconds. The real-service proofs (PostgreSQL, Redis, the AI simulator, over HTTP) stay in
// the integration tier (server/src/posts/posts.integration.test.ts, test/security, e2e).
import { randomUUID } from 'node:crypto';
import { AppError, dayKeyOf, type Platform, SETTING_KEYS, utcToZonedParts } from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import type { ThemeValues } from '@pauta/core/schemas/theme';
import type * as Db from '@pauta/db';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueGateway } from '../queue/queue-gateway.js';
import { createThemeWithCalendar, type DraftResult, POSTS_AT_CREATION } from './themes.service.js';

interface StoredPost {
  id: string;
  themeId: string;
  title: string;
  content: string;
  platform: Platform;
  scheduledFor: Date;
}

const store = vi.hoisted(() => ({
  themes: [] as { id: string; user_id: string }[],
  posts: [] as unknown[],
  settings: new Map<string, unknown>(),
  timeZone: 'America/Sao_Paulo',
  failInsertPosts: false,
}));
const stored = store.posts as StoredPost[];

vi.mock('@pauta/db', async (importOriginal) => {
  const original = await importOriginal<typeof Db>();
  const posts = store.posts as StoredPost[];
  const fake: Partial<typeof Db> = {
    lockWorkspaceForThemeCreation: async () => {},
    getNumberSetting: async (_db, key, fallback) => (store.settings.get(key) as number) ?? fallback,
    getSetting: async (_db, key) => store.settings.get(key) as Db.SettingValue | undefined,
    // The budget count (server/src/posts/budget.service.ts) over the stored posts: every one is
    // 'scheduled' here; per local day of the zone asked.
    countBudgetPostsByDay: async (_db, options) => {
      const days = new Map<string, number>();
      for (const post of posts)
        if (
          post.platform === options.platform &&
          post.scheduledFor >= options.from &&
          post.scheduledFor < options.before
        ) {
          const key = dayKeyOf(utcToZonedParts(post.scheduledFor, options.timeZone));
          days.set(key, (days.get(key) ?? 0) + 1);
        }
      return days;
    },
    // No account connected: a per-account budget counts the workspace's posts of the network.
    listActiveAccounts: async () => [],
    countThemes: async (_db, workspaceId) =>
      store.themes.filter((t) => (t as Db.Theme).workspace_id === workspaceId).length,
    insertTheme: async (_db, actor, fields) => {
      const { workspaceId, userId } = original.actorOf(actor);
      const theme = {
        id: randomUUID(),
        workspace_id: workspaceId,
        user_id: userId,
        name: fields.name,
        description: fields.description,
        tone_of_voice: fields.toneOfVoice,
        avoid_topics: fields.avoidTopics,
        social_networks: fields.socialNetworks,
        frequency: fields.frequency,
        color_palette: fields.colorPalette,
        created_at: new Date(),
        updated_at: new Date(),
      } as Db.Theme;
      store.themes.push(theme);
      return theme;
    },
    findProfile: async () => ({ timezone: store.timeZone }) as Db.Profile,
    latestScheduledFor: async (_db, themeId) => {
      const times = posts.filter((p) => p.themeId === themeId).map((p) => p.scheduledFor.getTime());
      return times.length ? new Date(Math.max(...times)) : null;
    },
    insertScheduledPosts: async (_db, { themeId, posts: rows }) => {
      if (store.failInsertPosts) throw new Error('connection terminated');
      return rows.map((row) => {
        const post = { id: randomUUID(), themeId, ...row };
        posts.push(post);
        return { id: post.id, version: 1, scheduled_for: row.scheduledFor, platform: row.platform };
      });
    },
  };
  return { ...original, ...fake };
});

const USER = randomUUID();
const NOW = new Date('2026-03-02T15:00:00Z'); // a Monday, 12:00 in São Paulo
const VALUES: ThemeValues = {
  name: 'Café especial',
  description: 'Grãos, torra e preparo',
  toneOfVoice: ['professional'],
  avoidTopics: [],
  socialNetworks: ['linkedin', 'x'],
  frequency: 'daily',
  colorPalette: 'blue',
} as ThemeValues;

let enqueued: WakeUp[];
let queueUp: boolean;
let generated: number[];

const queue = {
  isAvailable: () => queueUp,
  enqueuePublish: async (wakeUps: WakeUp[]) => {
    if (!queueUp) return 0;
    enqueued.push(...wakeUps);
    return wakeUps.length;
  },
} as unknown as QueueGateway;

function drafts(count: number, source: DraftResult['source'] = 'ai'): DraftResult {
  return {
    source,
    ...(source === 'templates' ? { fallbackReason: 'timeout' } : {}),
    posts: Array.from({ length: count }, (_, i) => ({
      title: `Post ${i + 1}`,
      content: `Texto ${i + 1}`,
      post_order: i + 1,
      platform: 'linkedin' as const,
    })),
  };
}

function create(generate: () => Promise<DraftResult>, values: ThemeValues = VALUES) {
  const db = { transaction: () => ({ execute: (fn: (trx: unknown) => unknown) => fn(db) }) };
  return createThemeWithCalendar(
    {
      db: db as unknown as Kysely<Db.Database>,
      queue,
      logger: pino({ level: 'silent' }),
      now: () => NOW,
      generate: async (_theme, count) => {
        generated.push(count);
        return generate();
      },
    },
    { workspaceId: USER, userId: USER, values },
  );
}

beforeEach(() => {
  store.themes.length = 0;
  stored.length = 0;
  store.settings.clear();
  store.timeZone = 'America/Sao_Paulo';
  store.failInsertPosts = false;
  enqueued = [];
  queueUp = true;
  generated = [];
});

describe('creating a theme', () => {
  it('asks for 15 drafts and schedules each once per network, daily at 10:00 in the owner zone', async () => {
    const { theme, outcome } = await create(async () => drafts(POSTS_AT_CREATION));
    expect(generated).toEqual([POSTS_AT_CREATION]);
    // 15 X posts on 15 days stay within X's default budget (17 a day, 1,500 a month).
    expect(outcome).toEqual({ kind: 'ai', postsCreated: POSTS_AT_CREATION * 2, budgetOverruns: [] });
    expect(stored.filter((p) => p.platform === 'linkedin')).toHaveLength(POSTS_AT_CREATION);
    expect(stored.filter((p) => p.platform === 'x')).toHaveLength(POSTS_AT_CREATION);
    const days = [...new Set(stored.map((p) => p.scheduledFor.toISOString()))].sort();
    expect(days).toHaveLength(POSTS_AT_CREATION);
    expect(new Date(days[0]!).getTime()).toBeGreaterThan(NOW.getTime());
    for (const day of days)
      expect(utcToZonedParts(new Date(day), 'America/Sao_Paulo')).toMatchObject({ hour: 10, minute: 0 });
    expect(enqueued.map((w) => w.id).sort()).toEqual(stored.map((p) => p.id).sort());
    expect(stored.every((p) => p.themeId === theme.id)).toBe(true);
  });

  it('schedules every post past a network budget all the same, and reports the periods over it', async () => {
    store.settings.set(SETTING_KEYS.networkBudgets, { x: { month: 10, day: 0, scope: 'user' } });
    const { outcome } = await create(async () => drafts(POSTS_AT_CREATION));
    // Daily from Tuesday 2026-03-03: the 15 X posts all fall in March, 5 past its budget of 10.
    expect(stored.filter((p) => p.platform === 'x')).toHaveLength(POSTS_AT_CREATION);
    expect(enqueued).toHaveLength(POSTS_AT_CREATION * 2);
    expect(outcome).toEqual({
      kind: 'ai',
      postsCreated: POSTS_AT_CREATION * 2,
      budgetOverruns: [
        // A stored 'user' (from before budgets per account) is read as 'account'.
        {
          platform: 'x',
          period: 'month',
          periodKey: '2026-03',
          scope: 'account',
          accountId: null,
          account: null,
          used: 15,
          budget: 10,
        },
      ],
    });
  });

  it('uses the owner time zone for the 10:00 slots', async () => {
    store.timeZone = 'Asia/Tokyo';
    await create(async () => drafts(3));
    for (const post of stored)
      expect(utcToZonedParts(post.scheduledFor, 'Asia/Tokyo')).toMatchObject({ hour: 10 });
  });

  it('says when the local templates stood in for the AI', async () => {
    const { outcome } = await create(async () => drafts(POSTS_AT_CREATION, 'templates'));
    expect(outcome).toEqual({
      kind: 'templates',
      postsCreated: POSTS_AT_CREATION * 2,
      reason: 'timeout',
      budgetOverruns: [],
    });
  });

  it('says how many posts came from the templates when only some AI calls failed (rows per network)', async () => {
    const { outcome } = await create(async () => ({
      ...drafts(POSTS_AT_CREATION, 'mixed'),
      fallbackReason: 'timeout',
      aiPosts: 13,
    }));
    expect(outcome).toEqual({
      kind: 'partial',
      postsCreated: POSTS_AT_CREATION * 2,
      fromTemplates: 2 * 2,
      reason: 'timeout',
      budgetOverruns: [],
    });
    expect(stored).toHaveLength(POSTS_AT_CREATION * 2);
  });

  it('stores on each network the body written for it (local templates)', async () => {
    await create(async () => {
      const result = drafts(2, 'templates');
      result.posts = result.posts.map((post) => ({
        ...post,
        variants: { x: `X ${post.title}`, linkedin: `LinkedIn ${post.title}` },
      }));
      return result;
    });
    expect(stored.filter((p) => p.platform === 'x').map((p) => p.content)).toEqual(['X Post 1', 'X Post 2']);
    expect(stored.filter((p) => p.platform === 'linkedin').map((p) => p.content)).toEqual([
      'LinkedIn Post 1',
      'LinkedIn Post 2',
    ]);
  });

  it('keeps the theme and reports it when drafting fails', async () => {
    const { theme, outcome } = await create(async () => {
      throw new Error('anthropic down');
    });
    expect(outcome).toEqual({ kind: 'suggestions_failed' });
    expect(store.themes.map((t) => t.id)).toEqual([theme.id]);
    expect(stored).toEqual([]);
    expect(enqueued).toEqual([]);
  });

  it('keeps the theme and reports it when no draft survived', async () => {
    const { outcome } = await create(async () => drafts(0));
    expect(outcome).toEqual({ kind: 'no_posts' });
    expect(stored).toEqual([]);
  });

  it('keeps the theme and reports it when the posts cannot be stored', async () => {
    store.failInsertPosts = true;
    const { outcome } = await create(async () => drafts(POSTS_AT_CREATION));
    expect(outcome).toEqual({ kind: 'suggestions_failed' });
    expect(store.themes).toHaveLength(1);
    expect(enqueued).toEqual([]);
  });

  it('stores the posts even with Redis away: the reconciler adds their wake-ups later', async () => {
    queueUp = false;
    const { outcome } = await create(async () => drafts(POSTS_AT_CREATION));
    expect(outcome).toEqual({ kind: 'ai', postsCreated: POSTS_AT_CREATION * 2, budgetOverruns: [] });
    expect(stored).toHaveLength(POSTS_AT_CREATION * 2);
    expect(enqueued).toEqual([]);
  });

  it('refuses past max_themes_per_user before saving or drafting anything', async () => {
    store.settings.set('max_themes_per_user', 1);
    await create(async () => drafts(1));
    const refused = await create(async () => drafts(1)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'THEME_LIMIT_REACHED', details: { max: 1 } });
    expect(store.themes).toHaveLength(1);
    expect(generated).toEqual([POSTS_AT_CREATION]);
  });
});
