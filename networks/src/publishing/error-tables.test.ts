// Each network's error table (networks/src/<network>/errors.ts) through the sandbox's failure
// controls (issue 18, item 2): the network answers in its own error shape, the adapter keeps its
// classification (kind, code) and adds the table's pt-BR explanation, which names what to do.
// Nothing a user sees is a bare "erro desconhecido": an unknown code is shown beside the message.
import type { Platform } from '@pauta/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FACEBOOK_ERRORS } from '../facebook/errors.js';
import { INSTAGRAM_ERRORS } from '../instagram/errors.js';
import { LINKEDIN_ERRORS } from '../linkedin/errors.js';
import { createPublisher } from '../registry.js';
import type { SandboxFault } from '../sandbox/index.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { THREADS_ERRORS } from '../threads/errors.js';
import { X_ERRORS } from '../x/errors.js';
import { type NetworkErrorTable, TRANSPORT_ERRORS } from './errors.js';
import { type ImageServer, jpegImage, serveImages } from './test-images.js';
import { PublishError, type PublishFailureKind, type PublishTarget } from './types.js';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox();
  images = await serveImages();
  IMAGE = images.put('foto.jpg', jpegImage(1080, 1080));
});
afterAll(async () => {
  await sandbox.close();
  await images.close();
});
beforeEach(() => {
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

let images: ImageServer;
/** A real JPEG at a URL the sandbox's Instagram fetches, as it fetches Pauta's signed URLs. */
let IMAGE = '';

function target(platform: Platform): PublishTarget {
  if (platform === 'linkedin' || platform === 'x' || platform === 'threads') {
    const issued = sandbox.issueToken({ network: platform });
    return { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
  }
  const user = sandbox.issueToken({ network: 'facebook' });
  if (platform === 'instagram')
    return { platformUserId: user.pages[0]!.instagramAccountId!, accessToken: user.accessToken };
  const pageId = user.pages[0]!.id;
  const page = sandbox.issueToken({ network: 'facebook', pageId });
  return { platformUserId: pageId, accessToken: page.accessToken };
}

async function publishFailure(platform: Platform, options: { linkedinVersion?: string } = {}) {
  const adapter = createPublisher(platform, {
    fetch: createNetworkFetch(sandbox.url),
    timeoutMs: 5000,
    statusPollIntervalMs: 5,
    ...options,
  });
  const error = await adapter
    .publish({ target: target(platform), title: 't', text: `Olá ${Math.random()}`, imageUrl: IMAGE })
    .then(
      () => null,
      (e: unknown) => e,
    );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

const row = (table: NetworkErrorTable, key: string) => {
  const found = table.find((r) => r.key === key) ?? TRANSPORT_ERRORS.find((r) => r.key === key);
  if (found === undefined) throw new Error(`no row ${key}`);
  return found.message;
};

interface Case {
  name: string;
  fault?: SandboxFault;
  kind: PublishFailureKind;
  networkCode?: string;
  key: string;
  retryAfterMs?: number;
}

const graph = (
  host: string,
  pathPrefix: string,
  status: number,
  code: number,
  subcode?: number,
): SandboxFault => ({
  host,
  pathPrefix,
  method: 'POST',
  status,
  body: {
    error: {
      message: `Graph error ${code}`,
      type: 'OAuthException',
      code,
      error_subcode: subcode,
      fbtrace_id: 'A1',
    },
  },
});

const FB = (status: number, code: number, subcode?: number) =>
  graph('graph.facebook.com', '/v21.0/', status, code, subcode);

const FACEBOOK_CASES: Case[] = [
  { name: 'expired token', fault: FB(400, 190, 463), kind: 'auth', networkCode: '190/463', key: '190/463' },
  {
    name: 'password changed',
    fault: FB(400, 190, 460),
    kind: 'auth',
    networkCode: '190/460',
    key: '190/460',
  },
  { name: 'logged out', fault: FB(400, 190, 467), kind: 'auth', networkCode: '190/467', key: '190/467' },
  { name: 'other 190', fault: FB(400, 190, 999), kind: 'auth', networkCode: '190/999', key: '190' },
  { name: 'permission #200', fault: FB(403, 200), kind: 'permanent', networkCode: '200', key: '200' },
  { name: 'permission #10', fault: FB(400, 10), kind: 'permanent', networkCode: '10', key: '10' },
  // Video uploads (facebook/video-publish.ts): the same Graph error shape on the upload phases.
  {
    name: 'video upload problem #6000',
    fault: FB(400, 6000),
    kind: 'permanent',
    networkCode: '6000',
    key: '6000',
  },
  {
    name: 'video chunk refused #6001',
    fault: FB(400, 6001, 1363037),
    kind: 'permanent',
    networkCode: '6001/1363037',
    key: '6001',
  },
  { name: 'video format #352', fault: FB(400, 352), kind: 'permanent', networkCode: '352', key: '352' },
  { name: 'video too large #382', fault: FB(400, 382), kind: 'permanent', networkCode: '382', key: '382' },
  { name: 'spam block #368', fault: FB(400, 368), kind: 'permanent', networkCode: '368', key: '368' },
  { name: 'duplicate #506', fault: FB(400, 506), kind: 'permanent', networkCode: '506', key: '506' },
  { name: 'app limit #4', fault: FB(400, 4), kind: 'rate_limited', networkCode: '4', key: '4' },
  { name: 'user limit #17', fault: FB(400, 17), kind: 'rate_limited', networkCode: '17', key: '17' },
  { name: 'page limit #32', fault: FB(400, 32), kind: 'rate_limited', networkCode: '32', key: '32' },
  { name: 'rate #613', fault: FB(400, 613), kind: 'rate_limited', networkCode: '613', key: '613' },
  { name: 'unknown #1', fault: FB(400, 1), kind: 'unknown', networkCode: '1', key: '1' },
  {
    name: '503 without a Graph body',
    fault: { host: 'graph.facebook.com', pathPrefix: '/v21.0/', status: 503, body: 'down' },
    kind: 'retryable',
    key: 'HTTP 503',
  },
];

const LI = (status: number, body: unknown, headers?: Record<string, string>): SandboxFault => ({
  host: 'api.linkedin.com',
  pathPrefix: '/rest/posts',
  status,
  body,
  ...(headers ? { headers } : {}),
});

const LINKEDIN_CASES: Case[] = [
  {
    name: '401 expired',
    fault: LI(401, {
      status: 401,
      serviceErrorCode: 65600,
      code: 'INVALID_ACCESS_TOKEN',
      message: 'Invalid access token',
    }),
    kind: 'auth',
    networkCode: 'INVALID_ACCESS_TOKEN',
    key: 'INVALID_ACCESS_TOKEN',
  },
  {
    name: '401 revoked by the member',
    fault: LI(401, {
      status: 401,
      serviceErrorCode: 65601,
      code: 'REVOKED_ACCESS_TOKEN',
      message: 'The token used in the request has been revoked by the user',
    }),
    kind: 'auth',
    networkCode: 'REVOKED_ACCESS_TOKEN',
    key: 'REVOKED_ACCESS_TOKEN',
  },
  {
    name: '403 ACCESS_DENIED (missing w_member_social)',
    fault: LI(403, {
      status: 403,
      serviceErrorCode: 100,
      code: 'ACCESS_DENIED',
      message: 'Not enough permissions',
    }),
    kind: 'permanent',
    networkCode: 'ACCESS_DENIED',
    key: 'ACCESS_DENIED',
  },
  {
    name: '422 duplicate',
    fault: LI(422, { status: 422, message: 'Content is a duplicate of urn:li:share:7000000000000000001' }),
    kind: 'permanent',
    networkCode: 'DUPLICATE_POST',
    key: 'DUPLICATE_POST',
  },
  {
    name: '429',
    fault: LI(429, { status: 429, message: 'Too Many Requests' }, { 'retry-after': '120' }),
    kind: 'rate_limited',
    key: 'HTTP 429',
    retryAfterMs: 120_000,
  },
  { name: '500', fault: LI(500, { status: 500, message: 'Internal' }), kind: 'unknown', key: 'HTTP 500' },
  { name: '504', fault: LI(504, { status: 504, message: 'Gateway' }), kind: 'retryable', key: 'HTTP 504' },
  {
    name: 'connection reset after sending',
    fault: { host: 'api.linkedin.com', pathPrefix: '/rest/posts', reset: true },
    kind: 'unknown',
    key: 'UND_ERR_SOCKET',
  },
];

const XF = (status: number, body: unknown, headers?: Record<string, string>): SandboxFault => ({
  host: 'api.twitter.com',
  pathPrefix: '/2/tweets',
  method: 'POST',
  status,
  body,
  ...(headers ? { headers } : {}),
});

const X_CASES: Case[] = [
  {
    name: '403 code 187 duplicate',
    fault: XF(403, { errors: [{ code: 187, message: 'Status is a duplicate.' }] }),
    kind: 'permanent',
    networkCode: '187',
    key: '187',
  },
  {
    name: '403 code 186 too long',
    fault: XF(403, { errors: [{ code: 186, message: 'Tweet needs to be a bit shorter.' }] }),
    kind: 'permanent',
    networkCode: '186',
    key: '186',
  },
  {
    name: '403 code 453 access level',
    fault: XF(403, {
      errors: [{ code: 453, message: 'You currently have access to a subset of X API V2 endpoints' }],
    }),
    kind: 'permanent',
    networkCode: '453',
    key: '453',
  },
  {
    name: '403 client-not-enrolled',
    fault: XF(403, {
      title: 'Client Forbidden',
      detail:
        'This request must be made using an approved developer account that is enrolled in the requested endpoint.',
      reason: 'client-not-enrolled',
      type: 'https://api.twitter.com/2/problems/client-forbidden',
    }),
    kind: 'permanent',
    networkCode: 'client-not-enrolled',
    key: 'client-not-enrolled',
  },
  {
    name: '401',
    fault: XF(401, { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }),
    kind: 'auth',
    key: 'HTTP 401',
  },
];

const IG_CASES: Case[] = [
  {
    name: '50 posts in 24 h',
    fault: graph('graph.facebook.com', '/v21.0/', 400, 9, 2207042),
    kind: 'rate_limited',
    networkCode: '9/2207042',
    key: '9/2207042',
  },
  {
    name: 'token expired',
    fault: graph('graph.facebook.com', '/v21.0/', 400, 190, 463),
    kind: 'auth',
    networkCode: '190/463',
    key: '190/463',
  },
];

const TH = (status: number, code: number, subcode?: number) =>
  graph('graph.threads.net', '/v1.0/', status, code, subcode);

const THREADS_CASES: Case[] = [
  {
    name: '250 posts in 24 h',
    fault: TH(400, 9),
    kind: 'rate_limited',
    networkCode: '9',
    key: '9',
    retryAfterMs: 3_600_000,
  },
  { name: 'token expired', fault: TH(400, 190, 463), kind: 'auth', networkCode: '190/463', key: '190/463' },
  { name: 'invalid parameter #100', fault: TH(400, 100), kind: 'permanent', networkCode: '100', key: '100' },
  {
    name: 'media not found (container not ready)',
    fault: TH(400, 24, 4279009),
    kind: 'retryable',
    networkCode: '24/4279009',
    key: '24/4279009',
  },
  { name: 'app call limit #4', fault: TH(400, 4), kind: 'rate_limited', networkCode: '4', key: '4' },
];

const NETWORKS: [Platform, NetworkErrorTable, Case[]][] = [
  ['facebook', FACEBOOK_ERRORS, FACEBOOK_CASES],
  ['linkedin', LINKEDIN_ERRORS, LINKEDIN_CASES],
  ['x', X_ERRORS, X_CASES],
  ['instagram', INSTAGRAM_ERRORS, IG_CASES],
  ['threads', THREADS_ERRORS, THREADS_CASES],
];

describe.each(NETWORKS)('%s error table', (platform, table, cases) => {
  it.each(cases)('$name → $kind with the table message', async (c) => {
    if (c.fault) sandbox.addFault(c.fault);
    const error = await publishFailure(platform);
    expect(error.kind).toBe(c.kind);
    if (c.networkCode !== undefined) expect(error.details.networkCode).toBe(c.networkCode);
    if (c.retryAfterMs !== undefined) expect(error.details.retryAfterMs).toBe(c.retryAfterMs);
    expect(error.details.reason).toContain(row(table, c.key));
  });

  it('every row says what to do, and keys are unique', () => {
    const keys = table.map((r) => r.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of table) {
      expect(r.message, r.key).toMatch(
        /reconecte|reagende|tentará de novo|administrador|confira|espere|troque|entre no X|resolva/i,
      );
    }
  });

  it('an error no row knows is shown with the network code beside it, never a bare "desconhecido"', async () => {
    const host =
      platform === 'linkedin'
        ? 'api.linkedin.com'
        : platform === 'x'
          ? 'api.twitter.com'
          : platform === 'threads'
            ? 'graph.threads.net'
            : 'graph.facebook.com';
    sandbox.addFault({
      host,
      status: 418,
      body:
        platform === 'facebook' || platform === 'instagram' || platform === 'threads'
          ? { error: { code: 12345, message: 'Teapot' } }
          : { code: 'TEAPOT', status: 418 },
    });
    const error = await publishFailure(platform);
    expect(error.kind).toBe('permanent');
    expect(error.details.reason).toMatch(/HTTP 418/);
    expect(error.details.reason).toMatch(/revise o post/);
  });
});

describe('linkedin sandbox conditions without injected faults', () => {
  it('a sunset LinkedIn-Version names LINKEDIN_VERSION for the administrator', async () => {
    const error = await publishFailure('linkedin', { linkedinVersion: '202001' });
    expect(error.details.reason).toBe(
      `${row(LINKEDIN_ERRORS, 'NONEXISTENT_VERSION')} (código NONEXISTENT_VERSION, HTTP 426)`,
    );
    expect(error.details.reason).toContain('LINKEDIN_VERSION');
  });
});
