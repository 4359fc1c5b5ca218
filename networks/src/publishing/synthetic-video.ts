// Test videos for the adapters and sandboxes: bytes that start like an MP4 (an `ftyp` box) and
// are random after it. The adapters never parse a video (its facts come in PublishVideo), and the
// sandboxes only look at the first box, so no real encoding is needed.
import { randomBytes } from 'node:crypto';
import { sha256 } from './test-images.js';
import type { PublishVideo, PublishVideoCover } from './types.js';

export interface SyntheticVideo {
  video: PublishVideo;
  bytes: Buffer;
  /** sha256 of `bytes`, hex. */
  sha256: string;
  /** Every `read(start, end)` the adapter made, in order. */
  reads: [number, number][];
}

/** A `sizeBytes` MP4-looking file (or, with `playable: false`, bytes no network can decode). */
export function syntheticVideo(
  sizeBytes: number,
  options: { playable?: boolean; cover?: PublishVideoCover | null; durationSeconds?: number } = {},
): SyntheticVideo {
  const bytes = randomBytes(sizeBytes);
  if (options.playable !== false) {
    bytes.writeUInt32BE(24, 0);
    bytes.write('ftypisom', 4, 'latin1');
  } else {
    bytes.write('<html>não é vídeo</html>', 0, 'utf8');
  }
  const reads: [number, number][] = [];
  const video: PublishVideo = {
    mimeType: 'video/mp4',
    sizeBytes,
    durationSeconds: options.durationSeconds ?? 12,
    width: 1280,
    height: 720,
    frameRate: 30,
    async read(start, end) {
      reads.push([start, end]);
      if (start < 0 || end > sizeBytes || start >= end) throw new RangeError(`bad range ${start}–${end}`);
      return new Uint8Array(bytes.subarray(start, end));
    },
    url: 'https://storage.invalid/video.mp4',
    cover: options.cover ?? null,
  };
  return { video, bytes, sha256: sha256(bytes), reads };
}

/** How one request of a publish fails in a step test. */
export type StepFault =
  /** The network answers this status (and body) without acting on the request. */
  | { status: number; body?: unknown }
  /** The request reaches the network (it acts on it), then the connection drops before the answer. */
  | { resetAfterSending: true };

/**
 * A fetch that fails the first request `matches` picks (url, method) with `fault`, and passes
 * everything else to `base`. The sandbox's own faults match path prefixes; a video step's path
 * carries the upload id, which a test does not know in advance.
 */
export function failingFetch(
  base: typeof globalThis.fetch,
  matches: (url: string, method: string) => boolean,
  fault: StepFault,
): typeof globalThis.fetch & { fired: () => number } {
  let fired = 0;
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    if (fired > 0 || !matches(url, method)) return base(input, init);
    fired += 1;
    if ('status' in fault) {
      return new Response(JSON.stringify(fault.body ?? { message: `HTTP ${fault.status}` }), {
        status: fault.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const answer = await base(input, init);
    await answer.arrayBuffer();
    throw Object.assign(new TypeError('fetch failed'), {
      cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    });
  };
  return Object.assign(wrapped as typeof globalThis.fetch, { fired: () => fired });
}
