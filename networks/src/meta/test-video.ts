// Synthetic videos for the Meta adapters' tests: bytes that start with an MP4 `ftyp` box (what
// the sandbox checks) followed by deterministic content, handed over as the worker hands a video
// (`PublishVideo`: facts, a ranged `read`, a signed URL). The adapters never parse the video.
import type { PublishVideo, PublishVideoCover } from '../publishing/types.js';

/** `size` bytes of an "MP4": an `ftyp` box, then bytes that depend on `seed` and the position. */
export function videoBytes(size: number, seed = 1): Buffer {
  const bytes = Buffer.alloc(Math.max(size, 32));
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  for (let i = 12; i < bytes.length; i++) bytes[i] = (i * 31 + seed * 7 + (i >> 8)) & 0xff;
  return bytes;
}

export interface TestVideo extends PublishVideo {
  /** Every `read(start, end)` the adapter made, in order. */
  readonly reads: [number, number][];
}

/** A 9:16, 30 s video (a Reel on both networks) unless `facts` says otherwise. */
export function testVideo(
  bytes: Buffer,
  url: string,
  facts: Partial<Omit<PublishVideo, 'read' | 'url'>> & { cover?: PublishVideoCover | null } = {},
): TestVideo {
  const reads: [number, number][] = [];
  return {
    mimeType: 'video/mp4',
    sizeBytes: bytes.length,
    durationSeconds: 30,
    width: 1080,
    height: 1920,
    frameRate: 30,
    cover: null,
    ...facts,
    url,
    reads,
    read: async (start, end) => {
      if (start < 0 || end > bytes.length || start >= end) throw new Error(`bad range ${start}-${end}`);
      reads.push([start, end]);
      return new Uint8Array(bytes.subarray(start, end));
    },
  };
}
