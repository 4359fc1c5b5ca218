// "Todos os clientes", "Dados do cliente" and "Excluir cliente" over HTTP on real PostgreSQL
// (docs/workspaces.md): the overview's counts per workspace and its scoping (only the person's
// workspaces, a left one gone, a Cliente member sees only the client's count), its statements'
// plans (index scans led by the workspace, never a Seq Scan), the branding (validation, the logo
// through the images' storage and signed URLs, on the public approval page) and the deletion
// (typed name, the personal one refused, idempotent, and raced with the worker's claim).
import { randomUUID } from 'node:crypto';
import {
  addDays,
  mediaRejectionMessage,
  utcToZonedParts,
  WORKSPACE_HEADER,
  WORKSPACE_LOGO_MAX_BYTES,
  WORKSPACE_LOGO_PATH,
  zonedTimeToUtc,
} from '@pauta/core';
import {
  claimPost,
  type DbHandle,
  insertScheduledPosts,
  insertTheme,
  overviewAccountsQuery,
  overviewStatement,
  parseKeyring,
  upsertAccount,
} from '@pauta/db';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedDb } from '../../../test/harness.js';
import { listen, signedInUser, TEST_KEYS, testDeps } from '../../../test/server-harness.js';
import type { Overview } from './overview.service.js';

let handle: DbHandle;
let drop: () => Promise<void>;
let server: { url: string; close(): Promise<void> };
const keyring = parseKeyring(TEST_KEYS);
const ZONE = 'America/Sao_Paulo';

type Person = Awaited<ReturnType<typeof signedInUser>>;
let ana: Person;
let bruno: Person;
let padaria: string;
let clinica: string;
let academia: string;
let antiga: string;

const themeFields = {
  name: 'Receitas',
  description: 'Receitas rápidas',
  toneOfVoice: ['casual'],
  avoidTopics: [],
  socialNetworks: ['linkedin' as const, 'x' as const],
  frequency: 'weekly' as const,
  colorPalette: 'orange',
};

function as(person: Person, workspaceId: string | null) {
  if (workspaceId === null) person.browser.headers.delete(WORKSPACE_HEADER);
  else person.browser.headers.set(WORKSPACE_HEADER, workspaceId);
  return person.browser;
}

async function createWorkspace(person: Person, name: string): Promise<string> {
  const created = await as(person, null).mutate<{ workspace: { id: string } }>('workspaces.create', { name });
  expect(created.status).toBe(200);
  return created.data!.workspace.id;
}

/** Today's end in the zone, and an instant between now and then (still today). */
function laterToday(): Date {
  const now = new Date();
  const end = zonedTimeToUtc({ ...addDays(utcToZonedParts(now, ZONE), 1), hour: 0, minute: 0 }, ZONE);
  return new Date(Math.floor((now.getTime() + end.getTime()) / 2));
}

async function posts(
  workspaceId: string,
  userId: string,
  specs: { when: Date; status?: string; stage?: string | null }[],
  options: { approval?: boolean } = {},
): Promise<string[]> {
  const theme = await insertTheme(
    handle.db,
    { workspaceId, userId },
    { ...themeFields, requiresApproval: options.approval ?? false },
  );
  const inserted = await insertScheduledPosts(handle.db, {
    userId,
    workspaceId,
    themeId: theme.id,
    posts: specs.map((spec, i) => ({
      title: `Post ${i}`,
      content: 'Texto do post',
      platform: 'linkedin' as const,
      postOrder: i + 1,
      scheduledFor: spec.when,
    })),
  });
  const ids = inserted.map((p) => p.id);
  for (const [i, spec] of specs.entries()) {
    if (spec.stage !== undefined)
      await sql`UPDATE suggested_posts SET approval_stage = ${spec.stage} WHERE id = ${ids[i]}`.execute(
        handle.db,
      );
    if (spec.status)
      await sql`UPDATE suggested_posts SET status = ${spec.status} WHERE id = ${ids[i]}`.execute(handle.db);
  }
  return ids;
}

