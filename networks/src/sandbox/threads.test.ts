// Sandbox Threads' own refusals, in Threads' error shape: what the adapter tests do not reach
// (it checks the text before sending): links, media types, carousels, a container not ready or
// already published, another profile, a missing permission, and the 250 posts of 24 hours.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SandboxHandle, startSandbox } from './server.js';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ instagramProcessingChecks: 0 });
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
  sandbox.setInstagramProcessingChecks(0);
});

/** The fields these tests read of an answer (each answer has some of them). */
interface Answer {
  id: string;
  status: string;
  data: unknown[];
  error: { code: number; error_subcode?: number; message: string; type: string; fbtrace_id: string };
}

async function call(method: 'GET' | 'POST', path: string, params: Record<string, string>) {
  const query = new URLSearchParams(params);
  const response =
    method === 'GET'
      ? await fetch(`${sandbox.url}/graph.threads.net/v1.0/${path}?${query}`)
      : await fetch(`${sandbox.url}/graph.threads.net/v1.0/${path}`, { method, body: query });
  return { status: response.status, body: (await response.json()) as Answer };
}

function profile(scopes?: string[]) {
  const issued = sandbox.issueToken({ network: 'threads', ...(scopes === undefined ? {} : { scopes }) });
  return { id: issued.platformUserId, token: issued.accessToken };
}

async function container(me: { id: string; token: string }, params: Record<string, string>) {
  return call('POST', `${me.id}/threads`, { access_token: me.token, ...params });
}

describe('sandbox Threads refusals', () => {
  it('answers in Graph shape, THApiException: links over 5, unknown media types, missing fields', async () => {
    const me = profile();
    const links = Array.from({ length: 6 }, (_, i) => `https://exemplo.com/${i}`).join(' ');
    const tooManyLinks = await container(me, { media_type: 'TEXT', text: links });
    expect(tooManyLinks.status).toBe(400);
    expect(tooManyLinks.body.error).toMatchObject({ code: 100, type: 'THApiException' });
    expect(tooManyLinks.body.error.message).toContain('THREADS_API__LINK_LIMIT_EXCEEDED');
    expect(typeof tooManyLinks.body.error.fbtrace_id).toBe('string');
    expect((await container(me, { media_type: 'REEL', text: 'x' })).body.error.code).toBe(100);
    expect((await container(me, { media_type: 'TEXT', text: '  ' })).body.error.message).toMatch(
      /text is required/,
    );
    expect((await container(me, { media_type: 'IMAGE', text: 'x' })).body.error.message).toMatch(/image_url/);
    expect(
      (
        await container(me, {
          media_type: 'IMAGE',
          image_url: 'https://x/a.jpg',
          link_attachment: 'https://a.b',
        })
      ).body.error.message,
    ).toMatch(/link_attachment is only supported for TEXT/);
    expect((await container(me, { media_type: 'CAROUSEL', children: '1' })).body.error.message).toMatch(
      /2 to 20/,
    );
  });

  it('another profile is 100/33, a token without threads_content_publish is #10, a bad token 190', async () => {
    const me = profile();
    const other = await container(me, { media_type: 'TEXT', text: 'oi' }).then(() =>
      call('POST', '29999999999999999/threads', { access_token: me.token, media_type: 'TEXT', text: 'oi' }),
    );
    expect(other.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const readOnly = profile(['threads_basic']);
    expect((await container(readOnly, { media_type: 'TEXT', text: 'oi' })).body.error).toMatchObject({
      code: 10,
      type: 'OAuthException',
    });
    expect(
      (await container({ id: me.id, token: 'nada' }, { media_type: 'TEXT', text: 'oi' })).body.error,
    ).toMatchObject({ code: 190, type: 'OAuthException' });
  });

  it('publishes a container once: not ready is 24/4279009, twice is refused, the status says PUBLISHED', async () => {
    const me = profile();
    sandbox.setInstagramProcessingChecks(1);
    const { body } = await container(me, { media_type: 'TEXT', text: 'Uma vez' });
    const notReady = await call('POST', `${me.id}/threads_publish`, {
      access_token: me.token,
      creation_id: body.id,
    });
    expect(notReady.body.error).toMatchObject({
      code: 24,
      error_subcode: 4279009,
      message: 'Media Not Found',
    });
    expect((await call('GET', body.id, { access_token: me.token, fields: 'status' })).body.status).toBe(
      'IN_PROGRESS',
    );
    expect((await call('GET', body.id, { access_token: me.token, fields: 'status' })).body.status).toBe(
      'FINISHED',
    );
    const published = await call('POST', `${me.id}/threads_publish`, {
      access_token: me.token,
      creation_id: body.id,
    });
    expect(published.body.id).toMatch(/^\d+$/);
    const again = await call('POST', `${me.id}/threads_publish`, {
      access_token: me.token,
      creation_id: body.id,
    });
    expect(again.body.error.code).toBe(100);
    expect((await call('GET', body.id, { access_token: me.token, fields: 'status' })).body.status).toBe(
      'PUBLISHED',
    );
    expect(sandbox.publishedPosts('threads')).toHaveLength(1);
  });

  it('the 251st post of 24 hours is refused with code 9; threads_publishing_limit reports the use', async () => {
    const me = profile();
    for (let i = 0; i < 250; i++) {
      const { body } = await container(me, { media_type: 'TEXT', text: `Post ${i}` });
      const published = await call('POST', `${me.id}/threads_publish`, {
        access_token: me.token,
        creation_id: body.id,
      });
      expect(published.status).toBe(200);
    }
    const limit = await call('GET', `${me.id}/threads_publishing_limit`, {
      access_token: me.token,
      fields: 'quota_usage,config',
    });
    expect(limit.body.data[0]).toEqual({
      quota_usage: 250,
      config: { quota_total: 250, quota_duration: 86_400 },
    });
    const { body } = await container(me, { media_type: 'TEXT', text: 'Post 251' });
    const refused = await call('POST', `${me.id}/threads_publish`, {
      access_token: me.token,
      creation_id: body.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 9, type: 'THApiException' });
    expect(sandbox.publishedPosts('threads')).toHaveLength(250);
  }, 60_000);
});
