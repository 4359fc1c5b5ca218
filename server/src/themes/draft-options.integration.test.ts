// AI drafts and network options (docs/post-options.md "Posts made without Editar Post"): a theme's
// drafts are stored with {} on every network — the registry's defaults (Google Meu Negócio: a
// Novidade, no button) — and can be rescheduled at once, with no options_missing refusal. Real
// PostgreSQL over HTTP; without an AI key the drafts come from the local templates (same path).
import { type DbHandle, parseKeyring, upsertAccount } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle));
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

describe('network options of AI drafts', () => {
  it('stores the defaults ({}) and lets a Google Meu Negócio draft be rescheduled without Editar Post', async () => {
    const me = await signedInUser(handle, app.url, { label: 'rascunho-opcoes' });
    await upsertAccount(handle.db, parseKeyring(TEST_KEYS), {
      userId: me.id,
      platform: 'google_business',
      platformUserId: `gb-${me.id.slice(0, 8)}`,
      platformUsername: 'padaria',
      accountData: {},
      accessToken: 'token-de-teste',
      refreshToken: null,
      accessTokenExpiresAt: null,
    });
    const created = await me.browser.mutate<{ theme: { id: string }; outcome: { kind: string } }>(
      'themes.create',
      {
        name: 'Padaria',
        description: 'Pães e doces do dia',
        toneOfVoice: ['casual'],
        avoidTopics: [],
        socialNetworks: ['google_business', 'linkedin'],
        frequency: 'daily',
        colorPalette: 'green',
      },
    );
    expect(created.status, JSON.stringify(created.error)).toBe(200);
    const posts = await handle.db
      .selectFrom('suggested_posts')
      .select(['id', 'platform', 'network_options', 'scheduled_for'])
      .where('theme_id', '=', created.data!.theme.id)
      .execute();
    expect(posts.length).toBeGreaterThan(0);
    expect(new Set(posts.map((p) => p.platform))).toEqual(new Set(['google_business', 'linkedin']));
    for (const post of posts) expect(post.network_options).toEqual({});

    const google = posts.find((p) => p.platform === 'google_business')!;
    const moved = await me.browser.mutate<{ scheduledFor: string }>('posts.reschedule', {
      id: google.id,
      scheduledFor: new Date(google.scheduled_for!.getTime() + 3_600_000),
    });
    expect(moved.status, JSON.stringify(moved.error)).toBe(200);
  });
});