async function account(workspaceId: string, userId: string, platform: 'linkedin' | 'x', broken: boolean) {
  const row = await upsertAccount(handle.db, keyring, {
    userId,
    workspaceId,
    platform,
    platformUserId: `${platform}-${randomUUID().slice(0, 8)}`,
    platformUsername: 'Conta',
    accountData: {},
    accessToken: 'token-de-acesso-secreto',
    refreshToken: null,
    accessTokenExpiresAt: null,
  });
  if (broken)
    await handle.db
      .updateTable('connected_accounts')
      .set({ status: 'needs_reconnect' })
      .where('id', '=', row.id)
      .execute();
}

beforeAll(async () => {
  // A database of its own: the plan test loads thousands of rows and runs ANALYZE.
  ({ handle, drop } = await isolatedDb());
  server = await listen(testDeps(handle));
  ana = await signedInUser(handle, server.url, { label: 'ana', timezone: ZONE });
  bruno = await signedInUser(handle, server.url, { label: 'bruno', timezone: ZONE });
  padaria = await createWorkspace(ana, 'Padaria Pão Quente');
  clinica = await createWorkspace(bruno, 'Clínica Sorriso');
  academia = await createWorkspace(bruno, 'Academia Forte');
  antiga = await createWorkspace(bruno, 'Cliente Antigo');
  // Ana is a Cliente member of the Academia, and was an editor of the Antigo until she left.
  await handle.db
    .insertInto('workspace_members')
    .values([
      { workspace_id: academia, user_id: ana.id, role: 'client' },
      { workspace_id: antiga, user_id: ana.id, role: 'editor' },
    ])
    .execute();
  await handle.db
    .deleteFrom('workspace_members')
    .where('workspace_id', '=', antiga)
    .where('user_id', '=', ana.id)
    .execute();

  const today = laterToday();
  const tomorrow = new Date(today.getTime() + 86_400_000);
  const future = new Date(Date.now() + 5 * 86_400_000);
  // Padaria: 2 due today (one more published, not due), 1 tomorrow, 2 failed/attention.
  await posts(padaria, ana.id, [
    { when: today },
    { when: today },
    { when: today, status: 'published' },
    { when: tomorrow },
    { when: future, status: 'failed' },
    { when: future, status: 'needs_attention' },
  ]);
  // Padaria's approval theme: review and changes (team), two with the client, one approved.
  await posts(
    padaria,
    ana.id,
    [
      { when: future, stage: 'review' },
      { when: future, stage: 'changes' },
      { when: future, stage: 'client' },
      { when: future, stage: 'client' },
      { when: future, stage: 'approved' },
    ],
    { approval: true },
  );
  await account(padaria, ana.id, 'linkedin', true);
  await account(padaria, ana.id, 'x', false);
  // Ana's personal workspace: one missed post.
  await posts(ana.id, ana.id, [{ when: future, status: 'missed' }]);
  // Academia (Ana is Cliente there): one with the client, one failed, a broken account.
  await posts(academia, bruno.id, [{ when: future, stage: 'client' }, { when: today }], { approval: true });
  await posts(academia, bruno.id, [{ when: future, status: 'failed' }]);
  await account(academia, bruno.id, 'linkedin', true);
  // Clínica and the Antigo: posts Ana must never see counted.
  await posts(clinica, bruno.id, [{ when: today }, { when: future, status: 'failed' }]);
  await posts(antiga, bruno.id, [{ when: today }, { when: future, status: 'failed' }]);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await drop();
});

