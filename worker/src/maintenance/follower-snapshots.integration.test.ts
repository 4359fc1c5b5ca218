// The daily follower snapshot against real PostgreSQL and the networks' sandbox (issue 27 item 1):
// one row per account per day even when two workers take it at the same moment; a second pass the
// same day reads no network; a read that failed is taken by the next pass, also by a new process
// (a restart); the next day gets its own row. Its own database: a pass reads every account.
import { createDb, createUser, type DbHandle, parseKeyring, upsertAccount } from '@pauta/db';
import { createNetworkFetch } from '@pauta/networks';
import { type SandboxHandle, startSandbox } from '@pauta/networks/sandbox';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb, uniqueEmail } from '../../../test/harness.js';
import { TEST_KEYS } from '../../../test/server-harness.js';
import { snapshotDay, takeFollowerSnapshots } from './follower-snapshots.js';

const keyring = parseKeyring(TEST_KEYS);
const logger = pino({ level: 'silent' });
const DAY = 86_400_000;

let iso: Awaited<ReturnType<typeof isolatedDb>>;
let second: DbHandle;
let sandbox: SandboxHandle;
let workspaceId: string;
const ids: { x: string; facebook: string } = { x: '', facebook: '' };
let pageFollowers = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  iso = await isolatedDb();
  // A second pool on the same database: a second worker process.
  second = await createDb({ databaseUrl: iso.url, poolSize: 2 });
  const user = await createUser(iso.handle.db, {
    email: uniqueEmail('followers'),
    passwordHash: null,
    firstName: 'Ana',
    timezone: 'America/Sao_Paulo',
  });
  workspaceId = user.id;
  const xToken = sandbox.issueToken({ network: 'x' });
  ids.x = await upsertAccount(iso.handle.db, keyring, {
    userId: user.id,
    platform: 'x',
    platformUserId: xToken.platformUserId,
    platformUsername: 'ana',
    accountData: { name: 'Ana' },
    accessToken: xToken.accessToken,
    refreshToken: null,
    accessTokenExpiresAt: new Date(Date.now() + 30 * DAY),
  }).then((a) => a.id);
  const fbUser = sandbox.issueToken({ network: 'facebook' });
  const pageId = fbUser.pages[0]!.id;
  const page = sandbox.issueToken({ network: 'facebook', pageId });
  ids.facebook = await upsertAccount(iso.handle.db, keyring, {
    userId: user.id,
    platform: 'facebook',
    platformUserId: pageId,
    platformUsername: 'Página da Ana',
    accountData: { name: 'Página da Ana' },
    accessToken: page.accessToken,
    refreshToken: null,
    accessTokenExpiresAt: null,
  }).then((a) => a.id);
  const answer = await createNetworkFetch(sandbox.url)(
    `https://graph.facebook.com/v21.0/${pageId}?fields=followers_count`,
    { headers: { Authorization: `Bearer ${page.accessToken}` } },
  );
  pageFollowers = ((await answer.json()) as { followers_count: number }).followers_count;
});
afterAll(async () => {
  await second?.close();
  await iso?.drop();
  await sandbox?.close();
});

const pass = (handle: DbHandle, now: Date) =>
  takeFollowerSnapshots({
    db: handle.db,
    keyring,
    logger,
    oauth: () => null,
    now: () => now,
    fetch: createNetworkFetch(sandbox.url),
  });

async function rows() {
  return iso.handle.db
    .selectFrom('account_follower_snapshots')
    .select(['connected_account_id', 'platform', 'day', 'followers', 'workspace_id', 'source'])
    .orderBy('day')
    .orderBy('platform')
    .execute();
}

const followerReads = () =>
  sandbox.requests().filter((r) => r.path === '/2/users/me' || r.query.fields === 'followers_count').length;

describe('daily follower snapshots', () => {
  // 22:30 in São Paulo on 10 Nov is already 11 Nov in UTC: the day is the manager's.
  const day1 = new Date('2026-11-11T01:30:00Z');

  it('the day is the calendar day in America/Sao_Paulo', () => {
    expect(snapshotDay(day1)).toBe('2026-11-10');
    expect(snapshotDay(new Date('2026-11-11T02:59:00Z'))).toBe('2026-11-10');
    expect(snapshotDay(new Date('2026-11-11T03:00:00Z'))).toBe('2026-11-11');
  });

  it('two workers at the same moment write one row per account, with the counts the networks give', async () => {
    const [a, b] = await Promise.all([pass(iso.handle, day1), pass(second, day1)]);
    expect(a.taken + b.taken).toBe(2);
    expect(a.failed + b.failed).toBe(0);
    expect(await rows()).toEqual([
      {
        connected_account_id: ids.facebook,
        platform: 'facebook',
        day: '2026-11-10',
        followers: pageFollowers,
        workspace_id: workspaceId,
        source: 'daily',
      },
      {
        connected_account_id: ids.x,
        platform: 'x',
        day: '2026-11-10',
        followers: 128,
        workspace_id: workspaceId,
        source: 'daily',
      },
    ]);
  });

  it('a later pass the same day reads no network and writes nothing', async () => {
    const before = followerReads();
    const report = await pass(iso.handle, new Date(day1.getTime() + 60 * 60_000));
    expect(report).toEqual({ taken: 0, already: 0, unavailable: 0, failed: 0 });
    expect(followerReads()).toBe(before);
    expect(await rows()).toHaveLength(2);
  });

  it('a failed read is taken again by the next pass, also after a restart, once', async () => {
    const day2 = new Date(day1.getTime() + DAY);
    sandbox.addFault({ host: 'api.twitter.com', pathPrefix: '/2/users/me', status: 503, times: 1 });
    const failing = await pass(iso.handle, day2);
    expect(failing).toMatchObject({ taken: 1, failed: 1 });
    expect((await rows()).filter((r) => r.day === '2026-11-11').map((r) => r.platform)).toEqual(['facebook']);

    // A new process (its own pool) an hour later: only the missing account is read.
    const restarted = await createDb({ databaseUrl: iso.url, poolSize: 1 });
    try {
      const before = followerReads();
      const retry = await pass(restarted, new Date(day2.getTime() + 60 * 60_000));
      expect(retry).toEqual({ taken: 1, already: 0, unavailable: 0, failed: 0 });
      expect(followerReads()).toBe(before + 1);
    } finally {
      await restarted.close();
    }
    const day2Rows = (await rows()).filter((r) => r.day === '2026-11-11');
    expect(day2Rows.map((r) => [r.platform, r.followers])).toEqual([
      ['facebook', pageFollowers],
      ['x', 128],
    ]);
    expect(await rows()).toHaveLength(4);
  });

  it('a disconnected account is no longer read, and keeps its history', async () => {
    await iso.handle.db
      .updateTable('connected_accounts')
      .set({ is_active: false })
      .where('id', '=', ids.x)
      .execute();
    const day3 = new Date(day1.getTime() + 2 * DAY);
    expect(await pass(iso.handle, day3)).toMatchObject({ taken: 1, failed: 0 });
    const all = await rows();
    expect(all.filter((r) => r.connected_account_id === ids.x).map((r) => r.day)).toEqual([
      '2026-11-10',
      '2026-11-11',
    ]);
  });
});
