import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const script = Array.from({ length: 200 }, (_, i) => `const a${i} = document.getElementById("x${i}");`).join(
  '\n',
);

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy of every text file that decode to the same bytes', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pauta-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const files = {
      'index.html': `<!doctype html><html><head><title>Pauta</title></head><body>${'<p>Olá</p>'.repeat(50)}</body></html>`,
      'assets/index-abc.js': script,
      'assets/index-abc.css': '.m_1{color:red}'.repeat(100),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(40)}</svg>`,
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);

    const result = await precompressDir(dir);

    expect(result).toEqual({ files: 4, written: 8 });
    for (const [name, body] of Object.entries(files)) {
      const br = readFileSync(path.join(dir, `${name}.br`));
      const gz = readFileSync(path.join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).toString(), name).toBe(body);
      expect(gunzipSync(gz).toString(), name).toBe(body);
      expect(br.length).toBeLessThan(Buffer.byteLength(body));
    }
  });

  it('skips binary files and copies that would not be smaller, and never compresses a copy again', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pauta-precompress-'));
    writeFileSync(path.join(dir, 'tiny.css'), '.a{}');
    writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(2000, 1));
    writeFileSync(path.join(dir, 'app.js'), script);

    await precompressDir(dir);
    const again = await precompressDir(dir);

    expect(existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'tiny.css.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'app.js.br'))).toBe(true);
    expect(again.files).toBe(2);
    expect(existsSync(path.join(dir, 'app.js.br.br'))).toBe(false);
  });
});
