// Google Business Profile against the sandbox: Google's OAuth with business.manage and the location
// picker (only verified locations; none → pt-BR refusal), the refresh and revocation, publishing a
// "Novidade" (summary, photo fetched from its URL, "Saiba mais" button for a link), the refusals
// (too long, two photos, someone else's location, an unverified one, 10 a minute), the lookup of a
// doubtful send, and the sandbox's own validation of event and offer posts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NETWORK_PROFILES } from '../browser.js';
import { ConnectRefusedError } from '../connect/types.js';
import { type ImageServer, serveImages, sha256, testMedia } from '../publishing/test-images.js';
import { PublishError, type PublishMedia, type PublishTarget } from '../publishing/types.js';
import { localPostProblem, sandboxLocations } from '../sandbox/google-business.js';
import { type SandboxHandle, startSandbox } from '../sandbox/server.js';
import { createNetworkFetch, installSandboxFetch, uninstallSandboxFetch } from '../sandbox-url.js';
import { googleBusiness } from './index.js';
import { createGoogleBusinessOAuthClient, GOOGLE_BUSINESS_SCOPE } from './oauth.js';

let sandbox: SandboxHandle;
let images: ImageServer;
let clock = Date.parse('2026-11-27T12:00:00Z');

beforeAll(async () => {
  sandbox = await startSandbox({ now: () => clock });
  images = await serveImages();
  installSandboxFetch(sandbox.url);
});
afterAll(async () => {
  uninstallSandboxFetch();
  await images.close();
  await sandbox.close();
});
beforeEach(() => {
  clock = Date.parse('2026-11-27T12:00:00Z');
  sandbox.reset();
  sandbox.clearPublishedPosts();
});

const client = () =>
  createGoogleBusinessOAuthClient({
    clientId: 'sandbox-google-client',
    clientSecret: 'sandbox-google-secret',
    redirectUri: 'http://localhost:3000/auth/callback?connection=true',
    sandboxUrl: sandbox.url,
    fetch: createNetworkFetch(sandbox.url),
    now: () => clock,
  });
const adapter = () => googleBusiness.createPublisher({ fetch: createNetworkFetch(sandbox.url) });

