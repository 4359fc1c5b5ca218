// "Ver na rede" in sandbox mode: the URL a publish returned, rewritten to the sandbox, is a page
// that shows the post (escaped), not a dead link to the real network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkedInAdapter } from '../linkedin/publish.js';
import { testMedia } from '../publishing/test-images.js';
import { createNetworkFetch, rewriteUrl } from '../sandbox-url.js';
import { createThreadsAdapter } from '../threads/publish.js';
import { createXAdapter } from '../x/publish.js';
import { type SandboxHandle, startSandbox } from './server.js';

let sandbox: SandboxHandle;

beforeAll(async () => {
  sandbox = await startSandbox();
});

afterAll(async () => {
  await sandbox.close();
});

async function open(url: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await fetch(rewriteUrl(url, sandbox.url));
  return { status: response.status, html: await response.text(), headers: response.headers };
}

describe('sandbox post pages', () => {
  it('LinkedIn: shows the author and the text as written (unescaped little text, HTML-escaped)', async () => {
    const issued = sandbox.issueToken({ network: 'linkedin', user: 'bruno' });
    const text = 'Dica #1 (grátis): <script>alert("x")</script> & @pauta_app\nsegunda linha';
    const result = await createLinkedInAdapter({ fetch: createNetworkFetch(sandbox.url) }).publish({
      target: { platformUserId: issued.platformUserId, accessToken: issued.accessToken },
      title: 't',
      text,
    });
    const page = await open(result.url ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.html).toContain('Bruno Lima');
    expect(page.html).toContain(
      'Dica #1 (grátis): &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; @pauta_app\nsegunda linha',
    );
    expect(page.html).not.toContain('<script>');
    expect(page.html).toContain('Sandbox da Pauta');
  });

  it('Threads: the post page at its permalink (@username/post/code), the author with the @username', async () => {
    const issued = sandbox.issueToken({ network: 'threads', user: 'ana' });
    const result = await createThreadsAdapter({
      fetch: createNetworkFetch(sandbox.url),
      statusPollIntervalMs: 1,
    }).publish({
      target: { platformUserId: issued.platformUserId, accessToken: issued.accessToken },
      title: 't',
      text: 'Um fio <b>curto</b>',
    });
    expect(result.url).toMatch(/^https:\/\/www\.threads\.net\/@anasouza\/post\/\w+$/);
    const page = await open(result.url ?? '');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Ana Souza (@anasouza)');
    expect(page.html).toContain('Um fio &#60;b&#62;curto&#60;/b&#62;');
    expect((await open('https://www.threads.net/@anasouza/post/NAOEXISTE')).status).toBe(404);
  });

  it('X: the status page of the tweet; an unknown id is a 404 page', async () => {
    const issued = sandbox.issueToken({ network: 'x', user: 'ana' });
    const result = await createXAdapter({ fetch: createNetworkFetch(sandbox.url) }).publish({
      target: { platformUserId: issued.platformUserId, accessToken: issued.accessToken },
      title: 't',
      text: 'Olá, X',
    });
    const page = await open(result.url ?? '');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Olá, X');
    expect(page.html).toContain('@anasouza');
    const missing = await open('https://x.com/i/web/status/123');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Post não encontrado');
  });

  it('a post with images lists each one as received: type, size and its alt text (escaped)', async () => {
    const issued = sandbox.issueToken({ network: 'x', user: 'ana' });
    const media = testMedia(2, { type: 'png' });
    media[1] = { ...media[1]!, altText: 'Gráfico <b>de vendas</b>' };
    const result = await createXAdapter({ fetch: createNetworkFetch(sandbox.url) }).publish({
      target: { platformUserId: issued.platformUserId, accessToken: issued.accessToken },
      title: 't',
      text: `Com imagens ${Date.now()}`,
      media,
    });
    const page = await open(result.url ?? '');
    expect(page.html).toContain('Imagem 1: PNG 64×64');
    expect(page.html).toContain('“Descrição da imagem 1”');
    expect(page.html).toContain('Imagem 2: PNG 64×64');
    expect(page.html).toContain('Gráfico &#60;b&#62;de vendas&#60;/b&#62;');
  });
});
