// Test images for the media publishing tests: real PNG files (zlib-compressed scanlines) and JPEG
// files with a genuine header (SOI, JFIF, SOF0 with the dimensions, EOI). The sandbox networks
// check signatures and header dimensions, as the real ones do before decoding.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync } from 'node:zlib';
import type { PublishMedia } from './types.js';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid RGB PNG of `width`×`height`, its colour from `seed` (different seeds, different bytes). */
export function pngImage(width: number, height: number, seed = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++)
    row.set([(seed * 37) & 0xff, (x * 7 + seed) & 0xff, (seed * 91) & 0xff], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG header of `width`×`height` followed by `padding` bytes of scan data (size tests). */
export function jpegImage(width: number, height: number, seed = 1, padding = 256): Buffer {
  const app0 = Buffer.from([
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ]);
  const sof = Buffer.from([
    0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01,
  ]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const scan = Buffer.alloc(padding, seed & 0xff);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, scan, Buffer.from([0xff, 0xd9])]);
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** `count` images as the worker hands them over; `url` is filled in by `serveImages`. */
export function testMedia(
  count: number,
  options: { type?: 'png' | 'jpeg'; width?: number; height?: number; baseUrl?: string } = {},
): PublishMedia[] {
  const width = options.width ?? 1080;
  const height = options.height ?? 1080;
  return Array.from({ length: count }, (_, index) => {
    const bytes =
      options.type === 'png'
        ? pngImage(Math.min(width, 64), Math.min(height, 64), index + 1)
        : jpegImage(width, height, index + 1);
    return {
      mimeType: options.type === 'png' ? 'image/png' : 'image/jpeg',
      altText: `Descrição da imagem ${index + 1}`,
      width: options.type === 'png' ? Math.min(width, 64) : width,
      height: options.type === 'png' ? Math.min(height, 64) : height,
      bytes,
      url: `${options.baseUrl ?? 'http://127.0.0.1:9'}/media/${index + 1}.jpg?sig=abc`,
    };
  });
}

export interface ImageServer {
  url: string;
  /** Serves `bytes` at `/media/<name>` with `contentType`. */
  put(name: string, bytes: Buffer, contentType?: string): string;
  /** How many times each path was fetched. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

/** A tiny HTTP server standing in for Pauta's signed media URLs (Instagram fetches them). */
export async function serveImages(): Promise<ImageServer> {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const file = files.get(path);
    if (file === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res
      .writeHead(200, { 'content-type': file.contentType, 'content-length': file.bytes.length })
      .end(file.bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    hits,
    put(name, bytes, contentType = 'image/jpeg') {
      files.set(`/media/${name}`, { bytes, contentType });
      return `${url}/media/${name}?sig=signed`;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
