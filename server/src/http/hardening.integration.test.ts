// What the web answers to requests no browser of ours sends (issue 11, item 9): malformed bodies,
// batches and deeply nested JSON get a 4xx with an error code and its pt-BR text — never an
// internal message ("Maximum call stack size exceeded", "Cannot destructure property 'json'…",
// zod's English issues); OPTIONS /trpc answers 204 with Allow; other methods 405; HSTS and
// upgrade-insecure-requests only when APP_URL is https.

import { errorMessages, isErrorCode } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';

let handle: DbHandle;
let app: { url: string; close(): Promise<void> };
let cookie: string;

beforeAll(async () => {
  handle = await testDb();
  app = await listen(testDeps(handle));
  const user = await signedInUser(handle, app.url, { label: 'hardening' });
  cookie = user.browser.cookieHeader();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
});

const SAME_ORIGIN = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };
const nested = (depth: number, open: string, close: string, inner = '') =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Phrases of JavaScript, JSON, zod and tRPC internals that must never reach a client. */
const INTERNAL_TEXT =
  /call stack|destructure|JSON|Unexpected|position \d|[Ee]xpected|Invalid input|[Pp]rocedure|[Bb]atch|__proto__|received|undefined/;

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { method: 'POST', headers: { ...SAME_ORIGIN, cookie, ...headers }, body });

const get = (path: string) => fetch(`${app.url}${path}`, { headers: { cookie } });

const malformed: [string, () => Promise<Response>][] = [
  ['null body', () => post('/trpc/auth.signIn', 'null')],
  ['a number as the body', () => post('/trpc/auth.signIn', '5')],
  ['a string as the body', () => post('/trpc/auth.signIn', '"x"')],
  ['broken JSON', () => post('/trpc/auth.signIn', '{bad')],
  ['an empty body', () => post('/trpc/auth.signIn', '')],
  ['an array 20 000 deep', () => post('/trpc/auth.signIn', nested(20_000, '[', ']'))],
  [
    'deeply nested superjson meta',
    () => post('/trpc/auth.signIn', `{"json":{},"meta":{"values":${nested(8000, '{"a":', '}', '1')}}}`),
  ],
  [
    'a nested array in meta',
    () => post('/trpc/auth.signIn', `{"json":{},"meta":{"values":${nested(8000, '[', ']')}}}`),
  ],
  [
    '__proto__ in meta',
    () => post('/trpc/auth.signIn', '{"json":{},"meta":{"values":{"__proto__":["Date"]}}}'),
  ],
  ['wrong field types', () => post('/trpc/auth.signIn', '{"json":{"email":5,"password":[]}}')],
  [
    'a deep object as a field',
    () => post('/trpc/posts.reschedule', `{"json":${nested(5000, '{"a":', '}', '1')}}`),
  ],
  ['a batch with a null body', () => post('/trpc/auth.signIn,auth.signUp?batch=1', 'null')],
  ['a batch with an array body', () => post('/trpc/auth.signIn,auth.signUp?batch=1', '[1,2]')],
  ['a batch with null entries', () => post('/trpc/auth.signIn,auth.signUp?batch=1', '{"0":null,"1":5}')],
  ['a batch over 20 calls', () => post(`/trpc/${Array(30).fill('auth.signIn').join(',')}?batch=1`, '{}')],
  ['an unknown procedure in a batch', () => post('/trpc/nope.nope,auth.signIn?batch=1', '{}')],
  ['an unknown procedure', () => post('/trpc/nope', '{}')],
  ['a POST to a query', () => post('/trpc/auth.session', '{}')],
  ['a GET to a mutation', () => get('/trpc/auth.signIn')],
  ['a GET with broken input', () => get('/trpc/auth.session?input=%7Bbad')],
  ['a GET with null input', () => get('/trpc/auth.session?input=null')],
  ['a GET batch with a number', () => get('/trpc/auth.session?batch=1&input=5')],
  ['a body over 100 kB', () => post('/trpc/auth.signIn', `{"json":"${'a'.repeat(200_000)}"}`)],
];

interface ErrorBody {
  message: string;
  data: { code: string; httpStatus: number; userMessage: string };
}

