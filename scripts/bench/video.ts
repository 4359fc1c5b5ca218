// bench:video (npm run bench:video [-- --mb 200 --publish-mb 50]): the resumable video upload through a real web
// process (scripts/bench/video-web.ts, local storage, NODE_ENV=production) over HTTP as
// tus-js-client sends it — creation, then PATCHes of 16 MiB — of a real MP4 of about `--mb` MB
// (written by Mediabunny's muxer, filler samples: the probe never decodes). Reports the
// throughput (MB/s, 1 MB = 1024 × 1024 bytes) and the web's peak resident memory during the upload,
// which must stay far below the file's size (the web streams the bytes to storage).
//
// Then the publish time per network in the sandbox (docs/publishing.md, "Vídeo"): for every network
// of the registry whose capabilities.video is true, one video of `--publish-mb` MB (default 50) is
// published through its real adapter against the sandbox networks, read range by range as the
// worker hands it over; seconds and MB/s per network. With no network publishing video, it says so.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@pauta/core';
import { capabilitiesOf, createPublisher, type PublishTarget } from '@pauta/networks';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import {
  SANDBOX_TEST_TOKEN_SCOPES,
  type SandboxHandle,
  serveImages,
  startSandbox,
} from '@pauta/networks/sandbox';
import { createNetworkFetch } from '../../networks/src/sandbox-url.js';
import { makeTestVideo } from '../../server/src/media/test-video.js';
import { freePort } from '../free-port.js';

const { values: args } = parseArgs({
  options: { mb: { type: 'string', default: '200' }, 'publish-mb': { type: 'string', default: '50' } },
});
const TARGET_MB = Math.max(10, Number(args.mb));
const PUBLISH_MB = Math.max(1, Number(args['publish-mb']));
const CHUNK = 16 * 1024 * 1024;
const MB = 1024 * 1024;
const GOAL_GROWTH_MB = 100;
const out = (line = '') => process.stdout.write(`${line}\n`);

function ask<T>(child: ChildProcess, message: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (answer: Record<string, unknown>) => {
      if (key in answer) {
        child.off('message', on);
        resolve(answer as T);
      }
    };
    child.on('message', on);
    child.send(message);
  });
}

out(`bench:video — envio retomável (tus) de um MP4 de ~${TARGET_MB} MB pela web, armazenamento local`);
// 30 fps, up to 120 s (X takes 140 s); packets sized to reach the target.
const seconds = 100;
const packetBytes = Math.round((TARGET_MB * MB) / (seconds * 30));
const video = Buffer.from(await makeTestVideo({ seconds, packetBytes }));
out(`vídeo: ${(video.length / MB).toFixed(1)} MB, ${seconds} s, 1080 × 1920, H.264 + AAC`);

const port = await freePort();
const child = fork(path.join(import.meta.dirname, 'video-web.ts'), [String(port)], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
try {
  const ready = await new Promise<{ baseUrl: string; cookie: string; postId: string }>((resolve) => {
    child.once('message', (m) => resolve(m as { baseUrl: string; cookie: string; postId: string }));
  });
  const headers = { cookie: ready.cookie, 'tus-resumable': '1.0.0', 'sec-fetch-site': 'same-origin' };
  const { rss: baseline } = await ask<{ rss: number }>(child, 'reset', 'rss');
  out(`web: RSS em repouso ${(baseline / MB).toFixed(1)} MB`);

  const started = performance.now();
  const created = await fetch(`${ready.baseUrl}/api/posts/${ready.postId}/video`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(video.length),
      'upload-metadata': `filetype ${Buffer.from('video/mp4').toString('base64')}`,
      'idempotency-key': randomUUID(),
    },
  });
  if (created.status !== 201) throw new Error(`criação: ${created.status} ${await created.text()}`);
  const location = `${ready.baseUrl}${created.headers.get('location')}`;
  let offset = 0;
  let patches = 0;
  while (offset < video.length) {
    const body = video.subarray(offset, Math.min(offset + CHUNK, video.length));
    const res = await fetch(location, {
      method: 'PATCH',
      headers: {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      body,
    });
    if (res.status !== 204) throw new Error(`PATCH em ${offset}: ${res.status} ${await res.text()}`);
    offset = Number(res.headers.get('upload-offset'));
    patches += 1;
  }
  const seconds_ = (performance.now() - started) / 1000;
  const { peak } = await ask<{ peak: number }>(child, 'peak', 'peak');
  out(
    `enviado em ${patches} PATCHes: ${seconds_.toFixed(2)} s, ${(video.length / MB / seconds_).toFixed(1)} MB/s`,
  );
  out(
    `web: RSS máximo durante o envio ${(peak / MB).toFixed(1)} MB (+${((peak - baseline) / MB).toFixed(1)} MB sobre o repouso; o arquivo tem ${(video.length / MB).toFixed(1)} MB)`,
  );
  // The growth is the streams' buffers and garbage not yet collected, the same for 200 MB or
  // 400 MB (measured: +64 MB both): a fixed bound, far below the file.
  const ok = peak - baseline < GOAL_GROWTH_MB * MB;
  out(
    `meta (RSS acima do repouso < ${GOAL_GROWTH_MB} MB, qualquer que seja o arquivo): ${ok ? 'met' : 'NOT MET'}`,
  );
} finally {
  child.send('stop');
  await new Promise((resolve) => child.once('exit', resolve));
}

