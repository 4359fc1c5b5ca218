// LinkedIn's first comment against the sandbox (docs/first-comment.md), as the member and as an
// organisation Page: one `POST /rest/socialActions/{urn}/comments` with the versioned headers, each
// refusal classified with its pt-BR reason, and the lookup (`GET …/comments`): found / absent for a
// Page (r_organization_social), unknown for a member (r_member_social is restricted).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkedinPage } from '../linkedin-page/index.js';
import { PublishError, type PublishTarget } from '../publishing/types.js';
import { sandboxOrganizations } from '../sandbox/linkedin-organizations.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { linkedin } from './index.js';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => sandbox.close());
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

const member = () => linkedin.createPublisher({ fetch: createNetworkFetch(sandbox.url), timeoutMs: 5000 });
const page = () => linkedinPage.createPublisher({ fetch: createNetworkFetch(sandbox.url), timeoutMs: 5000 });
const PAGE_SCOPES = ['w_organization_social', 'r_organization_social', 'rw_organization_admin'];

function memberTarget(): PublishTarget {
  const issued = sandbox.issueToken({ network: 'linkedin' });
  return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
}

function pageTarget(): PublishTarget {
  const issued = sandbox.issueToken({ network: 'linkedin', scopes: PAGE_SCOPES });
  const ana = sandbox.control.store.defaultUser();
  return { platformUserId: sandboxOrganizations(ana)[0]!.id, accessToken: issued.accessToken };
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

describe('LinkedIn first comment (member)', () => {
  it('comments once as the member, with the versioned headers; the lookup cannot tell without r_member_social', async () => {
    const target = memberTarget();
    const post = await member().publish({ target, title: 't', text: `Post ${Math.random()}` });
    const since = new Date(Date.now() - 1000);
    const comment = await member().publishFirstComment!({
      target,
      platformPostId: post.platformPostId,
      text: 'Leia mais: #carreira',
    });
    expect(comment.id).toMatch(/^urn:li:comment:\(urn:li:activity:\d+,\d+\)$/);
    const calls = sandbox.requests({
      host: 'api.linkedin.com',
      pathPrefix: `/rest/socialActions/${encodeURIComponent(post.platformPostId)}/comments`,
      method: 'POST',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      actor: `urn:li:person:${target.platformUserId}`,
      object: post.platformPostId,
      message: { text: 'Leia mais: #carreira' },
    });
    expect(calls[0]?.headers).toMatchObject({
      'linkedin-version': '202601',
      'x-restli-protocol-version': '2.0.0',
    });
    expect(sandbox.comments('linkedin')).toEqual([
      expect.objectContaining({
        id: comment.id,
        parentId: post.platformPostId,
        authorId: target.platformUserId,
        text: 'Leia mais: #carreira',
      }),
    ]);
    expect(
      await member().lookupFirstComment!({
        target,
        platformPostId: post.platformPostId,
        text: 'Leia mais: #carreira',
        since,
      }),
    ).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('403') });
  });

  it('a post that does not exist (404), a revoked token (401), a text LinkedIn refuses (422): classified, in pt-BR', async () => {
    const target = memberTarget();
    const missing = await failure(
      member().publishFirstComment!({ target, platformPostId: 'urn:li:share:999', text: 'oi' }),
    );
    expect(missing).toMatchObject({ kind: 'permanent', details: { status: 404 } });
    expect(missing.details.reason).toContain('O LinkedIn não encontrou o post para comentar');

    const post = await member().publish({ target, title: 't', text: `Post ${Math.random()}` });
    const wrong = await failure(
      member().publishFirstComment!({
        target: { ...target, accessToken: 'token-que-nao-existe' },
        platformPostId: post.platformPostId,
        text: 'oi',
      }),
    );
    expect(wrong).toMatchObject({
      kind: 'auth',
      details: { status: 401, networkCode: 'INVALID_ACCESS_TOKEN' },
    });
    expect(wrong.details.reason).toContain('Reconecte a conta');

    sandbox.addFault({
      host: 'api.linkedin.com',
      pathPrefix: '/rest/socialActions/',
      method: 'POST',
      status: 422,
      body: { status: 422, message: 'ERROR :: /message/text :: length exceeds 1250 characters' },
    });
    const refused = await failure(
      member().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'oi' }),
    );
    expect(refused).toMatchObject({ kind: 'permanent', details: { status: 422 } });
    expect(refused.details.reason).toContain('até 1.250 caracteres');
    expect(sandbox.comments('linkedin')).toHaveLength(0);
  });

  it('over 1,250 characters: refused before any request; the sandbox answers 422 as LinkedIn does', async () => {
    const target = memberTarget();
    const post = await member().publish({ target, title: 't', text: `Post ${Math.random()}` });
    sandbox.reset();
    const long = await failure(
      member().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'a'.repeat(1251) }),
    );
    expect(long).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(sandbox.requests()).toHaveLength(0);
    const direct = await fetch(
      `${sandbox.url}/api.linkedin.com/rest/socialActions/${encodeURIComponent(post.platformPostId)}/comments`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${target.accessToken}`,
          'LinkedIn-Version': '202601',
          'X-Restli-Protocol-Version': '2.0.0',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          actor: `urn:li:person:${target.platformUserId}`,
          object: post.platformPostId,
          message: { text: 'a'.repeat(1251) },
        }),
      },
    );
    expect(direct.status).toBe(422);
    expect(sandbox.comments('linkedin')).toHaveLength(0);
  });

  it('a 5xx is retryable; a connection lost after the send is unknown', async () => {
    const target = memberTarget();
    const post = await member().publish({ target, title: 't', text: `Post ${Math.random()}` });
    sandbox.addFault({
      host: 'api.linkedin.com',
      pathPrefix: '/rest/socialActions/',
      method: 'POST',
      status: 503,
    });
    expect(
      (
        await failure(
          member().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'oi' }),
        )
      ).kind,
    ).toBe('retryable');
    sandbox.addFault({
      host: 'api.linkedin.com',
      pathPrefix: '/rest/socialActions/',
      method: 'POST',
      reset: true,
    });
    expect(
      (
        await failure(
          member().publishFirstComment!({ target, platformPostId: post.platformPostId, text: 'oi' }),
        )
      ).kind,
    ).toBe('unknown');
  });
});

describe('LinkedIn first comment (organisation Page)', () => {
  it('comments as the organisation; the lookup finds the Page own comment and proves another text absent', async () => {
    const target = pageTarget();
    const post = await page().publish({ target, title: 't', text: `Post da Página ${Math.random()}` });
    const since = new Date(Date.now() - 1000);
    // Someone else's comment with the same text is not the Page's.
    sandbox.control.posts.addComment(
      {
        network: 'linkedin_page',
        parentId: post.platformPostId,
        authorId: 'outra',
        authorName: 'urn:li:person:outra',
        text: 'Vagas abertas: #vagas',
      },
      (n) => `urn:li:comment:(urn:li:activity:1,${n})`,
    );
    const comment = await page().publishFirstComment!({
      target,
      platformPostId: post.platformPostId,
      text: 'Vagas abertas: #vagas',
    });
    const calls = sandbox.requests({
      host: 'api.linkedin.com',
      pathPrefix: '/rest/socialActions/',
      method: 'POST',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ actor: `urn:li:organization:${target.platformUserId}` });
    expect(sandbox.comments('linkedin_page').filter((c) => c.authorId === target.platformUserId)).toEqual([
      expect.objectContaining({ id: comment.id, text: 'Vagas abertas: #vagas' }),
    ]);
    const lookup = { target, platformPostId: post.platformPostId, text: 'Vagas  abertas: #vagas', since };
    expect(await page().lookupFirstComment!(lookup)).toMatchObject({
      kind: 'found',
      platformPostId: comment.id,
    });
    expect(await page().lookupFirstComment!({ ...lookup, text: 'outro' })).toEqual({ kind: 'absent' });
  });

  it('an organisation the member does not administer: 403, permanent, nothing commented', async () => {
    const target = pageTarget();
    const post = await page().publish({ target, title: 't', text: `Post da Página ${Math.random()}` });
    const memberOnly = sandbox.issueToken({ network: 'linkedin' });
    const denied = await failure(
      page().publishFirstComment!({
        target: { platformUserId: target.platformUserId, accessToken: memberOnly.accessToken },
        platformPostId: post.platformPostId,
        text: 'oi',
      }),
    );
    expect(denied).toMatchObject({
      kind: 'permanent',
      details: { status: 403, networkCode: 'ACCESS_DENIED' },
    });
    expect(denied.details.reason).toBeTruthy();
    expect(sandbox.comments('linkedin_page')).toHaveLength(0);
  });
});
