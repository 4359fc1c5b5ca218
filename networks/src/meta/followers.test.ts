import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowersUnavailableError } from '../descriptor.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { fetchFacebookFollowers, fetchInstagramFollowers } from './followers.js';

const answer =
  (status: number, body: unknown): typeof globalThis.fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('Facebook Page and Instagram follower counts (Graph followers_count)', () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it("reads the Page's followers_count with its Page token, as the Graph object answers it", async () => {
    const user = sandbox.issueToken({ network: 'facebook' });
    const pageId = user.pages[0]!.id;
    const page = sandbox.issueToken({ network: 'facebook', pageId });
    const fetch = createNetworkFetch(sandbox.url);
    const count = await fetchFacebookFollowers(
      { accessToken: page.accessToken, platformUserId: pageId },
      { fetch },
    );
    const direct = (await (
      await fetch(`https://graph.facebook.com/v21.0/${pageId}?fields=followers_count`, {
        headers: { Authorization: `Bearer ${page.accessToken}` },
      })
    ).json()) as { followers_count: number };
    expect(count).toBe(direct.followers_count);
    expect(count).toBeGreaterThan(0);
  });

  it("reads the Instagram account's followers_count", async () => {
    const user = sandbox.issueToken({ network: 'facebook' });
    const igId = user.pages[0]!.instagramAccountId!;
    const count = await fetchInstagramFollowers(
      { accessToken: user.accessToken, platformUserId: igId },
      { fetch: createNetworkFetch(sandbox.url) },
    );
    expect(count).toBe(200 + (Number(igId.slice(-6)) % 5000));
  });

  it('refuses a token that cannot see the Page, with the status', async () => {
    const error = await fetchFacebookFollowers(
      { accessToken: 'not-a-token', platformUserId: '1' },
      { fetch: createNetworkFetch(sandbox.url) },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FollowersUnavailableError);
    expect((error as FollowersUnavailableError).status).toBeGreaterThanOrEqual(400);
  });

  it('answers null when the count is left out, and no status when Graph cannot be reached', async () => {
    expect(
      await fetchInstagramFollowers(
        { accessToken: 't', platformUserId: '1' },
        { fetch: answer(200, { id: '1' }) },
      ),
    ).toBeNull();
    const unreachable: typeof globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await fetchInstagramFollowers(
      { accessToken: 't', platformUserId: '1' },
      { fetch: unreachable },
    ).catch((e: unknown) => e);
    expect((error as FollowersUnavailableError).status).toBeNull();
  });
});
