import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createNetworkFetch,
  installedSandboxUrl,
  installSandboxFetch,
  isSandboxFetchInstalled,
  rewriteAuthorizationUrl,
  rewriteUrl,
  uninstallSandboxFetch,
} from './sandbox-url.js';

const SANDBOX = 'http://127.0.0.1:4010';

describe('rewriteUrl', () => {
  it('prefixes https URLs with the sandbox and keeps host, path and query', () => {
    expect(rewriteUrl('https://oauth2.googleapis.com/token', SANDBOX)).toBe(
      `${SANDBOX}/oauth2.googleapis.com/token`,
    );
    expect(
      rewriteUrl('https://api.twitter.com/2/users/me?user.fields=profile_image_url,public_metrics', SANDBOX),
    ).toBe(`${SANDBOX}/api.twitter.com/2/users/me?user.fields=profile_image_url,public_metrics`);
    expect(rewriteUrl(new URL('https://graph.facebook.com/v16.0/me?fields=id%2Cname'), SANDBOX)).toBe(
      `${SANDBOX}/graph.facebook.com/v16.0/me?fields=id%2Cname`,
    );
  });

  it('keeps an explicit port in the host segment', () => {
    expect(rewriteUrl('https://example.com:8443/a', SANDBOX)).toBe(`${SANDBOX}/example.com:8443/a`);
  });

  it('accepts a sandbox URL with a trailing slash or a base path', () => {
    expect(rewriteUrl('https://api.linkedin.com/v2/userinfo', `${SANDBOX}/`)).toBe(
      `${SANDBOX}/api.linkedin.com/v2/userinfo`,
    );
    expect(rewriteUrl('https://api.linkedin.com/rest/posts', 'http://sandbox.test/net/')).toBe(
      'http://sandbox.test/net/api.linkedin.com/rest/posts',
    );
  });

  it('leaves http, loopback and already-rewritten URLs alone', () => {
    expect(rewriteUrl('http://127.0.0.1:5432/x', SANDBOX)).toBe('http://127.0.0.1:5432/x');
    expect(rewriteUrl('http://internal.test/x', SANDBOX)).toBe('http://internal.test/x');
    expect(rewriteUrl('https://localhost:3000/x', SANDBOX)).toBe('https://localhost:3000/x');
    expect(rewriteUrl('https://sandbox.test/api.x.com/2/tweets', 'https://sandbox.test')).toBe(
      'https://sandbox.test/api.x.com/2/tweets',
    );
  });

  it('rejects a sandbox URL that is not http(s) or carries a query', () => {
    expect(() => rewriteUrl('https://a.test/', 'ftp://x.test')).toThrow();
    expect(() => rewriteUrl('https://a.test/', `${SANDBOX}?a=1`)).toThrow();
  });
});

describe('rewriteAuthorizationUrl', () => {
  it('rewrites only when a sandbox is configured', () => {
    const url = new URL('https://www.linkedin.com/oauth/v2/authorization?state=s');
    expect(rewriteAuthorizationUrl(url, undefined)).toBe(url);
    expect(rewriteAuthorizationUrl(url, SANDBOX).href).toBe(
      `${SANDBOX}/www.linkedin.com/oauth/v2/authorization?state=s`,
    );
  });
});

function fakeFetch() {
  const calls: { url: string; method: string; body: string | null; headers: Headers }[] = [];
  const fn = vi.fn(async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({
      url: request.url,
      method: request.method,
      body: request.body === null ? null : await request.text(),
      headers: request.headers,
    });
    return new Response('{}', { status: 200 });
  });
  return { fn, calls };
}

describe('installSandboxFetch', () => {
  afterEach(() => {
    uninstallSandboxFetch();
    vi.unstubAllGlobals();
  });

  it('routes global fetch, including Request objects with a body (as Arctic sends them)', async () => {
    const fake = fakeFetch();
    vi.stubGlobal('fetch', fake.fn);
    installSandboxFetch(SANDBOX);
    const request = new Request('https://oauth2.googleapis.com/token', {
      method: 'POST',
      body: 'grant_type=authorization_code&code=abc',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Basic eDp5' },
    });
    await fetch(request);
    await fetch('https://api.linkedin.com/v2/userinfo', { headers: { Authorization: 'Bearer t' } });
    await fetch('http://127.0.0.1:9999/local');
    expect(fake.calls.map((c) => c.url)).toEqual([
      `${SANDBOX}/oauth2.googleapis.com/token`,
      `${SANDBOX}/api.linkedin.com/v2/userinfo`,
      'http://127.0.0.1:9999/local',
    ]);
    expect(fake.calls[0]).toMatchObject({ method: 'POST', body: 'grant_type=authorization_code&code=abc' });
    expect(fake.calls[0]?.headers.get('authorization')).toBe('Basic eDp5');
    expect(fake.calls[1]?.headers.get('authorization')).toBe('Bearer t');
  });

  it('is idempotent, switches URL when asked, and uninstalls back to the original fetch', async () => {
    const fake = fakeFetch();
    vi.stubGlobal('fetch', fake.fn);
    installSandboxFetch(SANDBOX);
    const wrapped = globalThis.fetch;
    installSandboxFetch(`${SANDBOX}/`);
    expect(globalThis.fetch).toBe(wrapped);
    expect(isSandboxFetchInstalled(SANDBOX)).toBe(true);

    installSandboxFetch('http://127.0.0.1:4020');
    expect(installedSandboxUrl()).toBe('http://127.0.0.1:4020');
    await fetch('https://api.x.com/2/tweets');
    expect(fake.calls.map((c) => c.url)).toEqual(['http://127.0.0.1:4020/api.x.com/2/tweets']);

    uninstallSandboxFetch();
    expect(globalThis.fetch).toBe(fake.fn);
    expect(installedSandboxUrl()).toBeNull();
  });
});

describe('createNetworkFetch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('rewrites without touching global fetch', async () => {
    const fake = fakeFetch();
    vi.stubGlobal('fetch', fake.fn);
    const networkFetch = createNetworkFetch(SANDBOX);
    await networkFetch('https://api.twitter.com/2/tweets', { method: 'POST', body: '{"text":"oi"}' });
    expect(globalThis.fetch).toBe(fake.fn);
    expect(fake.calls[0]).toMatchObject({
      url: `${SANDBOX}/api.twitter.com/2/tweets`,
      body: '{"text":"oi"}',
    });
  });

  it('is plain global fetch (looked up at call time) without a sandbox', async () => {
    const networkFetch = createNetworkFetch();
    const fake = fakeFetch();
    vi.stubGlobal('fetch', fake.fn);
    await networkFetch('https://api.twitter.com/2/tweets');
    expect(fake.calls[0]?.url).toBe('https://api.twitter.com/2/tweets');
  });

  it('does not rewrite twice when global fetch is also routed', async () => {
    const fake = fakeFetch();
    vi.stubGlobal('fetch', fake.fn);
    installSandboxFetch(SANDBOX);
    try {
      await createNetworkFetch(SANDBOX)('https://api.linkedin.com/rest/posts');
      expect(fake.calls[0]?.url).toBe(`${SANDBOX}/api.linkedin.com/rest/posts`);
    } finally {
      uninstallSandboxFetch();
    }
  });
});
