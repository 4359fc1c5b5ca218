// What the sandbox networks check in an uploaded or fetched image, as the real ones do before
// anything else: the format by its signature (never by the name or the declared type), and the
// dimensions from the header. The sandbox does not decode pixels.
import { createHash } from 'node:crypto';

export interface InspectedImage {
  mimeType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
  width: number;
  height: number;
}

/** What a sandbox network keeps of an image it received (tests assert it via /__sandbox/posts). */
export interface SandboxImage {
  /** sha256 of the bytes, hex. */
  sha256: string;
  size: number;
  mimeType: string;
  width: number;
  height: number;
  altText: string;
}

function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return null;
}

function webpSize(bytes: Buffer): { width: number; height: number } | null {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X' && bytes.length >= 30) {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ' && bytes.length >= 30) {
    return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const bits = bytes.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  return null;
}

/** The image's format and size from its bytes; null when the bytes are no image the sandbox knows. */
export function inspectImage(bytes: Buffer): InspectedImage | null {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes);
    return size === null ? null : { mimeType: 'image/jpeg', ...size };
  }
  if (bytes.length >= 24 && bytes.toString('latin1', 0, 8) === '\x89PNG\r\n\x1a\n') {
    return { mimeType: 'image/png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (bytes.length >= 10 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) {
    return { mimeType: 'image/gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (
    bytes.length >= 16 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    const size = webpSize(bytes);
    return size === null ? null : { mimeType: 'image/webp', ...size };
  }
  return null;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** A multipart/form-data body (kept raw by the sandbox app) parsed with the platform's parser. */
export async function readMultipart(
  contentType: string | undefined,
  body: unknown,
): Promise<FormData | null> {
  if (contentType === undefined || !/^multipart\/form-data/i.test(contentType) || !Buffer.isBuffer(body))
    return null;
  try {
    return await new Request('http://sandbox.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch {
    return null;
  }
}

/** A file field of a multipart body, as bytes; null when absent or not a file. */
export async function fileField(form: FormData, name: string): Promise<Buffer | null> {
  const value = form.get(name);
  if (value === null || typeof value === 'string') return null;
  return Buffer.from(await value.arrayBuffer());
}