describe('Todos os clientes', () => {
  it("lists only the person's workspaces, each with its counts, the role deciding what is shown", async () => {
    const res = await as(ana, null).query<Overview>('overview.clientes');
    expect(res.status).toBe(200);
    const overview = res.data!;
    expect(overview.timeZone).toBe(ZONE);
    // Personal first, then by name; the Clínica (never hers) and the Antigo (left) are absent.
    expect(overview.clientes.map((c) => c.id)).toEqual([ana.id, academia, padaria]);
    const byId = new Map(overview.clientes.map((c) => [c.id, c]));
    expect(byId.get(padaria)).toMatchObject({
      name: 'Padaria Pão Quente',
      role: 'owner',
      personal: false,
      counts: { dueToday: 2, approvalInternal: 2, approvalClient: 2, attention: 2, accountsToReconnect: 1 },
    });
    expect(byId.get(ana.id)).toMatchObject({
      personal: true,
      counts: { dueToday: 0, approvalInternal: 0, approvalClient: 0, attention: 1, accountsToReconnect: 0 },
    });
    // A Cliente member: only what the client's view covers (posts waiting for the client).
    expect(byId.get(academia)).toMatchObject({
      role: 'client',
      counts: {
        dueToday: null,
        approvalInternal: null,
        approvalClient: 1,
        attention: null,
        accountsToReconnect: null,
      },
    });
    // Bruno sees his three, not Ana's.
    const his = await as(bruno, null).query<Overview>('overview.clientes');
    expect(
      his
        .data!.clientes.slice(1)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['Academia Forte', 'Cliente Antigo', 'Clínica Sorriso'].sort());
    expect(his.data!.clientes[0]!.id).toBe(bruno.id);
    // No token ever leaves in the answer.
    expect(JSON.stringify(overview)).not.toContain('token-de-acesso-secreto');
  });

  it('refuses a visitor', async () => {
    const anonymous = await fetch(`${server.url}/trpc/overview.clientes`);
    expect(anonymous.status).toBe(401);
  });

  it('reads every count through a workspace-led index, never a Seq Scan, with many rows around', async () => {
    // 20,000 posts and 500 accounts in another person's workspace: the planner now has a reason
    // to prefer the indexes, as on a real installation.
    await sql`
      INSERT INTO suggested_posts (workspace_id, theme_id, user_id, title, content, platform, scheduled_for, status)
      SELECT ${clinica}, t.id, ${bruno.id}, 'Carga', 'Texto', 'linkedin',
             now() + (g || ' minutes')::interval,
             (ARRAY['scheduled','failed','published'])[1 + g % 3]
      FROM generate_series(1, 20000) g, (SELECT id FROM themes WHERE workspace_id = ${clinica} LIMIT 1) t`.execute(
      handle.db,
    );
    // And 2,000 other people (each with a personal workspace and its membership, by trigger).
    await sql`
      INSERT INTO users (email, password_hash)
      SELECT 'carga-' || g || '-' || ${randomUUID()} || '@exemplo.com.br', NULL
      FROM generate_series(1, 2000) g`.execute(handle.db);
    // Each of them with a LinkedIn account (not a real token: the plan is what is tested).
    await sql`
      INSERT INTO connected_accounts (user_id, workspace_id, platform, platform_user_id, access_token, account_data)
      SELECT u.id, u.id, 'linkedin', 'carga-' || u.id, 'nao-e-um-token', '{}'::jsonb
      FROM users u WHERE u.email LIKE 'carga-%'`.execute(handle.db);
    await sql`ANALYZE suggested_posts`.execute(handle.db);
    await sql`ANALYZE workspaces`.execute(handle.db);
    await sql`ANALYZE connected_accounts`.execute(handle.db);
    await sql`ANALYZE workspace_members`.execute(handle.db);
    const now = new Date();
    const options = {
      userId: ana.id,
      dayStart: now,
      dayEnd: new Date(now.getTime() + 86_400_000),
      fullRoles: ['owner', 'editor', 'reviewer'] as const,
    };
    const countsPlan = await explain(overviewStatement(options).compile(handle.db));
    const accountsPlan = await explain(overviewAccountsQuery(handle.db, options).compile());
    for (const plan of [countsPlan, accountsPlan]) {
      const scans = planNodes(plan);
      expect(scans.filter((n) => n.type === 'Seq Scan' && n.relation !== 'workspaces')).toEqual([]);
    }
    const postScans = planNodes(countsPlan).filter((n) => n.relation === 'suggested_posts');
    expect(postScans.length).toBe(4);
    for (const scan of postScans) {
      expect(scan.type).toMatch(/Index|Bitmap Heap/);
    }
    const indexes = planNodes(countsPlan).flatMap((n) => (n.index ? [n.index] : []));
    expect(indexes).toEqual(
      expect.arrayContaining(['suggested_posts_workspace_status_idx', 'suggested_posts_approval_board_idx']),
    );
    expect(indexes).toContain('workspace_members_user_idx');
    // The answer is unchanged by Bruno's load.
    const res = await as(ana, null).query<Overview>('overview.clientes');
    expect(res.data!.clientes.find((c) => c.id === padaria)!.counts.dueToday).toBe(2);
  });
});

