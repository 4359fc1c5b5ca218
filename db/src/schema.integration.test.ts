import { renderTemplate } from '@pauta/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, testDb } from '../../test/harness.js';
import type { DbHandle } from './client.js';
import { pendingMigrations } from './migrations.js';
import { getBooleanSetting, getNumberSetting } from './repositories/settings.repository.js';
import { deleteTheme, insertTheme, listThemes } from './repositories/themes.repository.js';
import { hasRole, setRole } from './repositories/users.repository.js';

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => handle.close());

const themeFields = {
  name: 'Marketing digital',
  description: 'Dicas práticas de marketing para pequenos negócios',
  toneOfVoice: ['professional'],
  avoidTopics: [],
  socialNetworks: ['linkedin' as const, 'x' as const],
  frequency: 'weekly' as const,
  colorPalette: 'blue',
};

describe('the migrated PostgreSQL schema', () => {
  it('has every table of spec §3 with the spec column names', async () => {
    const expected: Record<string, string[]> = {
      themes: [
        'id',
        'user_id',
        'name',
        'description',
        'tone_of_voice',
        'avoid_topics',
        'social_networks',
        'frequency',
        'color_palette',
        'created_at',
      ],
      suggested_posts: [
        'id',
        'theme_id',
        'title',
        'content',
        'platform',
        'post_order',
        'scheduled_for',
        'created_at',
        'is_used',
      ],
      published_posts: [
        'id',
        'user_id',
        'theme_id',
        'title',
        'content',
        'platform',
        'published_at',
        'engagement_rate',
        'reach',
        'likes_count',
        'comments_count',
      ],
      connected_accounts: [
        'id',
        'user_id',
        'platform',
        'platform_user_id',
        'platform_username',
        'access_token',
        'refresh_token',
        'account_data',
        'is_active',
        'created_at',
        'updated_at',
      ],
      profiles: ['id', 'first_name', 'last_name', 'email', 'created_at'],
      user_roles: ['user_id', 'role'],
      email_templates: [
        'id',
        'template_name',
        'subject',
        'html_content',
        'variables',
        'is_active',
        'created_at',
        'updated_at',
      ],
      publishing_logs: [
        'id',
        'user_id',
        'status',
        'title',
        'content',
        'platform',
        'scheduled_for',
        'attempted_at',
        'image_url',
        'platform_post_id',
        'error_message',
        'error_location',
      ],
      admin_settings: ['id', 'setting_key', 'setting_value', 'description'],
    };
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`.execute(
      handle.db,
    );
    for (const [table, columns] of Object.entries(expected)) {
      const actual = rows.filter((r) => r.table_name === table).map((r) => r.column_name);
      expect(actual, table).toEqual(expect.arrayContaining(columns));
    }
    expect(await pendingMigrations(handle.db)).toEqual([]);
  });

  it('deleting a theme removes its suggested posts but keeps published history', async () => {
    const user = await makeUser(handle);
    const theme = await insertTheme(handle.db, user.id, themeFields);
    await handle.db
      .insertInto('suggested_posts')
      .values([
        {
          theme_id: theme.id,
          user_id: user.id,
          title: 'A',
          content: 'a',
          platform: 'linkedin',
          scheduled_for: new Date(),
        },
        {
          theme_id: theme.id,
          user_id: user.id,
          title: 'B',
          content: 'b',
          platform: 'x',
          scheduled_for: new Date(),
        },
      ])
      .execute();
    await handle.db
      .insertInto('published_posts')
      .values({ user_id: user.id, theme_id: theme.id, title: 'P', content: 'p', platform: 'x' })
      .execute();

    const other = await makeUser(handle, 'other');
    expect(await deleteTheme(handle.db, other.id, theme.id)).toBeNull();
    expect(await deleteTheme(handle.db, user.id, theme.id)).not.toBeNull();

    const posts = await handle.db
      .selectFrom('suggested_posts')
      .select('id')
      .where('theme_id', '=', theme.id)
      .execute();
    expect(posts).toHaveLength(0);
    const published = await handle.db
      .selectFrom('published_posts')
      .select('theme_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(published).toEqual([{ theme_id: null }]);
  });

  it("refuses a post in another workspace's theme (docs/workspaces.md)", async () => {
    const owner = await makeUser(handle);
    const intruder = await makeUser(handle, 'intruder');
    const theme = await insertTheme(handle.db, owner.id, themeFields);
    // The intruder's personal workspace id is the intruder's id.
    await expect(
      handle.db
        .insertInto('suggested_posts')
        .values({
          workspace_id: intruder.id,
          theme_id: theme.id,
          user_id: intruder.id,
          title: 'x',
          content: 'x',
          platform: 'x',
        })
        .execute(),
    ).rejects.toThrow(/suggested_posts_workspace_theme_fk/);
    // Written without a workspace, a post is in its theme's, whoever wrote it.
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({ theme_id: theme.id, user_id: intruder.id, title: 'x', content: 'x', platform: 'x' })
      .returning('workspace_id')
      .executeTakeFirstOrThrow();
    expect(post.workspace_id).toBe(owner.id);
  });

  it('enforces the spec enums with CHECK constraints', async () => {
    const user = await makeUser(handle);
    await expect(
      insertTheme(handle.db, user.id, { ...themeFields, frequency: 'hourly' as never }),
    ).rejects.toThrow(/check/);
    await expect(
      insertTheme(handle.db, user.id, { ...themeFields, socialNetworks: ['myspace' as never] }),
    ).rejects.toThrow(/check/);
    await expect(insertTheme(handle.db, user.id, { ...themeFields, colorPalette: '#12345' })).rejects.toThrow(
      /check/,
    );
    await expect(insertTheme(handle.db, user.id, { ...themeFields, name: '   ' })).rejects.toThrow(/check/);
    await expect(
      insertTheme(handle.db, user.id, { ...themeFields, colorPalette: '#FF0000' }),
    ).resolves.toBeTruthy();
  });

  it('has_role answers, with no row meaning user', async () => {
    const user = await makeUser(handle);
    expect(await hasRole(handle.db, user.id, 'admin')).toBe(false);
    expect(await hasRole(handle.db, user.id, 'user')).toBe(true);
    await handle.db.transaction().execute((trx) => setRole(trx, user.id, 'admin'));
    expect(await hasRole(handle.db, user.id, 'admin')).toBe(true);
    expect(await hasRole(handle.db, user.id, 'user')).toBe(false);
    const rows = await handle.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([{ role: 'admin' }]);
  });

  it('seeds the admin settings and pt-BR email templates', async () => {
    expect(await getBooleanSetting(handle.db, 'email_notifications_enabled', false)).toBe(true);
    expect(await getNumberSetting(handle.db, 'max_themes_per_user', 0)).toBe(10);
    expect(await getBooleanSetting(handle.db, 'webhooks_allow_private_addresses', true)).toBe(false);
    const templates = await handle.db
      .selectFrom('email_templates')
      .select(['template_name', 'subject'])
      .execute();
    expect(templates.map((t) => t.template_name).sort()).toEqual([
      'account_expiring',
      'client_approval_action',
      'data_deletion_confirm',
      'password_reset',
      'publish_failure',
      'publish_failure_digest',
      'report_scheduled',
      'signin_link',
      'signup_existing_account',
      'webhook_paused',
      'welcome',
      'worker_down',
      'workspace_invitation',
    ]);
    expect(templates.find((t) => t.template_name === 'welcome')?.subject).toContain('Bem-vindo');
  });

  it('gives every seeded template sample values that read correctly in its preview (issue 30)', async () => {
    const templates = await handle.db
      .selectFrom('email_templates')
      .select(['template_name', 'subject', 'html_content', 'variables'])
      .execute();
    const account = templates.find((t) => t.template_name === 'account_expiring')!;
    const preview = renderTemplate(account, account.variables as Record<string, string>);
    expect(preview.subject).toBe('A conexão com o LinkedIn expira em 7 dias');
    expect(preview.html).toContain('Ela expira em 05/12/2026, daqui a 7 dias');
    for (const template of templates) {
      const variables = template.variables as Record<string, string>;
      // Every placeholder has a sample; none is a description ("Nome do usuário", "Link para…").
      const used = [...`${template.subject}${template.html_content}`.matchAll(/\{\{(\w+)\}\}/g)].map(
        (m) => m[1]!,
      );
      for (const name of used) expect(variables[name], `${template.template_name}.${name}`).toBeTruthy();
      for (const value of Object.values(variables)) {
        expect(value, template.template_name).not.toMatch(
          /^(Nome d|Link |Data |Dias |Email da|Página |Motivo|Título)/,
        );
      }
    }
  });

  it('keeps at most one success log per post', async () => {
    const user = await makeUser(handle);
    const theme = await insertTheme(handle.db, user.id, themeFields);
    const post = await handle.db
      .insertInto('suggested_posts')
      .values({ theme_id: theme.id, user_id: user.id, title: 'A', content: 'a', platform: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const log = {
      user_id: user.id,
      suggested_post_id: post.id,
      title: 'A',
      content: 'a',
      platform: 'x' as const,
    };
    await handle.db
      .insertInto('publishing_logs')
      .values({ ...log, attempt: 1, status: 'success' })
      .execute();
    await expect(
      handle.db
        .insertInto('publishing_logs')
        .values({ ...log, attempt: 2, status: 'success' })
        .execute(),
    ).rejects.toThrow(/duplicate key/);
    expect((await listThemes(handle.db, user.id)).map((t) => t.id)).toEqual([theme.id]);
  });
});
