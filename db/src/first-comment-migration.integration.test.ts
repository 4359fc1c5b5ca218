// The first-comment migration (2026-11-30T06-10-first-comment) on PGlite and PostgreSQL: existing
// posts have no first comment (text and status NULL), a saved text is pending, a status without a
// text (or a text without a status) is refused, the comment is not claimed before its post is
// published, a worker's change of a published post's comment is a live event; down() then up().
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { describeMigration, downAndUp } from '../../test/migration-check.js';
import { claimFirstComment } from './repositories/first-comment.repository.js';
import { insertScheduledPosts } from './repositories/posts.repository.js';
import { findScheduledPost, saveScheduledPostVersion } from './repositories/scheduled-posts.repository.js';
import { insertTheme } from './repositories/themes.repository.js';
import { createUser } from './repositories/users.repository.js';
import type { Database } from './schema.js';

const NAME = '2026-11-30T06-10-first-comment';

async function check(db: Kysely<Database>) {
  const ana = await createUser(db, {
    email: `comentario-${randomUUID().slice(0, 6)}@teste.pauta.dev`,
    passwordHash: null,
  });
  const theme = await insertTheme(db, ana.id, {
    name: 'Doces',
    description: 'Bolos caseiros',
    toneOfVoice: ['casual'],
    avoidTopics: [],
    socialNetworks: ['instagram'],
    frequency: 'daily',
    colorPalette: 'blue',
  });
  const later = new Date(Date.now() + 3_600_000);
  const [post] = await insertScheduledPosts(db, {
    userId: ana.id,
    themeId: theme.id,
    posts: [
      { title: 'a', content: 'Bolo de cenoura', platform: 'instagram', postOrder: 1, scheduledFor: later },
    ],
  });
  const workspaceId = theme.workspace_id;
  const before = await findScheduledPost(db, workspaceId, post!.id);
  expect(before).toMatchObject({ first_comment: null, first_comment_status: null, first_comment_id: null });

  const saved = await saveScheduledPostVersion(db, {
    workspaceId,
    postId: post!.id,
    changes: { scheduledFor: later, firstComment: '#bolo #cenoura' },
    allowed: ['scheduled'],
    now: new Date(),
  });
  expect(saved).toMatchObject({ first_comment: '#bolo #cenoura', first_comment_status: 'pending' });
  // Not claimed while the post is not published: the comment goes only under a published post.
  expect(await claimFirstComment(db, post!.id)).toBeUndefined();
  // The state and the text go together.
  await expect(
    db.updateTable('suggested_posts').set({ first_comment: null }).where('id', '=', post!.id).execute(),
  ).rejects.toThrow();
  await expect(
    db
      .updateTable('suggested_posts')
      .set({ first_comment_status: 'sent' as never })
      .where('id', '=', post!.id)
      .execute(),
  ).rejects.toThrow();

  // A worker's change of a published post's comment announces itself (kind post, FIRST_COMMENT_*).
  await db.updateTable('suggested_posts').set({ status: 'published' }).where('id', '=', post!.id).execute();
  await db
    .updateTable('suggested_posts')
    .set({ first_comment_status: 'failed', first_comment_error: 'recusado' })
    .where('id', '=', post!.id)
    .execute();
  const events = await sql<{ error_code: string | null; status: string | null }>`
    SELECT error_code, status FROM live_events WHERE post_id = ${post!.id} ORDER BY id`.execute(db);
  expect(events.rows.at(-1)).toEqual({ error_code: 'FIRST_COMMENT_FAILED', status: 'published' });
  expect(events.rows.filter((row) => row.error_code?.startsWith('FIRST_COMMENT_'))).toHaveLength(1);

  // Removing the text removes its state.
  await db
    .updateTable('suggested_posts')
    .set({ status: 'scheduled', claim_token: null })
    .where('id', '=', post!.id)
    .execute();
  const removed = await saveScheduledPostVersion(db, {
    workspaceId,
    postId: post!.id,
    changes: { scheduledFor: later, firstComment: null },
    allowed: ['scheduled'],
    now: new Date(),
  });
  expect(removed).toMatchObject({
    first_comment: null,
    first_comment_status: null,
    first_comment_error: null,
  });

  await downAndUp(db, NAME, async () => {
    await expect(db.selectFrom('suggested_posts').select('first_comment').execute()).rejects.toThrow();
  });
  const rows = await db
    .selectFrom('suggested_posts')
    .select(['first_comment', 'first_comment_status'])
    .execute();
  expect(rows).toEqual([{ first_comment: null, first_comment_status: null }]);
}

describeMigration(`migration ${NAME}`, check);
