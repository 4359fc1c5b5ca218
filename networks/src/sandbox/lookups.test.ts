// The sandbox's "recent posts" listings (issue 24), as the real APIs answer them: newest first,
// their paging and time formats, X's escaped text, and only the account's own token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from './server.js';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => sandbox.close());

const get = async (path: string, token: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${sandbox.url}/${path}`, {
    headers: { Authorization: `Bearer ${token}`, ...headers },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const post = (path: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${sandbox.url}/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('sandbox listings of recent posts', () => {
  it('X GET /2/users/:id/tweets: newest first, created_at on request, & < > escaped, paged by next_token', async () => {
    const x = sandbox.issueToken({ network: 'x' });
    for (const text of ['um & dois', 'três <b>', 'quatro', 'cinco', 'seis', 'sete']) {
      expect((await post('api.twitter.com/2/tweets', x.accessToken, { text })).status).toBe(201);
    }
    const first = await get(
      `api.twitter.com/2/users/${x.platformUserId}/tweets?max_results=5&tweet.fields=created_at`,
      x.accessToken,
    );
    expect(first.status).toBe(200);
    const data = first.body.data as { text: string; created_at: string }[];
    expect(data.map((t) => t.text)).toEqual(['sete', 'seis', 'cinco', 'quatro', 'três &lt;b&gt;']);
    expect(data[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const token = (first.body.meta as { next_token: string }).next_token;
    const second = await get(
      `api.twitter.com/2/users/${x.platformUserId}/tweets?max_results=5&pagination_token=${token}`,
      x.accessToken,
    );
    expect((second.body.data as { text: string }[]).map((t) => t.text)).toEqual(['um &amp; dois']);
    expect((second.body.meta as Record<string, unknown>).next_token).toBeUndefined();
    expect(
      (await get(`api.twitter.com/2/users/${x.platformUserId}/tweets?max_results=500`, x.accessToken)).status,
    ).toBe(400);
  });

  it('LinkedIn GET /rest/posts?q=author: the member only, versioned, start/count paging', async () => {
    const li = sandbox.issueToken({ network: 'linkedin' });
    const headers = { 'LinkedIn-Version': '202601', 'X-Restli-Protocol-Version': '2.0.0' };
    const author = `urn:li:person:${li.platformUserId}`;
    await post(
      'api.linkedin.com/rest/posts',
      li.accessToken,
      {
        author,
        commentary: 'Olá',
        visibility: 'PUBLIC',
        distribution: {
          feedDistribution: 'MAIN_FEED',
          targetEntities: [],
          thirdPartyDistributionChannels: [],
        },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      },
      headers,
    );
    const own = await get(
      `api.linkedin.com/rest/posts?q=author&author=${encodeURIComponent(author)}&count=10`,
      li.accessToken,
      headers,
    );
    expect(own.status).toBe(200);
    expect(own.body.elements).toMatchObject([{ author, commentary: 'Olá', createdAt: expect.any(Number) }]);
    const other = await get(
      `api.linkedin.com/rest/posts?q=author&author=${encodeURIComponent('urn:li:person:outro')}`,
      li.accessToken,
      headers,
    );
    expect(other.status).toBe(403);
  });
});