async function connect(user?: Parameters<SandboxHandle['setNextAuthorization']>[1]['user']) {
  if (user !== undefined) sandbox.setNextAuthorization('google', { user });
  const url = client().createAuthorizationURL({ state: 'estado', codeVerifier: 'v'.repeat(43) });
  const answer = await fetch(url, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location')!).searchParams.get('code')!;
  const tokens = await client().validateAuthorizationCode(code, 'v'.repeat(43));
  return { tokens, outcome: await googleBusiness.connectSteps.complete(client(), tokens, tokens.scopes) };
}

/** A business.manage token of the default user (Ana) and her first verified location. */
function locationTarget(scopes: string[] = [GOOGLE_BUSINESS_SCOPE]): PublishTarget {
  const issued = sandbox.issueToken({ network: 'google', scopes });
  const ana = sandbox.control.store.defaultUser();
  return { platformUserId: sandboxLocations(ana)[0]!.id, accessToken: issued.accessToken };
}

/** Photos served at a URL the sandbox can fetch (the signed media URL's stand-in). */
function photos(count: number, options: { width?: number; height?: number } = {}): PublishMedia[] {
  return testMedia(count, options).map((item, index) => ({
    ...item,
    url: images.put(`gbp-${index}-${item.width}x${item.height}.jpg`, Buffer.from(item.bytes)),
  }));
}

async function failure(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

describe('Google Business Profile: connecting', () => {
  it('asks Google for business.manage alone, offline with consent (a refresh token)', () => {
    const url = client().createAuthorizationURL({ state: 'abc', codeVerifier: 'v'.repeat(43) });
    expect(url.searchParams.get('scope')).toBe(GOOGLE_BUSINESS_SCOPE);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
  });

  it('two verified locations: the person chooses (the unverified branch is not offered); the choice keeps the tokens', async () => {
    const { tokens, outcome } = await connect();
    const all = sandboxLocations(sandbox.control.store.defaultUser());
    const verified = all.filter((location) => location.verified);
    expect(all).toHaveLength(3);
    expect(verified).toHaveLength(2);
    const [listing] = sandbox.requests({ host: 'mybusinessbusinessinformation.googleapis.com' });
    expect(listing!.query).toMatchObject({ readMask: 'name,title,storefrontAddress,metadata' });
    expect(outcome.kind).toBe('choose');
    if (outcome.kind !== 'choose') return;
    expect(outcome.choices.map((choice) => choice.id)).toEqual(verified.map((location) => location.id));
    expect(outcome.choices[0]!.name).toBe(`${verified[0]!.title} — Rua Augusta, 1000, São Paulo`);
    const second = verified[1]!;
    const account = await googleBusiness.connectSteps.picker!.choose(client(), {
      userToken: outcome.userToken,
      choiceId: second.id,
      profile: outcome.profile,
    });
    expect(account).toMatchObject({
      platformUserId: second.id,
      pageName: second.title,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    });
    // The unverified branch cannot be chosen even by its id.
    const branch = all.find((location) => !location.verified)!;
    expect(
      await googleBusiness.connectSteps.picker!.choose(client(), {
        userToken: outcome.userToken,
        choiceId: branch.id,
        profile: outcome.profile,
      }),
    ).toBeNull();
  });

  it('one location connects at once; none is refused with its pt-BR reason', async () => {
    const one = await connect({
      sub: '1000000000000000091',
      given_name: 'Rita',
      pages: [{ id: '10100000000999901', name: 'Padaria da Rita', category: 'Padaria' }],
    });
    expect(one.outcome).toMatchObject({ kind: 'connected', account: { pageName: 'Padaria da Rita' } });
    const error = await connect({ sub: '1000000000000000092', given_name: 'Sem', pages: [] }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConnectRefusedError);
    const reason = (error as ConnectRefusedError).reason;
    expect(reason).toBe('no_google_business_locations');
    expect(NETWORK_PROFILES.google_business.accountCard.refusals?.[reason]).toContain(
      'não administra nenhum Perfil da Empresa',
    );
  });

  it('renews the hour-long token with the refresh token, and revokes it', async () => {
    const { tokens } = await connect({
      sub: '1000000000000000093',
      given_name: 'Rita',
      pages: [{ id: '10100000000999903', name: 'Doceria da Rita', category: 'Doceria' }],
    });
    expect(tokens.refreshToken).not.toBeNull();
    const renewed = await client().refreshAccessToken(tokens.refreshToken!);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    await client().revokeToken!(renewed.accessToken);
    const answer = await createNetworkFetch(sandbox.url)(
      'https://mybusinessaccountmanagement.googleapis.com/v1/accounts',
      { headers: { Authorization: `Bearer ${renewed.accessToken}` } },
    );
    expect(answer.status).toBe(401);
  });
});

describe('Google Business Profile: publishing a Novidade', () => {
  it('sends summary, pt-BR, the photo by URL and a "Saiba mais" button for the link; answers the post and its Search page', async () => {
    const target = locationTarget();
    const [photo] = photos(1);
    const text = 'Pão de queijo saindo agora! Veja o cardápio: https://padaria.example/cardapio.';
    const result = await adapter().publish({ target, title: 't', text, media: [photo!] });
    expect(result.platformPostId).toMatch(/^accounts\/\d+\/locations\/\d+\/localPosts\/\d+$/);
    expect(result.url).toMatch(/^https:\/\/local\.google\.com\/place\?id=\d+&use=posts&lpsid=\d+$/);
    const [call] = sandbox.requests({ host: 'mybusiness.googleapis.com', method: 'POST' });
    expect(call!.body).toEqual({
      languageCode: 'pt-BR',
      summary: text,
      topicType: 'STANDARD',
      callToAction: { actionType: 'LEARN_MORE', url: 'https://padaria.example/cardapio' },
      media: [{ mediaFormat: 'PHOTO', sourceUrl: photo!.url }],
    });
    const published = sandbox.publishedPosts('google_business');
    expect(published).toHaveLength(1);
    expect(published[0]!.media.map((m) => m.sha256)).toEqual([sha256(photo!.bytes)]);
    // "Ver na rede" in sandbox mode: the post's page names the location.
    const page = await createNetworkFetch(sandbox.url)(result.url!);
    expect(await page.text()).toContain(sandboxLocations(sandbox.control.store.defaultUser())[0]!.title);
  });

  it('refuses before any call: over 1,500 characters, two photos, a photo under 250 px (pt-BR reasons)', async () => {
    const target = locationTarget();
    const long = await failure(adapter().publish({ target, title: 't', text: 'a'.repeat(1501) }));
    expect(long).toMatchObject({ kind: 'permanent', code: 'CONTENT_TOO_LONG' });
    expect(long.details.reason).toContain('aceita até 1500');
    const two = await failure(adapter().publish({ target, title: 't', text: 'Oi', media: photos(2) }));
    expect(two).toMatchObject({ kind: 'permanent', code: 'REJECTED' });
    expect(two.details.reason).toMatch(/Google Meu Negócio/);
    const small = await failure(
      adapter().publish({ target, title: 't', text: 'Oi', media: photos(1, { width: 400, height: 200 }) }),
    );
    expect(small.details.reason).toContain('250 × 250');
    expect(sandbox.requests({ host: 'mybusiness.googleapis.com' })).toEqual([]);
  });

  it("someone else's location → 403 PERMISSION_DENIED; an unverified one → FAILED_PRECONDITION; both permanent, in pt-BR", async () => {
    const bruno = sandbox.control.store.findUser('bruno')!;
    const other = await failure(
      adapter().publish({
        target: { ...locationTarget(), platformUserId: sandboxLocations(bruno)[0]!.id },
        title: 't',
        text: 'Olá',
      }),
    );
    expect(other).toMatchObject({
      kind: 'permanent',
      details: { status: 403, networkCode: 'PERMISSION_DENIED' },
    });
    expect(other.details.reason).toContain('deixado de administrar');
    const branch = sandboxLocations(sandbox.control.store.defaultUser()).find((l) => !l.verified)!;
    const unverified = await failure(
      adapter().publish({
        target: { ...locationTarget(), platformUserId: branch.id },
        title: 't',
        text: 'Olá',
      }),
    );
    expect(unverified).toMatchObject({ kind: 'permanent', details: { networkCode: 'FAILED_PRECONDITION' } });
    expect(unverified.details.reason).toContain('verificado');
    expect(sandbox.publishedPosts('google_business')).toHaveLength(0);
  });

  it('a token without business.manage → 403; an expired one → auth (refresh and retry)', async () => {
    const noScope = await failure(
      adapter().publish({ target: locationTarget(['openid', 'email']), title: 't', text: 'Olá' }),
    );
    expect(noScope).toMatchObject({ kind: 'permanent', details: { status: 403 } });
    const expired = await failure(
      adapter().publish({
        target: { ...locationTarget(), accessToken: 'expirado' },
        title: 't',
        text: 'Olá',
      }),
    );
    expect(expired).toMatchObject({ kind: 'auth', details: { networkCode: 'UNAUTHENTICATED' } });
  });

  it('the 11th post in a minute on one location → 429 rate_limited, told in pt-BR', async () => {
    const target = locationTarget();
    for (let i = 0; i < 10; i += 1) await adapter().publish({ target, title: 't', text: `Novidade ${i}` });
    const limited = await failure(adapter().publish({ target, title: 't', text: 'Mais uma' }));
    expect(limited).toMatchObject({ kind: 'rate_limited', details: { networkCode: 'RESOURCE_EXHAUSTED' } });
    expect(limited.details.reason).toContain('10 alterações por minuto');
    clock += 61_000;
    await adapter().publish({ target, title: 't', text: 'Mais uma' });
    expect(sandbox.publishedPosts('google_business')).toHaveLength(11);
  });

  it('a doubtful send is found in the location’s localPosts (once), or proven absent', async () => {
    const target = locationTarget();
    const since = new Date(clock - 1000);
    const sent = await adapter().publish({ target, title: 't', text: 'Promoção de sábado' });
    const until = new Date(clock + 1000);
    const lookup = adapter().lookupRecentPost!;
    expect(await lookup({ target, text: 'Promoção de sábado', since, until })).toEqual({
      kind: 'found',
      platformPostId: sent.platformPostId,
      url: sent.url,
    });
    expect(await lookup({ target, text: 'Outro texto', since, until })).toEqual({ kind: 'absent' });
    const [list] = sandbox.requests({ host: 'mybusiness.googleapis.com', method: 'GET' });
    expect(list!.query).toMatchObject({ pageSize: '100' });
  });

  it('reads no metrics (per-post insights are deprecated) and makes no call for them', async () => {
    const metrics = await adapter().fetchMetrics({ target: locationTarget(), platformPostIds: ['x'] });
    expect(metrics.size).toBe(0);
    expect(sandbox.requests({ host: 'mybusiness.googleapis.com' })).toEqual([]);
  });
});

describe('Google Business Profile: post types and buttons (the post’s options)', () => {
  const sent = () => sandbox.requests({ host: 'mybusiness.googleapis.com', method: 'POST' }).at(-1)!.body;

  it('an Evento: topicType EVENT with its title and schedule, and the chosen button', async () => {
    const target = locationTarget();
    await adapter().publish({
      target,
      title: 't',
      text: 'Feira de Natal com doces da casa.',
      options: {
        postType: 'EVENT',
        eventTitle: 'Feira de Natal',
        eventStart: '2026-12-20T10:00',
        eventEnd: '2026-12-20T18:30',
        buttonType: 'SIGN_UP',
        buttonUrl: 'https://doces.example.com/feira',
      },
    });
    expect(sent()).toEqual({
      languageCode: 'pt-BR',
      summary: 'Feira de Natal com doces da casa.',
      topicType: 'EVENT',
      event: {
        title: 'Feira de Natal',
        schedule: {
          startDate: { year: 2026, month: 12, day: 20 },
          startTime: { hours: 10, minutes: 0, seconds: 0, nanos: 0 },
          endDate: { year: 2026, month: 12, day: 20 },
          endTime: { hours: 18, minutes: 30, seconds: 0, nanos: 0 },
        },
      },
      callToAction: { actionType: 'SIGN_UP', url: 'https://doces.example.com/feira' },
    });
    expect(sandbox.publishedPosts('google_business')).toHaveLength(1);
  });

  it('an Oferta: topicType OFFER with event and offer, and no button even when the text has a link', async () => {
    const target = locationTarget();
    await adapter().publish({
      target,
      title: 't',
      text: 'Dezembro com desconto: https://doces.example.com',
      options: {
        postType: 'OFFER',
        offerTitle: '10% no bolo de pote',
        offerStart: '2026-12-01T08:00',
        offerEnd: '2026-12-31T20:00',
        couponCode: 'BOLO10',
        redeemUrl: 'https://doces.example.com/cupom',
        terms: 'Um por cliente.',
      },
    });
    const body = sent() as Record<string, unknown>;
    expect(body.topicType).toBe('OFFER');
    expect(body.event).toMatchObject({
      title: '10% no bolo de pote',
      schedule: { startDate: { year: 2026, month: 12, day: 1 }, endDate: { year: 2026, month: 12, day: 31 } },
    });
    expect(body.offer).toEqual({
      couponCode: 'BOLO10',
      redeemOnlineUrl: 'https://doces.example.com/cupom',
      termsConditions: 'Um por cliente.',
    });
    expect(body.callToAction).toBeUndefined();
  });

  it('a Novidade with "Ligar agora": CALL without url, instead of the text’s link', async () => {
    const target = locationTarget();
    await adapter().publish({
      target,
      title: 't',
      text: 'Encomendas de Natal abertas: https://doces.example.com',
      options: { buttonType: 'CALL' },
    });
    expect(sent()).toMatchObject({ topicType: 'STANDARD', callToAction: { actionType: 'CALL' } });
    expect((sent() as { callToAction: object }).callToAction).not.toHaveProperty('url');
  });

  it('refuses before the call an Evento without dates (a post scheduled before its options), in pt-BR', async () => {
    const target = locationTarget();
    const refused = await failure(
      adapter().publish({
        target,
        title: 't',
        text: 'Feira',
        options: { postType: 'EVENT', eventTitle: 'Feira' },
      }),
    );
    expect(refused).toMatchObject({ kind: 'permanent', code: 'REJECTED' });
    expect(refused.details.reason).toBe(
      'Preencha “Início do evento” nas Opções do Google Meu Negócio antes de agendar. Depois reagende o post.',
    );
    expect(sandbox.requests({ host: 'mybusiness.googleapis.com' })).toEqual([]);
  });

  it('the sandbox refuses what Google would: an EVENT without schedule → 400 INVALID_ARGUMENT, in pt-BR', async () => {
    const target = locationTarget();
    const answer = await createNetworkFetch(sandbox.url)(
      `https://mybusiness.googleapis.com/v4/${target.platformUserId}/localPosts`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${target.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ summary: 'Oi', topicType: 'EVENT', event: { title: 'Feira' } }),
      },
    );
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: { status: string } }).error.status).toBe('INVALID_ARGUMENT');
  });
});