describe('malformed tRPC requests', () => {
  for (const [name, send] of malformed) {
    it(`${name}: a 4xx with a code and its pt-BR text, nothing internal`, async () => {
      const res = await send();
      const text = await res.text();
      const body = JSON.parse(text) as { error: { json: ErrorBody } } | { error: { json: ErrorBody } }[];
      // A batch whose calls fail differently answers 207 (tRPC), each call with its own 4xx.
      if (res.status !== 207) {
        expect(res.status, text.slice(0, 300)).toBeGreaterThanOrEqual(400);
        expect(res.status, text.slice(0, 300)).toBeLessThan(500);
      }
      for (const entry of Array.isArray(body) ? body : [body]) {
        const { message, data } = entry.error.json;
        expect(isErrorCode(message), message).toBe(true);
        expect(data.userMessage).toBe(errorMessages[message as keyof typeof errorMessages]);
        expect(data.httpStatus).toBeGreaterThanOrEqual(400);
        expect(data.httpStatus).toBeLessThan(500);
      }
      expect(text).not.toMatch(INTERNAL_TEXT);
    });
  }

  it('keeps the field names of a rejected input (the client highlights them), as codes only', async () => {
    const res = await post('/trpc/auth.signIn', '{"json":{"email":"nao-e-email","password":"x"}}');
    const body = (await res.json()) as { error: { json: ErrorBody & { data: { zodError: unknown } } } };
    expect(res.status).toBe(400);
    expect(body.error.json.message).toBe('VALIDATION_FAILED');
    expect(body.error.json.data.zodError).toEqual({
      formErrors: [],
      fieldErrors: { email: ['invalid_format'] },
    });
  });
});

describe('methods on /trpc', () => {
  it('OPTIONS answers 204 with Allow; PUT, PATCH and DELETE answer 405 with Allow and a pt-BR text', async () => {
    for (const path of ['/trpc', '/trpc/auth.signIn']) {
      const options = await fetch(`${app.url}${path}`, { method: 'OPTIONS' });
      expect(options.status, path).toBe(204);
      expect(options.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
      // Same origin only: no CORS grant for anybody.
      expect(options.headers.get('access-control-allow-origin')).toBeNull();
    }
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await fetch(`${app.url}/trpc/auth.signIn`, { method, headers: SAME_ORIGIN, body: '{}' });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
      expect(await res.json()).toEqual({ error: 'METHOD_NOT_ALLOWED', message: 'Método não permitido.' });
    }
  });
});

describe('transport security headers follow APP_URL', () => {
  it('no HSTS nor upgrade-insecure-requests over http; both over https', async () => {
    const plain = await fetch(`${app.url}/healthz`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    expect(plain.headers.get('content-security-policy')).not.toContain('upgrade-insecure-requests');

    const secureApp = await listen(testDeps(handle, {}, { APP_URL: 'https://pauta.exemplo.com' }));
    try {
      const secure = await fetch(`${secureApp.url}/healthz`);
      expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(secure.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    } finally {
      await secureApp.close();
    }
  });
});

describe('no-store on API answers and a Permissions-Policy everywhere (issue 24, item 5.6)', () => {
  const FEATURES = ['camera', 'microphone', 'geolocation', 'payment', 'usb'];
  it('every /trpc, /auth and /api answer says Cache-Control: no-store; every answer carries Permissions-Policy', async () => {
    const answers: [string, Response][] = [
      ['trpc query', await get('/trpc/auth.session')],
      ['trpc mutation error', await post('/trpc/auth.signIn', '{"json":{"email":"a@b.co","password":"x"}}')],
      ['trpc unknown', await post('/trpc/nope', '{}')],
      ['oauth start', await fetch(`${app.url}/auth/oauth/google/start`, { redirect: 'manual' })],
      [
        'auth unknown route',
        await fetch(`${app.url}/auth/oauth/nope`, { headers: { accept: 'application/json' } }),
      ],
      ['api', await fetch(`${app.url}/api/anything`, { headers: { accept: 'application/json' } })],
      ['healthz', await fetch(`${app.url}/healthz`)],
    ];
    for (const [name, res] of answers) {
      expect(res.headers.get('cache-control'), name).toContain('no-store');
      const policy = (res.headers.get('permissions-policy') ?? '').split(', ');
      for (const feature of FEATURES) expect(policy, name).toContain(`${feature}=()`);
      await res.body?.cancel();
    }
  });
});
