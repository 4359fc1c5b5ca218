// The link card's page reader: a private address (here the loopback) is refused unless allowed,
// an answer over its size limit and a redirect to a private address give nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicPage } from './public-page.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/grande') res.writeHead(200, { 'content-type': 'text/html' }).end('x'.repeat(2000));
    else if (req.url === '/volta') res.writeHead(302, { location: `${base}/pagina` }).end();
    else res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<title>Olá</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchPublicPage', () => {
  it('refuses a private address (the loopback) unless private addresses are allowed', async () => {
    expect(await fetchPublicPage(`${base}/pagina`, { timeoutMs: 2000, maxBytes: 1000 })).toBeNull();
    const page = await fetchPublicPage(`${base}/pagina`, {
      timeoutMs: 2000,
      maxBytes: 1000,
      allowPrivate: true,
    });
    expect(page?.contentType).toBe('text/html');
    expect(new TextDecoder().decode(page?.bytes)).toBe('<title>Olá</title>');
  });

  it('gives nothing past the size limit; follows a redirect, checked again', async () => {
    const allowed = { timeoutMs: 2000, maxBytes: 1000, allowPrivate: true };
    expect(await fetchPublicPage(`${base}/grande`, allowed)).toBeNull();
    expect((await fetchPublicPage(`${base}/volta`, allowed))?.url).toBe(`${base}/pagina`);
    // A public name resolving to a private address is refused like the address itself.
    const resolve = async () => [{ address: '10.0.0.5', family: 4 }];
    expect(
      await fetchPublicPage('https://exemplo.com.br/', { timeoutMs: 2000, maxBytes: 1000, resolve }),
    ).toBeNull();
  });
});
