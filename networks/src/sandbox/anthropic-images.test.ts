// The stand-in's image content blocks, checked as the real Messages API checks them (media_type,
// base64, size, the bytes matching the declared type: else 400 invalid_request_error), and its
// deterministic pt-BR answer to an alt text request (server/src/ai/describe-image.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { altTextFor } from './anthropic.js';
import { type SandboxHandle, startSandbox } from './server.js';

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

/** A PNG's signature and IHDR: what the stand-in reads (it does not decode pixels). */
function png(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from('\x89PNG\r\n\x1a\n', 'latin1').copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

function gif(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(13);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

const ALT_BLOCK = `Escreva o texto alternativo.\n<alt_request>\n${JSON.stringify({
  post_text: 'Três dicas de café coado.',
  theme: 'Café especial',
  max_characters: 250,
})}\n</alt_request>`;

async function ask(image: Record<string, unknown>, text = ALT_BLOCK) {
  const response = await fetch(`${sandbox.url}/api.anthropic.com/v1/messages`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': 'sk-ant-test',
      'anthropic-version': '2026-10-21',
    },
    body: JSON.stringify({
      model: 'claude-sonnet-5-5',
      max_tokens: 400,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: image },
            { type: 'text', text },
          ],
        },
      ],
      output_config: { format: { type: 'json_schema', schema: { type: 'object' } } },
    }),
  });
  return {
    status: response.status,
    json: (await response.json()) as {
      content?: { text: string }[];
      error?: { type: string; message: string };
      usage?: { input_tokens: number };
    },
  };
}

const base64 = (bytes: Buffer) => bytes.toString('base64');

describe('sandbox Anthropic: image content blocks', () => {
  it('describes a valid image deterministically in pt-BR from its shape and the theme, and bills its pixels', async () => {
    const { status, json } = await ask({
      type: 'base64',
      media_type: 'image/png',
      data: base64(png(1000, 750)),
    });
    expect(status).toBe(200);
    const answer = JSON.parse(json.content?.[0]?.text ?? '{}') as { alt_text: string };
    expect(answer.alt_text).toBe(
      'Cena em formato paisagem (1000 × 750 px) que ilustra o tema "Café especial".',
    );
    expect(answer.alt_text).not.toMatch(/^imagem de/i);
    // ~ width × height / 750 tokens for the image, as the real API counts.
    expect(json.usage?.input_tokens).toBeGreaterThanOrEqual(1000);

    const portrait = await ask({ type: 'base64', media_type: 'image/gif', data: base64(gif(300, 600)) });
    expect(JSON.parse(portrait.json.content?.[0]?.text ?? '{}').alt_text).toContain('retrato (300 × 600 px)');
  });

  it.each([
    [
      'an unknown media_type',
      { type: 'base64', media_type: 'image/svg+xml', data: base64(png(10, 10)) },
      "media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'",
    ],
    [
      'data that is not base64',
      { type: 'base64', media_type: 'image/png', data: 'não é base64!' },
      'not valid base64',
    ],
    [
      'bytes of another type than declared',
      { type: 'base64', media_type: 'image/jpeg', data: base64(png(10, 10)) },
      'Image does not match the provided media type image/jpeg',
    ],
    [
      'bytes that are no image',
      { type: 'base64', media_type: 'image/png', data: base64(Buffer.from('olá, mundo')) },
      'Could not process image',
    ],
    [
      'a missing source type',
      { media_type: 'image/png', data: base64(png(10, 10)) },
      'does not match any of the expected tags',
    ],
    ['no data', { type: 'base64', media_type: 'image/png' }, 'data: Field required'],
  ])('answers 400 invalid_request_error for %s', async (_name, source, message) => {
    const { status, json } = await ask(source);
    expect(status).toBe(400);
    expect(json.error?.type).toBe('invalid_request_error');
    expect(json.error?.message).toContain('messages.0.content.0.image.source');
    expect(json.error?.message).toContain(message);
  });

  it('refuses an image over 5 MB as the real API does', async () => {
    const big = Buffer.concat([png(4000, 3000), Buffer.alloc(5 * 1024 * 1024)]);
    const { status, json } = await ask({ type: 'base64', media_type: 'image/png', data: base64(big) });
    expect(status).toBe(400);
    expect(json.error?.message).toContain('image exceeds 5 MB maximum');
  });

  it('keeps the description within max_characters', () => {
    const text = altTextFor(
      { width: 10, height: 10 },
      { post_text: '', theme: 'x'.repeat(400), max_characters: 60 },
    );
    expect(text.length).toBe(60);
    expect(text.startsWith('Cena em formato quadrado (10 × 10 px)')).toBe(true);
  });
});
