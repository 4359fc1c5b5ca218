// The sandbox across restarts (issue 13): a connected account keeps working after the sandbox
// (i.e. `npm start`) stops and starts again with the same data folder.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testMedia } from '../publishing/test-images.js';
import { createNetworkFetch } from '../sandbox-url.js';
import { createXAdapter } from '../x/publish.js';
import { type SandboxHandle, startSandbox } from './server.js';

let dir: string;
let stateFile: string;
const running: SandboxHandle[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'pauta-sandbox-state-'));
  stateFile = path.join(dir, 'sandbox', 'state.json');
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function start(options: { onWarning?: (m: string) => void } = {}): Promise<SandboxHandle> {
  const sandbox = await startSandbox({ stateFile, ...options });
  running.push(sandbox);
  return sandbox;
}

async function stop(sandbox: SandboxHandle): Promise<void> {
  running.splice(running.indexOf(sandbox), 1);
  await sandbox.close();
}

const basic = `Basic ${Buffer.from('sandbox-x-client:sandbox-x-secret').toString('base64')}`;

/** The X connect flow as the app runs it: authorize (PKCE) → code → tokens. */
async function connectX(sandbox: SandboxHandle): Promise<{ access: string; refresh: string }> {
  const verifier = 'v'.repeat(43);
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: 'sandbox-x-client',
    redirect_uri: 'http://localhost:3000/auth/callback',
    state: 's',
    scope: 'tweet.read tweet.write users.read offline.access',
    code_challenge_method: 'S256',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
  });
  const authorize = await fetch(`${sandbox.url}/x.com/i/oauth2/authorize?${query}`, { redirect: 'manual' });
  const code = new URL(authorize.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const tokens = await tokenCall(sandbox, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: 'http://localhost:3000/auth/callback',
    code_verifier: verifier,
  });
  expect(tokens.status).toBe(200);
  const body = (await tokens.json()) as { access_token: string; refresh_token: string };
  return { access: body.access_token, refresh: body.refresh_token };
}

function tokenCall(sandbox: SandboxHandle, body: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.url}/api.x.com/2/oauth2/token`, {
    method: 'POST',
    headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body),
  });
}

function tweet(sandbox: SandboxHandle, token: string, text: string): Promise<Response> {
  return fetch(`${sandbox.url}/api.x.com/2/tweets`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ text }),
  });
}

describe('sandbox state across restarts', () => {
  it('a connected account refreshes and publishes after a restart; published posts are remembered', async () => {
    const first = await start();
    const { access, refresh } = await connectX(first);
    expect((await tweet(first, access, 'antes de reiniciar')).status).toBe(201);
    await stop(first);

    const second = await start();
    // The access token still works, and so does the refresh token (no invalid_grant).
    expect((await tweet(second, access, 'depois de reiniciar')).status).toBe(201);
    const refreshed = await tokenCall(second, { grant_type: 'refresh_token', refresh_token: refresh });
    expect(refreshed.status).toBe(200);
    const rotated = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect((await tweet(second, rotated.access_token, 'com o token novo')).status).toBe(201);
    expect(second.publishedPosts('x').map((p) => p.text)).toEqual([
      'antes de reiniciar',
      'depois de reiniciar',
      'com o token novo',
    ]);
    // X still refuses a duplicate it published before the restart.
    expect((await tweet(second, rotated.access_token, 'antes de reiniciar')).status).toBe(403);
    await stop(second);

    // The rotated-away refresh token stays dead after another restart; the new one works.
    const third = await start();
    expect((await tokenCall(third, { grant_type: 'refresh_token', refresh_token: refresh })).status).toBe(
      400,
    );
    const again = await tokenCall(third, {
      grant_type: 'refresh_token',
      refresh_token: rotated.refresh_token,
    });
    expect(again.status).toBe(200);
  });

  it('the images of a post, and uploads not yet in a post, are remembered after a restart', async () => {
    const first = await start();
    const issued = first.issueToken({ network: 'x' });
    const target = { platformUserId: issued.platformUserId, accessToken: issued.accessToken };
    await createXAdapter({ fetch: createNetworkFetch(first.url) }).publish({
      target,
      title: 't',
      text: 'Com duas imagens',
      media: testMedia(2),
    });
    const before = first.publishedPosts('x');
    expect(before[0]!.media).toHaveLength(2);
    const uploads = first.control.mediaUploads('x');
    await stop(first);
    const second = await start();
    expect(second.publishedPosts('x')).toEqual(before);
    expect(second.control.mediaUploads('x')).toEqual(uploads);
  });

  it('a revoked grant stays revoked after a restart', async () => {
    const first = await start();
    const { access, refresh } = await connectX(first);
    expect(first.revokeToken(access)).toBe(true);
    await stop(first);
    const second = await start();
    expect((await tweet(second, access, 'não deve sair')).status).toBe(401);
    expect((await tokenCall(second, { grant_type: 'refresh_token', refresh_token: refresh })).status).toBe(
      400,
    );
  });

  it('saves soon after a change, atomically (no temp file left), without waiting for close', async () => {
    const sandbox = await start();
    await connectX(sandbox);
    await expect.poll(() => readdirSync(path.dirname(stateFile))).toEqual(['state.json']);
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { store: { refreshTokens: unknown[] } };
    expect(saved.store.refreshTokens).toHaveLength(1);
  });

  it('an unreadable state file is set aside with a warning and the sandbox starts empty', async () => {
    const first = await start();
    await stop(first);
    writeFileSync(stateFile, '{"version": 1, "store": ');
    const warnings: string[] = [];
    const sandbox = await start({ onWarning: (m) => warnings.push(m) });
    expect(warnings).toEqual([expect.stringContaining('Estado do sandbox ilegível')]);
    expect(readdirSync(path.dirname(stateFile)).some((f) => f.startsWith('state.json.unreadable-'))).toBe(
      true,
    );
    const { access } = await connectX(sandbox);
    expect((await tweet(sandbox, access, 'recomeço')).status).toBe(201);
  });
});