/** Networks whose sandbox account is not a plain issued token (a Page, an Instagram account). */
const SPECIAL_TARGETS: Partial<Record<Platform, (sandbox: SandboxHandle) => PublishTarget>> = {
  facebook: (sandbox) => {
    const user = sandbox.issueToken({ network: 'facebook' });
    const pageId = user.pages[0]?.id ?? '';
    return {
      platformUserId: pageId,
      accessToken: sandbox.issueToken({ network: 'facebook', pageId }).accessToken,
    };
  },
  // A Page the member administers: the sandbox derives its organisations from the user's Pages.
  linkedin_page: (sandbox) => {
    const token = sandbox.issueToken({
      network: 'linkedin',
      scopes: [...SANDBOX_TEST_TOKEN_SCOPES.linkedin, 'w_organization_social'],
    });
    return { platformUserId: `2${(token.pages[0]?.id ?? '').slice(-9)}`, accessToken: token.accessToken };
  },
  // A YouTube channel is a Google account's: a Google token with the upload scopes.
  youtube: (sandbox) => {
    const token = sandbox.issueToken({
      network: 'google',
      scopes: [
        'openid',
        'https://www.googleapis.com/auth/youtube.upload',
        'https://www.googleapis.com/auth/youtube.readonly',
      ],
    });
    return { platformUserId: token.platformUserId, accessToken: token.accessToken };
  },
  instagram: (sandbox) => {
    const user = sandbox.issueToken({ network: 'facebook' });
    return { platformUserId: user.pages[0]?.instagramAccountId ?? '', accessToken: user.accessToken };
  },
};

/**
 * An account of `platform` in the sandbox, as if connected (the bench publishes without a
 * database). A network connected through a picker (a Google location) or a session
 * (Bluesky, Mastodon) needs its entry in SPECIAL_TARGETS once it publishes video.
 */
/**
 * The answers a person must give before the network publishes (its required post options without
 * a default, e.g. a privacy level): the first choice, or "no".
 */
function requiredOptions(platform: Platform): Record<string, string | boolean> {
  const options: Record<string, string | boolean> = {};
  for (const field of NETWORK_PROFILES[platform].postOptions ?? []) {
    if (!field.required || (field.default !== undefined && field.default !== null)) continue;
    if (field.kind === 'boolean') options[field.key] = false;
    else if (field.choices?.[0]) options[field.key] = field.choices[0].value;
  }
  return options;
}

function sandboxTarget(sandbox: SandboxHandle, platform: Platform): PublishTarget {
  const special = SPECIAL_TARGETS[platform];
  if (special) return special(sandbox);
  const token = sandbox.issueToken({
    network: platform as Parameters<SandboxHandle['issueToken']>[0]['network'],
  });
  return { platformUserId: token.platformUserId, accessToken: token.accessToken };
}

out();
out(`publicação de vídeo por rede na sandbox — um MP4 de ~${PUBLISH_MB} MB pelo adaptador real de cada rede`);
const capable = PLATFORMS.filter((platform) => capabilitiesOf(platform).video);
if (capable.length === 0) {
  out('nenhuma rede publica vídeo ainda (capabilities.video é false em todas): nada a medir');
} else {
  const publishSeconds = 100;
  const file = Buffer.from(
    await makeTestVideo({
      seconds: publishSeconds,
      packetBytes: Math.round((PUBLISH_MB * MB) / (publishSeconds * 30)),
    }),
  );
  const sandbox = await startSandbox();
  const files = await serveImages();
  try {
    const url = files.put(`bench-video-${Date.now()}.mp4`, file, 'video/mp4');
    for (const platform of capable) {
      const adapter = createPublisher(platform, {
        fetch: createNetworkFetch(sandbox.url),
        timeoutMs: 20_000,
      });
      let read = 0;
      const started = performance.now();
      try {
        await adapter.publish(
          {
            target: sandboxTarget(sandbox, platform),
            title: 'Bench de vídeo',
            text: `Vídeo de ${PUBLISH_MB} MB ${Date.now()}`,
            options: requiredOptions(platform),
            video: {
              mimeType: 'video/mp4',
              sizeBytes: file.length,
              durationSeconds: publishSeconds,
              width: 1080,
              height: 1920,
              frameRate: 30,
              read: async (start, end) => {
                read += end - start;
                return file.subarray(start, end);
              },
              url,
              cover: null,
            },
          },
          { signal: AbortSignal.timeout(30 * 60_000), beforeSend: async () => {} },
        );
        const took = (performance.now() - started) / 1000;
        out(
          `${PLATFORM_LABELS[platform].padEnd(22)} ${took.toFixed(2)} s, ${(file.length / MB / took).toFixed(1)} MB/s (${(read / MB).toFixed(1)} MB lidos por intervalos)`,
        );
      } catch (error) {
        out(`${PLATFORM_LABELS[platform].padEnd(22)} falhou: ${(error as Error).message}`);
      }
    }
  } finally {
    await files.close();
    await sandbox.close();
  }
}
