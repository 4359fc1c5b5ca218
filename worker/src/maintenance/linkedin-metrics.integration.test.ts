// LinkedIn metrics through the real path (issue 13): the worker's clients built from env, the
// LinkedIn adapter against the sandbox's memberCreatorPostAnalytics, and syncMetrics storing the
// numbers. With LINKEDIN_POST_ANALYTICS off nothing is asked and the post keeps nulls.
import { type DbHandle, insertTheme, parseKeyring, upsertAccount } from '@pauta/db';
import { createNetworkClients } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, makeUser } from '../../../test/harness.js';
import { createLogger } from '../logger.js';
import { syncMetrics } from './metrics-sync.js';

let handle: DbHandle;
let drop: () => Promise<void>;
let sandbox: SandboxHandle;
let clock = Date.now();
beforeAll(async () => {
  ({ handle, drop } = await isolatedDb());
  sandbox = await startSandbox({ now: () => clock });
});
afterAll(async () => {
  await sandbox.close();
  await drop();
});

const keyring = parseKeyring(`t1:${Buffer.alloc(32, 7).toString('base64')}`);
const logger = createLogger({ level: 'silent', pretty: false });
const ANALYTICS_SCOPES = ['openid', 'profile', 'email', 'w_member_social', 'r_member_postAnalytics'];

/** A LinkedIn account connected with `scopes` and one post published on the sandbox. */
async function linkedinPost(scopes: string[], analytics: boolean) {
  const issued = sandbox.issueToken({ network: 'linkedin', scopes });
  const clients = createNetworkClients({
    env: { SOCIAL_SANDBOX_URL: sandbox.url, LINKEDIN_POST_ANALYTICS: analytics },
    appUrl: 'http://localhost:3000',
    timeoutMs: 5000,
  });
  const adapter = clients.adapter('linkedin')!;
  const target = { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
  const { platformPostId, url } = await adapter.publish({ target, title: 't', text: `Olá ${Math.random()}` });
  const user = await makeUser(handle, 'li-metrics');
  const account = await upsertAccount(handle.db, keyring, {
    userId: user.id,
    platform: 'linkedin',
    platformUserId: issued.platformUserId,
    platformUsername: 'teste',
    accountData: { scopes },
    accessToken: issued.accessToken,
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  const theme = await insertTheme(handle.db, user.id, {
    name: 'Tema',
    description: 'Descrição',
    toneOfVoice: ['professional'],
    avoidTopics: [],
    socialNetworks: ['linkedin'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const post = await handle.db
    .insertInto('published_posts')
    .values({
      user_id: user.id,
      theme_id: theme.id,
      connected_account_id: account.id,
      title: 't',
      content: 'c',
      platform: 'linkedin',
      platform_post_id: platformPostId,
      url,
      published_at: new Date(clock),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
  const sync = () =>
    syncMetrics({
      db: handle.db,
      keyring,
      logger,
      adapter: clients.adapter,
      oauth: clients.oauth,
      now: () => new Date(clock),
      workspaceId: user.id,
      staleAfterMs: 0,
    });
  const stored = () =>
    handle.db
      .selectFrom('published_posts')
      .select(['reach', 'likes_count', 'comments_count', 'metrics_updated_at'])
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
  return { platformPostId, sync, stored };
}

describe('LinkedIn metrics sync', () => {
  it('LINKEDIN_POST_ANALYTICS on: stores the numbers LinkedIn reports, and they grow', async () => {
    const { platformPostId, sync, stored } = await linkedinPost(ANALYTICS_SCOPES, true);
    clock += 60 * 60_000;
    expect(await sync()).toEqual({ updated: 1, failed: 0 });
    const first = await stored();
    const network = sandbox.control.postMetrics(platformPostId);
    expect(first).toMatchObject({
      reach: network.reach,
      likes_count: network.likes,
      comments_count: network.comments,
    });
    expect(first.reach).toBeGreaterThan(0);
    clock += 12 * 60 * 60_000;
    await sync();
    expect((await stored()).reach!).toBeGreaterThan(first.reach!);
  });

  it('off: no analytics call, the post keeps nulls', async () => {
    const { sync, stored } = await linkedinPost(ANALYTICS_SCOPES, false);
    sandbox.clearRequests();
    await sync();
    expect(
      sandbox.requests({ host: 'api.linkedin.com', pathPrefix: '/rest/memberCreatorPostAnalytics' }),
    ).toEqual([]);
    expect(await stored()).toMatchObject({ reach: null, likes_count: null, comments_count: null });
  });

  it('on, but the account lacks the scope: counted as failed, nothing stored as 0', async () => {
    const { sync, stored } = await linkedinPost(['openid', 'profile', 'email', 'w_member_social'], true);
    expect(await sync()).toEqual({ updated: 0, failed: 1 });
    expect(await stored()).toMatchObject({ reach: null, likes_count: null, metrics_updated_at: null });
  });
});
