// Commemorative dates stored with the theme (docs/commemorative-dates.md, "Stored with the theme"):
// themes.create / update / get keep them, "Gerar 5 Posts" passes those of its period to the AI,
// and each date's post is scheduled on the last slot at or before the date. Real PostgreSQL and
// the sandbox's Anthropic stand-in; the dates are computed from today in São Paulo (no fixed day).
import { randomUUID } from 'node:crypto';
import {
  type CommemorativeDate,
  commemorativeDatesBetween,
  type Frequency,
  findCommemorativeDate,
  nextSlots,
  utcToZonedParts,
} from '@pauta/core';
import { type DbHandle, insertTheme } from '@pauta/db';
import { readPostsRequest, type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';
import { createAiClient } from '../ai/ai-client.js';
import { createDraftGenerator } from '../ai/draft-generator.js';
import { placeCommemorativeDates } from './themes.service.js';

const HOST = 'api.anthropic.com';
const SP = 'America/Sao_Paulo';
const logger = pino({ level: 'silent' });

let handle: DbHandle;
let sandbox: SandboxHandle;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  handle = await testDb();
  sandbox = await startSandbox();
  const ai = createAiClient(
    {
      apiKey: `sk-ant-${randomUUID()}`,
      baseURL: `${sandbox.url}/${HOST}`,
      model: 'claude-sonnet-5-5',
      timeoutMs: 5000,
    },
    logger,
  );
  app = await listen(testDeps(handle, { drafts: createDraftGenerator({ db: handle.db, logger, ai }) }));
});
afterAll(async () => {
  await app?.close();
  await sandbox?.close();
  await handle?.close();
});
beforeEach(() => sandbox.reset());

const aiRequests = () =>
  sandbox
    .requests({ host: HOST, pathPrefix: '/v1/messages' })
    .map((r) => readPostsRequest((r.body as { messages: { content: string }[] }).messages[0]!.content)!);

