import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FollowersUnavailableError } from '../descriptor.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { fetchXFollowers } from './followers.js';

const answer =
  (status: number, body: unknown): typeof globalThis.fetch =>
  async () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('X follower count', () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('reads public_metrics.followers_count of the connected user from the sandbox', async () => {
    const { accessToken } = sandbox.issueToken({ network: 'x' });
    const count = await fetchXFollowers(
      { accessToken, platformUserId: 'me' },
      { fetch: createNetworkFetch(sandbox.url) },
    );
    expect(count).toBe(128);
  });

  it('answers null when X leaves the count out', async () => {
    expect(
      await fetchXFollowers(
        { accessToken: 't', platformUserId: '1' },
        { fetch: answer(200, { data: { id: '1' } }) },
      ),
    ).toBeNull();
  });

  it('throws FollowersUnavailableError with the status when X refuses', async () => {
    const error = await fetchXFollowers(
      { accessToken: 't', platformUserId: '1' },
      { fetch: answer(503, { title: 'Service Unavailable' }) },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FollowersUnavailableError);
    expect((error as FollowersUnavailableError).status).toBe(503);
  });

  it('throws FollowersUnavailableError without a status when X cannot be reached', async () => {
    const unreachable: typeof globalThis.fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const error = await fetchXFollowers(
      { accessToken: 't', platformUserId: '1' },
      { fetch: unreachable },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FollowersUnavailableError);
    expect((error as FollowersUnavailableError).status).toBeNull();
  });
});
