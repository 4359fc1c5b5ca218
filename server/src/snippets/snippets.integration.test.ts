// Saved snippets through the app's HTTP API (docs/snippets.md), on a PostgreSQL database of its
// own: hashtag groups normalised, every refusal with its reason and nothing written, the cap and
// taken names, one click saved once (Idempotency-Key), the workspace's scope (another workspace
// neither reads nor changes them) and the roles (Editor writes; Revisor reads; Cliente neither).
import { randomUUID } from 'node:crypto';
import { SNIPPETS_MAX_PER_WORKSPACE, snippetRefusalMessage, WORKSPACE_HEADER } from '@pauta/core';
import type { DbHandle } from '@pauta/db';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../../test/harness.js';
import { listen, signedInUser, testDeps } from '../../../test/server-harness.js';

let iso: { handle: DbHandle; url: string; drop(): Promise<void> };
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  iso = await isolatedDb();
  app = await listen(testDeps(iso.handle));
});
afterAll(async () => {
  await app?.close();
  await iso?.drop();
});

interface Snippet {
  id: string;
  kind: 'hashtags' | 'signature';
  name: string;
  text: string;
  position: number;
}

const rowsOf = (workspaceId: string) =>
  iso.handle.db
    .selectFrom('snippets')
    .select(['id', 'kind', 'name', 'text', 'position', 'created_by'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('position')
    .execute();

const person = (label: string) => signedInUser(iso.handle, app.url, { label });

describe('snippets.create', () => {
  it('normalises a hashtag group, keeps a signature as written, and lists them in order', async () => {
    const me = await person('criar');
    const tags = await me.browser.mutate<{ snippet: Snippet }>('snippets.create', {
      kind: 'hashtags',
      name: '  Confeitaria  ',
      text: 'bolo ##Confeitaria, #docesCaseiros\n#bolo  #confeitaria pão_de_mel',
    });
    expect(tags.status).toBe(200);
    expect(tags.data!.snippet).toMatchObject({
      kind: 'hashtags',
      name: 'Confeitaria',
      text: '#bolo #Confeitaria #docesCaseiros #pão_de_mel',
      position: 0,
    });
    const signature = await me.browser.mutate<{ snippet: Snippet }>('snippets.create', {
      kind: 'signature',
      name: 'Assinatura',
      text: '\r\nEncomendas: (11) 99999-0000\r\nRua das Flores, 120 #vemprofeira\n',
    });
    expect(signature.data!.snippet).toMatchObject({
      text: 'Encomendas: (11) 99999-0000\nRua das Flores, 120 #vemprofeira',
      position: 1,
    });
    const list = await me.browser.query<{ snippets: Snippet[]; max: number }>('snippets.list');
    expect(list.data!.max).toBe(SNIPPETS_MAX_PER_WORKSPACE);
    expect(list.data!.snippets.map((s) => s.name)).toEqual(['Confeitaria', 'Assinatura']);
    expect((await rowsOf(me.id))[0]!.created_by).toBe(me.id);
  });

  const refusals: [string, Record<string, string>, Record<string, string>][] = [
    [
      'an empty name',
      { kind: 'signature', name: '   ', text: 'Olá' },
      { reason: 'NAME_REQUIRED', field: 'name' },
    ],
    [
      'a name too long',
      { kind: 'signature', name: 'n'.repeat(61), text: 'Olá' },
      { reason: 'NAME_TOO_LONG' },
    ],
    ['an empty text', { kind: 'signature', name: 'Vazia', text: ' \n ' }, { reason: 'TEXT_REQUIRED' }],
    ['only lone #', { kind: 'hashtags', name: 'Vazia', text: '# ## ,' }, { reason: 'TEXT_REQUIRED' }],
    [
      'a text too long',
      { kind: 'signature', name: 'Longa', text: 'a'.repeat(501) },
      { reason: 'TEXT_TOO_LONG' },
    ],
    [
      'a tag with a hyphen',
      { kind: 'hashtags', name: 'Ruim', text: '#bolo #bolo-caseiro #doce' },
      { reason: 'TAG_INVALID', tag: '#bolo-caseiro', char: '-' },
    ],
    [
      'a tag with punctuation',
      { kind: 'hashtags', name: 'Ruim', text: 'café! #doce' },
      { reason: 'TAG_INVALID', tag: 'café!', char: '!' },
    ],
    [
      'a tag of digits',
      { kind: 'hashtags', name: 'Ruim', text: '#2026 #bolo' },
      { reason: 'TAG_ONLY_DIGITS', tag: '#2026' },
    ],
    [
      'more than 30 tags',
      { kind: 'hashtags', name: 'Muitas', text: Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' ') },
      { reason: 'TOO_MANY_TAGS' },
    ],
  ];
  it.each(refusals)('refuses %s with its pt-BR reason and writes nothing', async (_label, input, details) => {
    const me = await person('recusa');
    const res = await me.browser.request('/trpc/snippets.create', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: me.browser.origin,
        'sec-fetch-site': 'same-origin',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(superjson.serialize(input)),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { json: { message: string; data: { userMessage: string; details: Record<string, string> } } };
    };
    expect(body.error.json.message).toBe('SNIPPET_REFUSED');
    expect(body.error.json.data.details).toMatchObject(details);
    expect(body.error.json.data.userMessage).toBe(
      snippetRefusalMessage(body.error.json.data.details as never),
    );
    if (details.tag) expect(body.error.json.data.userMessage).toContain(details.tag);
    expect(await rowsOf(me.id)).toEqual([]);
  });

  it('refuses a name already used in the workspace (any case), and allows it in another workspace', async () => {
    const me = await person('nome');
    await me.browser.mutate('snippets.create', { kind: 'hashtags', name: 'Verão', text: '#praia' });
    const same = await me.browser.mutate('snippets.create', {
      kind: 'signature',
      name: 'VERÃO',
      text: 'Até logo',
    });
    expect(same.status).toBe(400);
    expect(same.error?.details).toMatchObject({ reason: 'NAME_TAKEN', field: 'name' });
    expect(await rowsOf(me.id)).toHaveLength(1);
    const other = await person('nome-outro');
    expect(
      (await other.browser.mutate('snippets.create', { kind: 'hashtags', name: 'Verão', text: '#sol' }))
        .status,
    ).toBe(200);
  });

  it(`stops at ${SNIPPETS_MAX_PER_WORKSPACE} per workspace, also when the last ones are sent at once`, async () => {
    const me = await person('limite');
    await iso.handle.db
      .insertInto('snippets')
      .values(
        Array.from({ length: SNIPPETS_MAX_PER_WORKSPACE - 2 }, (_, i) => ({
          workspace_id: me.id,
          kind: 'signature' as const,
          name: `Assinatura ${i}`,
          text: 'Até logo',
          position: i,
        })),
      )
      .execute();
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        me.browser.mutate('snippets.create', { kind: 'hashtags', name: `Corrida ${i}`, text: `#tag${i}` }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.error?.details).toMatchObject({ reason: 'LIMIT_REACHED' });
    }
    expect(await rowsOf(me.id)).toHaveLength(SNIPPETS_MAX_PER_WORKSPACE);
  });

  it('saves one click once: the same Idempotency-Key answers the same snippet', async () => {
    const me = await person('clique');
    const key = randomUUID();
    const input = { kind: 'hashtags', name: 'Uma vez', text: '#uma #vez' };
    const [a, b] = await Promise.all([
      me.browser.mutate<{ snippet: Snippet }>('snippets.create', input, { idempotencyKey: key }),
      me.browser.mutate<{ snippet: Snippet }>('snippets.create', input, { idempotencyKey: key }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.data!.snippet.id).toBe(a.data!.snippet.id);
    const again = await me.browser.mutate<{ snippet: Snippet }>('snippets.create', input, {
      idempotencyKey: key,
    });
    expect(again.data!.snippet.id).toBe(a.data!.snippet.id);
    expect(await rowsOf(me.id)).toHaveLength(1);
    // Without a key nothing runs.
    const keyless = await me.browser.mutate(
      'snippets.create',
      { ...input, name: 'Sem chave' },
      { idempotencyKey: null },
    );
    expect(keyless.error?.message).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await rowsOf(me.id)).toHaveLength(1);
  });
});

describe('snippets.update, delete and reorder', () => {
  it('edits name and text with the same rules, reorders the whole list, and deletes', async () => {
    const me = await person('editar');
    const create = async (kind: string, name: string, text: string) =>
      (await me.browser.mutate<{ snippet: Snippet }>('snippets.create', { kind, name, text })).data!.snippet;
    const a = await create('hashtags', 'A', '#a');
    const b = await create('signature', 'B', 'Assinado, B');
    const c = await create('hashtags', 'C', '#c');

    const edited = await me.browser.mutate<{ snippet: Snippet }>('snippets.update', {
      id: a.id,
      name: 'Doces',
      text: 'brigadeiro #Brigadeiro beijinho',
    });
    expect(edited.data!.snippet).toMatchObject({
      kind: 'hashtags',
      name: 'Doces',
      text: '#brigadeiro #beijinho',
    });
    // The kind stays: a signature's text is not checked as hashtags, a group's is.
    const signatureEdit = await me.browser.mutate<{ snippet: Snippet }>('snippets.update', {
      id: b.id,
      name: 'B',
      text: 'Abraços, equipe!',
    });
    expect(signatureEdit.data!.snippet.text).toBe('Abraços, equipe!');
    const bad = await me.browser.mutate('snippets.update', {
      id: a.id,
      name: 'Doces',
      text: '#pé-de-moleque',
    });
    expect(bad.error?.details).toMatchObject({ reason: 'TAG_INVALID', tag: '#pé-de-moleque' });
    const taken = await me.browser.mutate('snippets.update', { id: a.id, name: 'c', text: '#a' });
    expect(taken.error?.details).toMatchObject({ reason: 'NAME_TAKEN' });
    // Renaming to its own name in another case is not "taken".
    expect((await me.browser.mutate('snippets.update', { id: a.id, name: 'DOCES', text: '#a' })).status).toBe(
      200,
    );

    const reordered = await me.browser.mutate<{ snippets: Snippet[] }>('snippets.reorder', {
      ids: [c.id, a.id, b.id],
    });
    expect(reordered.data!.snippets.map((s) => s.id)).toEqual([c.id, a.id, b.id]);
    expect((await rowsOf(me.id)).map((r) => r.id)).toEqual([c.id, a.id, b.id]);
    const stale = await me.browser.mutate('snippets.reorder', { ids: [a.id, b.id] });
    expect(stale.error?.details).toMatchObject({ reason: 'REORDER_STALE' });
    expect((await rowsOf(me.id)).map((r) => r.id)).toEqual([c.id, a.id, b.id]);

    expect((await me.browser.mutate('snippets.delete', { id: c.id })).status).toBe(200);
    expect((await rowsOf(me.id)).map((r) => r.name)).toEqual(['DOCES', 'B']);
    const gone = await me.browser.mutate('snippets.delete', { id: c.id });
    expect(gone.error?.message).toBe('NOT_FOUND');
  });
});

describe('the workspace scope and the roles', () => {
  it('keeps another workspace out: it neither lists, edits, deletes nor reorders them', async () => {
    const owner = await person('dona');
    const stranger = await person('estranho');
    const mine = (
      await owner.browser.mutate<{ snippet: Snippet }>('snippets.create', {
        kind: 'signature',
        name: 'Minha',
        text: 'Segredo da casa',
      })
    ).data!.snippet;
    expect((await stranger.browser.query<{ snippets: Snippet[] }>('snippets.list')).data!.snippets).toEqual(
      [],
    );
    const edit = await stranger.browser.mutate('snippets.update', {
      id: mine.id,
      name: 'Roubada',
      text: 'x',
    });
    expect(edit.error?.message).toBe('NOT_FOUND');
    const del = await stranger.browser.mutate('snippets.delete', { id: mine.id });
    expect(del.error?.message).toBe('NOT_FOUND');
    const reorder = await stranger.browser.mutate('snippets.reorder', { ids: [mine.id] });
    expect(reorder.error?.message).toBe('NOT_FOUND');
    // Naming the owner's workspace without being a member: refused as unavailable.
    stranger.browser.headers.set(WORKSPACE_HEADER, owner.id);
    expect((await stranger.browser.query('snippets.list')).error?.message).toBe('WORKSPACE_UNAVAILABLE');
    expect((await rowsOf(owner.id)).map((r) => [r.name, r.text])).toEqual([['Minha', 'Segredo da casa']]);
  });

  it('lets an Editor manage them, a Revisor only read, and a Cliente neither', async () => {
    const owner = await person('proprietaria');
    const [editor, reviewer, client] = await Promise.all([
      person('editor'),
      person('revisor'),
      person('cliente'),
    ]);
    await iso.handle.db
      .insertInto('workspace_members')
      .values([
        { workspace_id: owner.id, user_id: editor.id, role: 'editor' },
        { workspace_id: owner.id, user_id: reviewer.id, role: 'reviewer' },
        { workspace_id: owner.id, user_id: client.id, role: 'client' },
      ])
      .execute();
    for (const member of [editor, reviewer, client]) member.browser.headers.set(WORKSPACE_HEADER, owner.id);

    const created = await editor.browser.mutate<{ snippet: Snippet }>('snippets.create', {
      kind: 'hashtags',
      name: 'Da equipe',
      text: '#equipe',
    });
    expect(created.status).toBe(200);
    expect(
      (await reviewer.browser.query<{ snippets: Snippet[] }>('snippets.list')).data!.snippets,
    ).toHaveLength(1);
    for (const member of [reviewer, client]) {
      const refused = await member.browser.mutate('snippets.create', {
        kind: 'hashtags',
        name: 'Não',
        text: '#nao',
      });
      expect(refused.status).toBe(403);
      const del = await member.browser.mutate('snippets.delete', { id: created.data!.snippet.id });
      expect(del.status).toBe(403);
    }
    expect((await client.browser.query('snippets.list')).status).toBe(403);
    expect(await rowsOf(owner.id)).toHaveLength(1);
  });
});
