// The SOCIAL_SANDBOX_URL seam: every outbound https call to a network is rewritten to
// `${sandbox}/HOST/PATH?QUERY`, either through a fetch we hand out or by wrapping global fetch.

type FetchFunction = typeof globalThis.fetch;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const installedMarker = Symbol.for('pauta.sandboxFetch');

interface InstalledFetch extends FetchFunction {
  [installedMarker]?: { sandboxUrl: string; original: FetchFunction };
}

function normaliseSandboxUrl(sandboxUrl: string): string {
  const parsed = new URL(sandboxUrl);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error('The sandbox URL must be an http(s) URL');
  }
  if (parsed.search !== '' || parsed.hash !== '') {
    throw new Error('The sandbox URL must not carry a query or a fragment');
  }
  return parsed.href.replace(/\/+$/, '');
}

/**
 * `https://HOST/PATH?QUERY` → `${sandboxUrl}/HOST/PATH?QUERY`. Anything else (plain http,
 * https to loopback, URLs already pointing at the sandbox) is returned unchanged.
 */
export function rewriteUrl(url: string | URL, sandboxUrl: string): string {
  const base = normaliseSandboxUrl(sandboxUrl);
  const target = typeof url === 'string' ? new URL(url) : url;
  if (target.protocol !== 'https:' || LOOPBACK_HOSTS.has(target.hostname)) return target.href;
  if (target.href === base || target.href.startsWith(`${base}/`)) return target.href;
  const port = target.port === '' ? '' : `:${target.port}`;
  return `${base}/${target.hostname}${port}${target.pathname}${target.search}${target.hash}`;
}

/** Same as `rewriteUrl`, but returns a `URL` (handy for authorization URLs). */
export function rewriteAuthorizationUrl(url: URL, sandboxUrl: string | undefined): URL {
  return sandboxUrl === undefined ? url : new URL(rewriteUrl(url, sandboxUrl));
}

async function rewriteRequest(
  input: Parameters<FetchFunction>[0],
  init: RequestInit | undefined,
  sandboxUrl: string,
) {
  if (input instanceof Request) {
    const rewritten = rewriteUrl(input.url, sandboxUrl);
    if (rewritten === input.url) return { input, init };
    // Rebuilding from a buffered body avoids the `duplex` dance streamed bodies need.
    const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.arrayBuffer();
    const request = new Request(rewritten, {
      method: input.method,
      headers: input.headers,
      body,
      redirect: input.redirect,
      signal: input.signal,
    });
    return { input: request, init };
  }
  return { input: rewriteUrl(input instanceof URL ? input : new URL(input), sandboxUrl), init };
}

/**
 * A fetch for our own network calls (publish, metrics, userinfo). Without a sandbox URL it is
 * plain global fetch, looked up at call time so test stubs apply.
 */
export function createNetworkFetch(sandboxUrl?: string): FetchFunction {
  if (sandboxUrl === undefined) {
    return (input, init) => globalThis.fetch(input, init);
  }
  const base = normaliseSandboxUrl(sandboxUrl);
  return async (input, init) => {
    const rewritten = await rewriteRequest(input, init, base);
    return globalThis.fetch(rewritten.input, rewritten.init);
  };
}

/**
 * Wraps global fetch so every https request goes to the sandbox. Arctic sends its token
 * requests through global fetch, so this is the only way to point it elsewhere. Installing
 * twice with the same URL is a no-op; another URL replaces the previous one.
 */
export function installSandboxFetch(sandboxUrl: string): void {
  const base = normaliseSandboxUrl(sandboxUrl);
  const current = globalThis.fetch as InstalledFetch;
  const installed = current[installedMarker];
  if (installed?.sandboxUrl === base) return;
  const original = installed?.original ?? current;
  const wrapped: InstalledFetch = async (input, init) => {
    const rewritten = await rewriteRequest(input, init, base);
    return original(rewritten.input, rewritten.init);
  };
  wrapped[installedMarker] = { sandboxUrl: base, original };
  globalThis.fetch = wrapped;
}

/** Restores the fetch that was global before `installSandboxFetch` (for tests). */
export function uninstallSandboxFetch(): void {
  const installed = (globalThis.fetch as InstalledFetch)[installedMarker];
  if (installed !== undefined) globalThis.fetch = installed.original;
}

/** The sandbox URL global fetch currently routes to, or null. */
export function installedSandboxUrl(): string | null {
  return (globalThis.fetch as InstalledFetch)[installedMarker]?.sandboxUrl ?? null;
}

/** True when global fetch routes to this sandbox URL. */
export function isSandboxFetchInstalled(sandboxUrl: string): boolean {
  return installedSandboxUrl() === normaliseSandboxUrl(sandboxUrl);
}