const iso = (date: Date, timeZone = SP) => {
  const { year, month, day } = utcToZonedParts(date, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
const parts = (isoDate: string) => {
  const [year, month, day] = isoDate.split('-').map(Number);
  return { year: year!, month: month!, day: day! };
};

/** The days of the next `count` slots of a theme with no posts yet, and the dates between them. */
function period(frequency: Frequency, count: number) {
  const days = nextSlots({ frequency, count, timeZone: SP, after: new Date() }).map((d) => iso(d));
  const dates = commemorativeDatesBetween(parts(days[0]!), parts(days.at(-1)!));
  return { days, dates };
}
/** The rule: the last slot day on or before the date (1-based). */
const expectedSlot = (days: string[], date: CommemorativeDate) =>
  days.findLastIndex((day) => day <= date.isoDate) + 1;

/** Up to `max` dates of the period, on distinct slots (one date per post, so the titles are unambiguous). */
function distinctSlots(days: string[], dates: CommemorativeDate[], max: number) {
  const seen = new Set<number>();
  return dates.filter((date) => {
    const slot = expectedSlot(days, date);
    if (seen.has(slot) || seen.size >= max) return false;
    seen.add(slot);
    return true;
  });
}

const input = {
  name: 'Café da loja',
  description: 'Cafés especiais e presentes',
  toneOfVoice: ['informative'],
  avoidTopics: [],
  socialNetworks: ['linkedin'],
  frequency: 'weekly',
  colorPalette: 'blue',
};

describe('placeCommemorativeDates', () => {
  const at = (isoDate: string) => new Date(`${isoDate}T13:00:00Z`); // 10:00 in São Paulo
  const date = (key: string) => findCommemorativeDate(key)!;

  it('daily: the date itself; weekly: the last slot on or before it; outside the period: left out', () => {
    const daily = ['2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26'].map(at);
    expect(placeCommemorativeDates([date('natal-2026')], daily, SP).map((o) => o.slot)).toEqual([3]);
    const weekly = ['2026-12-03', '2026-12-10', '2026-12-17', '2026-12-24', '2026-12-31'].map(at);
    expect(
      placeCommemorativeDates(
        [date('reveillon-2026'), date('natal-2026'), date('confraternizacao-universal-2027')],
        weekly,
        SP,
      ).map((o) => [o.slot, o.date.key]),
    ).toEqual([
      [4, 'natal-2026'],
      [5, 'reveillon-2026'],
    ]);
    // Before the first slot (Black Friday 27/11) or after the last: no post for it.
    expect(placeCommemorativeDates([date('black-friday-2026')], weekly, SP)).toEqual([]);
    expect(placeCommemorativeDates([date('natal-2026')], [], SP)).toEqual([]);
  });

  it('reads the slot days in the owner zone', () => {
    // 02:30 UTC on the 26th is still the 25th in São Paulo, already the 26th in Lisbon.
    const slots = [new Date('2026-12-24T02:30:00Z'), new Date('2026-12-26T02:30:00Z')];
    expect(placeCommemorativeDates([date('natal-2026')], slots, SP).map((o) => o.slot)).toEqual([2]);
    expect(placeCommemorativeDates([date('natal-2026')], slots, 'Europe/Lisbon').map((o) => o.slot)).toEqual([
      1,
    ]);
  });
});

describe('stored with the theme', () => {
  it('themes.create keeps the keys, themes.get returns them, themes.update replaces or keeps them', async () => {
    const user = await signedInUser(handle, app.url, { label: 'store-dates' });
    const { dates } = period('monthly', 3);
    const keys = dates.slice(0, 2).map((d) => d.key);
    const created = await user.browser.mutate<{ theme: { id: string } }>('themes.create', {
      ...input,
      commemorativeDates: keys,
    });
    expect(created.status).toBe(200);
    const id = created.data!.theme.id;
    const get = async () =>
      (await user.browser.query<{ commemorativeDates: string[] }>('themes.get', { id })).data!
        .commemorativeDates;
    expect(await get()).toEqual(keys);

    // Editar Tema without the field (an older client): unchanged.
    expect((await user.browser.mutate('themes.update', { ...input, id, name: 'Outro nome' })).status).toBe(
      200,
    );
    expect(await get()).toEqual(keys);
    const updated = await user.browser.mutate<{ commemorativeDates: string[] }>('themes.update', {
      ...input,
      id,
      commemorativeDates: [keys[0]!, 'natal-2030'],
    });
    expect(updated.data?.commemorativeDates).toEqual([keys[0], 'natal-2030']);
    expect(await get()).toEqual([keys[0], 'natal-2030']);

    // An unknown key or more than 10: 400, nothing changes (not even the name).
    const bad = await user.browser.mutate('themes.update', {
      ...input,
      id,
      name: 'Não deve salvar',
      commemorativeDates: ['dia-do-nada-2026'],
    });
    expect(bad.status).toBe(400);
    const many = await user.browser.mutate('themes.update', {
      ...input,
      id,
      name: 'Não deve salvar',
      commemorativeDates: Array.from({ length: 11 }, (_, i) => `natal-${2030 + i}`),
    });
    expect(many.status).toBe(400);
    expect(await get()).toEqual([keys[0], 'natal-2030']);
    const row = await handle.db
      .selectFrom('themes')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(input.name);

    expect(
      (await user.browser.mutate('themes.update', { ...input, id, commemorativeDates: [] })).status,
    ).toBe(200);
    expect(await get()).toEqual([]);
  });
});

describe('placement at creation', () => {
  it('schedules each date post on the last weekly slot on or before the date', async () => {
    const user = await signedInUser(handle, app.url, { label: 'place-dates' });
    const { days, dates } = period('weekly', 15);
    const picked = distinctSlots(days, dates, 3);
    expect(picked.length).toBeGreaterThan(0);
    const created = await user.browser.mutate<{ theme: { id: string } }>('themes.create', {
      ...input,
      commemorativeDates: picked.map((d) => d.key),
    });
    expect(created.status).toBe(200);
    // The prompt carried them (numbered within each call), with their name, day and why.
    expect(
      aiRequests()
        .flatMap((r) => r.commemorative_dates ?? [])
        .map((d) => [d.name, d.date, d.why])
        .sort(),
    ).toEqual(picked.map((d) => [d.name, d.isoDate, d.description]).sort());
    const posts = await handle.db
      .selectFrom('suggested_posts')
      .select(['title', 'post_order', 'scheduled_for'])
      .where('theme_id', '=', created.data!.theme.id)
      .orderBy('post_order')
      .execute();
    expect(posts).toHaveLength(15);
    expect(posts.map((p) => iso(p.scheduled_for!))).toEqual(days);
    for (const date of picked) {
      const post = posts.filter((p) => p.title.startsWith(`${date.name}: `));
      expect(post, date.key).toHaveLength(1);
      const day = iso(post[0]!.scheduled_for!);
      expect(day <= date.isoDate).toBe(true);
      expect(day).toBe(days[expectedSlot(days, date) - 1]);
    }
  });
});

describe('Gerar 5 Posts', () => {
  it('sends the stored dates of the next 5 slots to the AI, each on its slot, and no other', async () => {
    const user = await signedInUser(handle, app.url, { label: 'generate-dates' });
    const { days, dates } = period('monthly', 5);
    const inside = distinctSlots(days, dates, 3);
    expect(inside.length).toBeGreaterThan(0);
    // A stored date years away (outside the 5 slots) does not go.
    const theme = await insertTheme(handle.db, user.id, {
      name: 'Café da loja',
      description: 'Cafés especiais e presentes',
      toneOfVoice: ['informative'],
      avoidTopics: [],
      socialNetworks: ['linkedin'],
      frequency: 'monthly',
      colorPalette: 'blue',
      commemorativeDates: [...inside.map((d) => d.key), 'natal-2030'],
    });
    const result = await user.browser.mutate<{ drafts: { title: string; post_order: number }[] }>(
      'themes.generateDrafts',
      { themeId: theme.id, mode: 'card' },
    );
    expect(result.status).toBe(200);
    // Numbered within each call: the series' post is the call's first post + post_order - 1.
    const sent = aiRequests().flatMap((r) =>
      (r.commemorative_dates ?? []).map((d) => ({
        ...d,
        post_order: (r.part?.first ?? 1) + d.post_order - 1,
      })),
    );
    expect(sent.map((d) => [d.post_order, d.name, d.date])).toEqual(
      inside.map((d) => [expectedSlot(days, d), d.name, d.isoDate]),
    );
    for (const date of inside) {
      const title = result.data!.drafts[expectedSlot(days, date) - 1]!.title;
      expect(title.startsWith(`${date.name}: `), title).toBe(true);
    }
  });

  it('sends no dates when the theme has none', async () => {
    const user = await signedInUser(handle, app.url, { label: 'generate-none' });
    const theme = await insertTheme(handle.db, user.id, {
      name: 'Café da loja',
      description: 'Cafés especiais e presentes',
      toneOfVoice: ['informative'],
      avoidTopics: [],
      socialNetworks: ['linkedin'],
      frequency: 'monthly',
      colorPalette: 'blue',
    });
    expect(
      (await user.browser.mutate('themes.generateDrafts', { themeId: theme.id, mode: 'card' })).status,
    ).toBe(200);
    expect(aiRequests().flatMap((r) => r.commemorative_dates ?? [])).toEqual([]);
  });
});