describe('sandbox Google Business Profile: what a LocalPost must carry', () => {
  const event = {
    title: 'Feira de sábado',
    schedule: { startDate: { year: 2026, month: 12, day: 5 }, endDate: { year: 2026, month: 12, day: 5 } },
  };
  it('accepts a Novidade, an event and an offer with their fields', () => {
    expect(localPostProblem({ summary: 'Oi', topicType: 'STANDARD' })).toBeNull();
    expect(localPostProblem({ summary: 'Oi', topicType: 'EVENT', event })).toBeNull();
    expect(
      localPostProblem({
        topicType: 'OFFER',
        event,
        offer: { couponCode: 'SAB10' },
        callToAction: { actionType: 'CALL' },
      }),
    ).toBeNull();
  });
  it('refuses an event without start and end, an offer without a title, a title over 58, a bad button', () => {
    expect(localPostProblem({ topicType: 'EVENT', event: { title: 'Feira' } })).toContain('schedule');
    expect(localPostProblem({ topicType: 'OFFER', event: { schedule: event.schedule } })).toContain(
      'event.title',
    );
    expect(localPostProblem({ topicType: 'EVENT', event: { ...event, title: 'a'.repeat(59) } })).toContain(
      '58',
    );
    expect(
      localPostProblem({ summary: 'Oi', callToAction: { actionType: 'BUY', url: 'https://a.b' } }),
    ).toContain('action_type');
    expect(localPostProblem({ summary: 'Oi', callToAction: { actionType: 'BOOK' } })).toContain('url');
    expect(localPostProblem({ topicType: 'STANDARD' })).toContain('summary');
  });
  it('refuses impossible or backwards dates, event/offer on the wrong type, a bad redeem link, a CALL with url', () => {
    const on = (startDate: object, endDate: object) => ({
      topicType: 'EVENT',
      summary: 'Oi',
      event: { title: 'Feira', schedule: { startDate, endDate } },
    });
    expect(
      localPostProblem(on({ year: 2027, month: 2, day: 29 }, { year: 2027, month: 3, day: 1 })),
    ).toContain('start_date');
    expect(
      localPostProblem(on({ year: 2026, month: 12, day: 6 }, { year: 2026, month: 12, day: 5 })),
    ).toContain('end must not be before start');
    expect(localPostProblem({ summary: 'Oi', topicType: 'STANDARD', event })).toContain('only for EVENT');
    expect(localPostProblem({ summary: 'Oi', topicType: 'EVENT', event, offer: {} })).toContain(
      'only for OFFER',
    );
    expect(localPostProblem({ topicType: 'OFFER', event, offer: { redeemOnlineUrl: 'cupom' } })).toContain(
      'redeem_online_url',
    );
    expect(
      localPostProblem({ summary: 'Oi', callToAction: { actionType: 'CALL', url: 'https://a.b' } }),
    ).toContain('unset for CALL');
  });
});
