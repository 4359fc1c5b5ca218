// `npm run bench:media`: publishing a post with 4 images through each network's real flow against
// the sandbox networks (LinkedIn: 4 × initializeUpload + PUT, then the post; Facebook: 4
// unpublished photos, then the feed post; X: 4 uploads + alt text, then the post; Instagram: 4
// carousel items fetched from signed URLs, the carousel container, status checks, media_publish).
// The images are 4 JPEGs of BENCH_MEDIA_KB each (default 600 KB, a phone photo after resizing).
// p50/p95 over BENCH_RUNS posts per network (default 20), with the bytes each post uploads.
// Instagram's time is dominated by its status polling (1 s between reads, the worker's default).

import { createPublisher, type PublishMedia, type PublishTarget } from '@pauta/networks';
import { startSandbox } from '@pauta/networks/sandbox';
import { jpegImage, serveImages } from '../../networks/src/publishing/test-images.js';
import { createNetworkFetch } from '../../networks/src/sandbox-url.js';
import { benchEnv } from '../env.js';
import { ms, summary } from './common.js';

const RUNS = Math.min(benchEnv.runs(), 20);
const KB = benchEnv.mediaKb();

const sandbox = await startSandbox();
const images = await serveImages();
try {
  const media = (run: number): PublishMedia[] =>
    Array.from({ length: 4 }, (_, index) => {
      const bytes = jpegImage(1080, 1350, run * 4 + index, KB * 1024);
      return {
        mimeType: 'image/jpeg',
        altText: `Foto ${index + 1} do post ${run}`,
        width: 1080,
        height: 1350,
        bytes,
        url: images.put(`bench-${run}-${index}.jpg`, bytes),
      };
    });
  const targets: Record<'linkedin' | 'facebook' | 'x' | 'instagram', () => PublishTarget> = {
    linkedin: () => {
      const t = sandbox.issueToken({ network: 'linkedin' });
      return { platformUserId: t.platformUserId, accessToken: t.accessToken };
    },
    x: () => {
      const t = sandbox.issueToken({ network: 'x' });
      return { platformUserId: t.platformUserId, accessToken: t.accessToken };
    },
    facebook: () => {
      const user = sandbox.issueToken({ network: 'facebook' });
      const pageId = user.pages[0]!.id;
      return {
        platformUserId: pageId,
        accessToken: sandbox.issueToken({ network: 'facebook', pageId }).accessToken,
      };
    },
    instagram: () => {
      const user = sandbox.issueToken({ network: 'facebook' });
      return { platformUserId: user.pages[0]!.instagramAccountId!, accessToken: user.accessToken };
    },
  };
  process.stdout.write(
    `4 images of ${KB} KB per post (${((4 * KB) / 1024).toFixed(1)} MB), ${RUNS} posts per network\n`,
  );
  for (const platform of ['linkedin', 'facebook', 'x', 'instagram'] as const) {
    const adapter = createPublisher(platform, { fetch: createNetworkFetch(sandbox.url), timeoutMs: 20_000 });
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const target = targets[platform]();
      const request = {
        target,
        title: 'Bench',
        text: `Post com 4 imagens nº ${run} ${Date.now()}`,
        media: media(run),
      };
      sandbox.clearRequests();
      const started = performance.now();
      await adapter.publish(request);
      samples.push(performance.now() - started);
    }
    const requests = sandbox.requests().length;
    const s = summary(samples);
    process.stdout.write(
      `${platform.padEnd(9)} p50 ${ms(s.p50)}  p95 ${ms(s.p95)}  max ${ms(s.max)}  (${requests} requests per post)\n`,
    );
    const published = sandbox.publishedPosts(platform).at(-1);
    if (published?.media.length !== 4) throw new Error(`${platform}: the last post does not carry 4 images`);
  }
} finally {
  await images.close();
  await sandbox.close();
}
