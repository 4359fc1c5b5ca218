// Commemorative dates picked in the theme form reach the AI prompt (issue 30 item 9;
// docs/commemorative-dates.md): against the sandbox's Anthropic stand-in and real PostgreSQL.
import { randomUUID } from 'node:crypto';
import type { Platform } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { readPostsRequest, type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createAiClient } from './ai-client.js';
import { createDraftGenerator } from './draft-generator.js';
import { type GeneratePostsDeps, generatePosts, occasionSlots } from './generate-posts.js';

const HOST = 'api.anthropic.com';
const logger = pino({ level: 'silent' });

let handle: DbHandle;
let sandbox: SandboxHandle;
let app: { url: string; close(): Promise<void> };

function ai() {
  return createAiClient(
    {
      apiKey: `sk-ant-${randomUUID()}`,
      baseURL: `${sandbox.url}/${HOST}`,
      model: 'claude-sonnet-5-5',
      timeoutMs: 5000,
    },
    logger,
  );
}

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  app = await listen(testDeps(handle, { drafts: createDraftGenerator({ db: handle.db, logger, ai: ai() }) }));
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await handle?.close();
});
beforeEach(() => sandbox.reset());

const THEME = {
  name: 'Loja de café',
  description: 'Cafés especiais, métodos de preparo e presentes para quem ama café.',
  toneOfVoice: ['casual'],
  avoidTopics: [],
  socialNetworks: ['x', 'instagram', 'linkedin'] as Platform[],
};

const BLACK_FRIDAY = {
  name: 'Black Friday',
  date: '2026-11-27',
  description: 'A maior data de promoções do ano.',
};
const NATAL = { name: 'Natal', date: '2026-12-25', description: 'Presentes e mensagens.' };
const DIA_DAS_MAES = { name: 'Dia das Mães', date: '2027-05-09', description: 'Homenagens e presentes.' };

const aiRequests = () => sandbox.requests({ host: HOST, pathPrefix: '/v1/messages' });
const userMessage = (request: { body: unknown }) =>
  (request.body as { messages: { content: string }[] }).messages[0]!.content;

async function deps(overrides: Partial<GeneratePostsDeps> = {}): Promise<GeneratePostsDeps> {
  return { db: handle.db, logger, ai: ai(), random: () => 0.5, ...overrides };
}

describe('occasionSlots', () => {
  it('spreads the dates in date order over the series, earlier dates on earlier posts', () => {
    expect(occasionSlots([NATAL, BLACK_FRIDAY, DIA_DAS_MAES], 15).map((s) => [s.slot, s.date.name])).toEqual([
      [1, 'Black Friday'],
      [6, 'Natal'],
      [11, 'Dia das Mães'],
    ]);
    expect(occasionSlots([BLACK_FRIDAY], 5).map((s) => s.slot)).toEqual([1]);
    // More dates than posts: some share a post.
    expect(occasionSlots([BLACK_FRIDAY, NATAL, DIA_DAS_MAES], 2).map((s) => s.slot)).toEqual([1, 1, 2]);
    expect(occasionSlots([], 15)).toEqual([]);
  });
});

describe('the prompt', () => {
  it('carries the chosen dates, each on one post, and that post cites the date', async () => {
    const user = await makeUser(handle, 'dates');
    const result = await generatePosts(await deps(), {
      userId: user.id,
      theme: THEME,
      count: 2,
      mode: 'card',
      commemorativeDates: [BLACK_FRIDAY],
    });
    expect(result.source).toBe('ai');
    const [request, ...others] = aiRequests();
    expect(others).toHaveLength(0);
    const message = userMessage(request!);
    expect(message).toContain('"commemorative_dates"');
    expect(message).toContain('relaciona o tema a essa data comemorativa');
    expect(readPostsRequest(message)?.commemorative_dates).toEqual([
      { post_order: 1, name: 'Black Friday', date: '2026-11-27', why: 'A maior data de promoções do ano.' },
    ]);
    expect(result.posts[0]!.title).toMatch(/^Black Friday: /);
    expect(result.posts[1]!.title).not.toContain('Black Friday');
  });

  it('says nothing of dates when none was chosen', async () => {
    const user = await makeUser(handle, 'no-dates');
    await generatePosts(await deps(), { userId: user.id, theme: THEME, count: 2, mode: 'card' });
    const message = userMessage(aiRequests()[0]!);
    expect(message).not.toContain('commemorative_dates');
    expect(message).not.toContain('data comemorativa');
  });

  it('in chunks, each date goes to the one call that writes its post, numbered within that call', async () => {
    const user = await makeUser(handle, 'chunks');
    const result = await generatePosts(await deps(), {
      userId: user.id,
      theme: { ...THEME, socialNetworks: ['x', 'instagram', 'linkedin', 'facebook'] },
      count: 15,
      mode: 'creation',
      commemorativeDates: [DIA_DAS_MAES, BLACK_FRIDAY, NATAL],
    });
    expect(result).toMatchObject({ source: 'ai', aiPosts: 15 });
    const requests = aiRequests().map((r) => readPostsRequest(userMessage(r))!);
    expect(requests.length).toBeGreaterThan(1);
    const carried = requests
      .filter((r) => r.commemorative_dates !== undefined)
      .map((r) => ({
        first: r.part!.first,
        dates: r.commemorative_dates!.map((d) => [d.post_order, d.name]),
      }))
      .sort((a, b) => a.first - b.first);
    // Slots 1, 6 and 11 of the series (one post per call for 4 networks).
    expect(carried).toEqual([
      { first: 1, dates: [[1, 'Black Friday']] },
      { first: 6, dates: [[1, 'Natal']] },
      { first: 11, dates: [[1, 'Dia das Mães']] },
    ]);
    expect(
      result.posts
        .filter((p) => /^(Black Friday|Natal|Dia das Mães): /.test(p.title))
        .map((p) => p.post_order),
    ).toEqual([1, 6, 11]);
  });
});

describe('themes.create', () => {
  const input = {
    name: 'Café da loja',
    description: 'Cafés especiais e presentes',
    toneOfVoice: ['informative'],
    avoidTopics: [],
    socialNetworks: ['linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  };

  // The picked dates reaching the prompt and their posts' placement: server/src/themes/theme-dates.integration.test.ts.
  it('refuses an unknown date or too many, and creates nothing', async () => {
    const user = await signedInUser(handle, app.url, { label: 'create-bad-dates' });
    const count = async () =>
      Number(
        (
          await handle.db
            .selectFrom('themes')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', user.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const unknown = await user.browser.mutate('themes.create', {
      ...input,
      commemorativeDates: ['dia-do-nada-2026'],
    });
    expect(unknown.status).toBe(400);
    const many = await user.browser.mutate('themes.create', {
      ...input,
      commemorativeDates: Array.from({ length: 11 }, (_, i) => `natal-${2030 + i}`),
    });
    expect(many.status).toBe(400);
    expect(await count()).toBe(0);
    expect(aiRequests()).toHaveLength(0);
  });
});