interface PlanNode {
  type: string;
  relation?: string;
  index?: string;
}

async function explain(compiled: { sql: string; parameters: readonly unknown[] }): Promise<unknown> {
  const result = await handle.db.executeQuery<{ 'QUERY PLAN': unknown }>({
    ...compiled,
    sql: `EXPLAIN (FORMAT JSON) ${compiled.sql}`,
    query: { kind: 'RawNode', sqlFragments: [], parameters: [] } as never,
    queryId: { queryId: 'explain' } as never,
  });
  return result.rows[0]!['QUERY PLAN'];
}

function planNodes(plan: unknown): PlanNode[] {
  const nodes: PlanNode[] = [];
  const walk = (node: Record<string, unknown>) => {
    nodes.push({
      type: String(node['Node Type']),
      ...(node['Relation Name'] ? { relation: String(node['Relation Name']) } : {}),
      ...(node['Index Name'] ? { index: String(node['Index Name']) } : {}),
    });
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  for (const root of plan as { Plan: Record<string, unknown> }[]) walk(root.Plan);
  return nodes;
}

type Branding = { id: string; name: string; color: string | null; logoUrl: string | null; personal: boolean };

async function uploadLogo(
  person: Person,
  workspaceId: string,
  bytes: Buffer,
  type = 'image/png',
  key = randomUUID(),
) {
  const res = await as(person, workspaceId).request(WORKSPACE_LOGO_PATH, {
    method: 'POST',
    headers: { 'content-type': type, 'sec-fetch-site': 'same-origin', 'idempotency-key': key },
    body: bytes,
  });
  return {
    status: res.status,
    body: (await res.json()) as { workspace?: Branding; error?: string; message?: string },
  };
}

const png = (color = '#E8590C', size = 800) =>
  sharp({ create: { width: size, height: size / 2, channels: 4, background: color } })
    .png()
    .toBuffer();

describe('Dados do cliente', () => {
  it('renames and recolours; bad input changes nothing; only the owner may', async () => {
    const ok = await as(ana, padaria).mutate<{ workspace: Branding }>('workspaceSettings.update', {
      name: '  Padaria Pão Quente & Cia  ',
      color: '#0ca678',
    });
    expect(ok.status).toBe(200);
    expect(ok.data!.workspace).toMatchObject({ name: 'Padaria Pão Quente & Cia', color: '#0CA678' });
    for (const input of [
      { name: '   ' },
      { name: 'x'.repeat(81) },
      { color: 'verde' },
      { color: '#12345' },
    ]) {
      const bad = await as(ana, padaria).mutate('workspaceSettings.update', input);
      expect(bad.status).toBe(400);
      expect(bad.error?.message).toBe('VALIDATION_FAILED');
    }
    const settings = await as(ana, padaria).query<{ workspace: Branding; contents: { posts: number } }>(
      'workspaceSettings.get',
    );
    expect(settings.data!.workspace).toMatchObject({ name: 'Padaria Pão Quente & Cia', color: '#0CA678' });
    expect(settings.data!.contents.posts).toBe(11);
    // Ana is a Cliente of the Academia: not its owner.
    const forbidden = await as(ana, academia).mutate('workspaceSettings.update', { name: 'Minha' });
    expect(forbidden.status).toBe(403);
    // The personal workspace may be renamed.
    const personal = await as(ana, null).mutate<{ workspace: Branding }>('workspaceSettings.update', {
      name: 'Ana (pessoal)',
    });
    expect(personal.data!.workspace).toMatchObject({ id: ana.id, name: 'Ana (pessoal)', personal: true });
  });

  it('stores a logo as a 512 px WebP behind a signed URL, refuses what is not a raster image, removes it', async () => {
    const first = await uploadLogo(ana, padaria, await png());
    expect(first.status).toBe(201);
    const url = first.body.workspace!.logoUrl!;
    expect(url).toMatch(/^\/media\/workspaces\/[0-9a-f-]{36}\/logo-[0-9a-f-]{36}\.webp\?exp=\d+&sig=/);
    const served = await as(ana, padaria).request(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 256]);
    expect((await as(ana, padaria).request(url.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(403);

    // Refusals, each with its pt-BR text; the logo stays.
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [bytes, type] of [
      [gif, 'image/gif'],
      [svg, 'image/svg+xml'],
      [Buffer.from('não é imagem'), 'text/plain'],
    ] as const) {
      const refused = await uploadLogo(ana, padaria, bytes, type);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(mediaRejectionMessage({ reason: 'LOGO_FORMAT' }));
    }
    const big = await uploadLogo(ana, padaria, Buffer.alloc(WORKSPACE_LOGO_MAX_BYTES + 1, 1));
    expect(big.status).toBe(413);
    expect(big.body.message).toContain('2 MB');
    // A Cliente member may not change the logo.
    expect((await uploadLogo(ana, academia, await png())).status).toBe(403);

    // A second logo replaces the first; the first's file is queued for the sweeper.
    const key = randomUUID();
    const second = await uploadLogo(ana, padaria, await png('#1C7ED6'), 'image/png', key);
    expect(second.status).toBe(201);
    const again = await uploadLogo(ana, padaria, await png('#1C7ED6'), 'image/png', key);
    expect(again.status).toBe(200);
    expect(again.body.workspace!.logoUrl).toBe(second.body.workspace!.logoUrl);
    const firstKey = url.slice('/media/'.length, url.indexOf('?'));
    const garbage = await handle.db
      .selectFrom('media_garbage')
      .select('storage_key')
      .where('storage_key', '=', firstKey)
      .execute();
    expect(garbage).toHaveLength(1);

    // The switcher's logos: Ana's Padaria has one.
    const logos = await as(ana, null).query<{ logos: Record<string, string> }>('overview.logos');
    expect(Object.keys(logos.data!.logos)).toEqual([padaria]);

    const removed = await as(ana, padaria).mutate<{ workspace: Branding }>('workspaceSettings.removeLogo');
    expect(removed.data!.workspace.logoUrl).toBeNull();
    const logo = await uploadLogo(ana, padaria, await png());
    expect(logo.status).toBe(201);
  });

  it('shows the branding — name, colour, logo, nothing else of the workspace — on the public client page', async () => {
    const theme = await insertTheme(
      handle.db,
      { workspaceId: padaria, userId: ana.id },
      { ...themeFields, name: 'Natal', requiresApproval: true },
    );
    const created = await as(ana, padaria).mutate<{ url: string }>('clientLinks.create', {
      clientName: 'Dona Maria',
      themeId: theme.id,
    });
    expect(created.status).toBe(200);
    const token = created.data!.url.split('/').pop()!;
    const visitor = await fetch(
      `${server.url}/trpc/clientApproval.view?input=${encodeURIComponent(JSON.stringify({ json: { token } }))}`,
    );
    const body = (await visitor.json()) as {
      result: { data: { json: { state: string; branding: Branding & { logoUrl: string } } } };
    };
    const page = body.result.data.json;
    expect(page.state).toBe('open');
    expect(Object.keys(page.branding).sort()).toEqual(['color', 'logoUrl', 'name']);
    expect(page.branding).toMatchObject({ name: 'Padaria Pão Quente & Cia', color: '#0CA678' });
    // The visitor (no session) can load the logo through its signed URL.
    const logo = await fetch(`${server.url}${page.branding.logoUrl}`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toBe('image/webp');
  });
});

describe('Excluir cliente', () => {
  it('needs the exact name, refuses the personal one and non-owners, and is idempotent', async () => {
    const loja = await createWorkspace(ana, 'Loja da Esquina');
    await posts(loja, ana.id, [{ when: laterToday() }]);
    const wrong = await as(ana, null).mutate('workspaceSettings.delete', {
      workspaceId: loja,
      confirmName: 'Loja',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.message).toBe('WORKSPACE_NAME_MISMATCH');
    const personal = await as(ana, null).mutate('workspaceSettings.delete', {
      workspaceId: ana.id,
      confirmName: 'Ana (pessoal)',
    });
    expect(personal.status).toBe(403);
    expect(personal.error?.message).toBe('WORKSPACE_PERSONAL');
    const client = await as(ana, null).mutate('workspaceSettings.delete', {
      workspaceId: academia,
      confirmName: 'Academia Forte',
    });
    expect(client.status).toBe(403);
    const stranger = await as(ana, null).mutate('workspaceSettings.delete', {
      workspaceId: clinica,
      confirmName: 'Clínica Sorriso',
    });
    expect(stranger.status).toBe(404);
    expect(await workspaceExists(loja)).toBe(true);
    expect(await workspaceExists(clinica)).toBe(true);

    const key = randomUUID();
    const deleted = await as(ana, null).mutate<{ deleted: boolean; id: string }>(
      'workspaceSettings.delete',
      { workspaceId: loja, confirmName: 'Loja da Esquina' },
      { idempotencyKey: key },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.data).toEqual({ deleted: true, id: loja });
    expect(await workspaceExists(loja)).toBe(false);
    const postsLeft = await handle.db
      .selectFrom('suggested_posts')
      .select('id')
      .where('workspace_id', '=', loja)
      .execute();
    expect(postsLeft).toEqual([]);
    // The same click again: the same answer. A new click: the cliente is gone.
    const replay = await as(ana, null).mutate(
      'workspaceSettings.delete',
      { workspaceId: loja, confirmName: 'Loja da Esquina' },
      { idempotencyKey: key },
    );
    expect(replay.status).toBe(200);
    expect(replay.data).toEqual({ deleted: true, id: loja });
    const later = await as(ana, null).mutate('workspaceSettings.delete', {
      workspaceId: loja,
      confirmName: 'Loja da Esquina',
    });
    expect(later.status).toBe(404);
    expect(later.error?.message).toBe('WORKSPACE_UNAVAILABLE');
    // Its page is gone for the owner: a call naming it answers WORKSPACE_UNAVAILABLE.
    expect((await as(ana, loja).query('themes.list')).status).toBe(404);
  });

  it('waits for a claim in progress and then refuses: the claimed post is never left half deleted', async () => {
    const loja = await createWorkspace(ana, 'Loja Um');
    const [postId] = await posts(loja, ana.id, [{ when: new Date(Date.now() - 60_000) }]);
    let deleting: Promise<Awaited<ReturnType<Person['browser']['mutate']>>> | undefined;
    const claimed = await handle.db.transaction().execute(async (trx) => {
      const claim = await claimPost(trx, postId!, 1);
      deleting = as(ana, null).mutate('workspaceSettings.delete', {
        workspaceId: loja,
        confirmName: 'Loja Um',
      });
      // The deletion is now waiting for this row's lock.
      await new Promise((resolve) => setTimeout(resolve, 400));
      return claim;
    });
    expect(claimed).toBeDefined();
    const refused = await deleting!;
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe('WORKSPACE_PUBLISHING');
    expect(await workspaceExists(loja)).toBe(true);
    const post = await handle.db
      .selectFrom('suggested_posts')
      .select(['status', 'claim_token'])
      .where('id', '=', postId!)
      .executeTakeFirstOrThrow();
    expect(post.status).toBe('publishing');
    expect(post.claim_token).toBe(claimed!.claim_token);
  });

  it('races the claim: either the claim wins and nothing is deleted, or the deletion wins and nothing is claimed', async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const name = `Loja Corrida ${i}`;
      const loja = await createWorkspace(ana, name);
      const [postId] = await posts(loja, ana.id, [{ when: new Date(Date.now() - 60_000) }]);
      const [deleted, claim] = await Promise.all([
        as(ana, null).mutate('workspaceSettings.delete', { workspaceId: loja, confirmName: name }),
        new Promise((resolve) => setTimeout(resolve, i * 3)).then(() => claimPost(handle.db, postId!, 1)),
      ]);
      const post = await handle.db
        .selectFrom('suggested_posts')
        .select('status')
        .where('id', '=', postId!)
        .executeTakeFirst();
      if (deleted.status === 200) {
        outcomes.add('deleted');
        expect(claim).toBeUndefined();
        expect(post).toBeUndefined();
        expect(await workspaceExists(loja)).toBe(false);
      } else {
        outcomes.add('claimed');
        expect(deleted.status).toBe(409);
        expect(claim).toBeDefined();
        expect(post?.status).toBe('publishing');
        expect(await workspaceExists(loja)).toBe(true);
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

async function workspaceExists(id: string): Promise<boolean> {
  return (
    (await handle.db.selectFrom('workspaces').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined
  );
}
