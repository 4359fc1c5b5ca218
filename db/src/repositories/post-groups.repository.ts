// Post groups (docs/composer.md): the posts one composer save wrote for several networks, linked by
// `suggested_posts.group_id`. Every read and write is scoped by the workspace (docs/workspaces.md).
import type { ApprovalStage, Platform, PostStatus } from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import type { Kysely } from 'kysely';
import type { Database, PostOptionValuesJson } from '../schema.js';
import { moveApprovalStageIn, type StageActor } from './approval.repository.js';
import {
  imageRow,
  insertMediaRows,
  type StoredImage,
  type StoredVideo,
  videoRow,
} from './media.repository.js';

/** An image of a composer post: its files already written (and reserved) under the post's keys. */
export interface NewGroupMedia extends StoredImage {
  altText: string;
}

/** A composer post's video: its bytes already copied (and reserved) under the post's own key. */
export type NewGroupVideo = StoredVideo;

export interface NewGroupPost {
  /** The post's id, chosen before the save so its images' keys can name it. */
  id?: string | undefined;
  platform: Platform;
  /** The account it goes out from (docs/workspaces.md); absent: the network's only one (trigger). */
  connectedAccountId?: string | undefined;
  content: string;
  networkOptions: PostOptionValuesJson;
  /** The first comment (docs/first-comment.md); null = none. */
  firstComment?: string | null | undefined;
  /** The post's images in order (docs/composer.md); none when absent. */
  media?: readonly NewGroupMedia[] | undefined;
  /** The post's video (docs/composer.md), never with images; no cover until one is chosen. */
  video?: NewGroupVideo | undefined;
}

/**
 * Stores one post per network in one transaction, all with `groupId`, the same title, time and
 * post order (the theme's next). `submitBy`: the theme requires approval and the person sent the
 * posts for approval — each moves from `draft` (the insert trigger's stage) to `review` in the same
 * transaction. All or nothing: any failure rolls every post back.
 */
export async function insertPostGroup(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    userId: string;
    themeId: string;
    groupId: string;
    title: string;
    scheduledFor: Date;
    posts: NewGroupPost[];
    submitBy?: StageActor | undefined;
    /** "Salvar rascunho" in a theme without approval: the posts are stored as `draft` (docs/composer.md). */
    draft?: boolean | undefined;
    /** The composer's uploads these posts' images came from: deleted in the same transaction. */
    consumeComposerMedia?: readonly string[] | undefined;
  },
): Promise<WakeUp[]> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('suggested_posts')
      .select((eb) => eb.fn.max<number | null>('post_order').as('m'))
      .where('theme_id', '=', options.themeId)
      .where('workspace_id', '=', options.workspaceId)
      .executeTakeFirst();
    const postOrder = Number(order?.m ?? 0) + 1;
    const rows = await trx
      .insertInto('suggested_posts')
      .values(
        options.posts.map((post) => ({
          ...(post.id ? { id: post.id } : {}),
          theme_id: options.themeId,
          user_id: options.userId,
          workspace_id: options.workspaceId,
          title: options.title,
          content: post.content,
          platform: post.platform,
          ...(post.connectedAccountId ? { connected_account_id: post.connectedAccountId } : {}),
          post_order: postOrder,
          scheduled_for: options.scheduledFor,
          network_options: JSON.stringify(post.networkOptions),
          group_id: options.groupId,
          ...(options.draft ? { status: 'draft' as const } : {}),
          // Text and state go together (the table's check): a comment waits as pending.
          first_comment: post.firstComment ?? null,
          first_comment_status: post.firstComment ? ('pending' as const) : null,
        })),
      )
      .returning(['id', 'version', 'scheduled_for', 'platform'])
      .execute();
    // Each post's images, as an upload in Editar Post stores them (positions 0..n-1); inserting the
    // rows releases the files' reservations, and the composer's uploads go (their files queued).
    const owner = { workspaceId: options.workspaceId, userId: options.userId };
    await insertMediaRows(
      trx,
      options.posts.flatMap((post, index) =>
        (post.media ?? []).map((media, position) =>
          imageRow(media, { ...owner, postId: post.id ?? rows[index]!.id }, position),
        ),
      ),
    );
    // Each post's video, as a finished upload in Editar Post records it (addPostVideo's row).
    await insertMediaRows(
      trx,
      options.posts.flatMap((post, index) =>
        post.video ? [videoRow(post.video, { ...owner, postId: post.id ?? rows[index]!.id })] : [],
      ),
    );
    const consumed = options.consumeComposerMedia ?? [];
    if (consumed.length > 0)
      await trx
        .deleteFrom('composer_media')
        .where('workspace_id', '=', options.workspaceId)
        .where('id', 'in', [...consumed])
        .execute();
    const wakeUps: WakeUp[] = [];
    for (const row of rows) {
      let version = row.version;
      if (options.submitBy) {
        const moved = await moveApprovalStageIn(trx, {
          workspaceId: options.workspaceId,
          postId: row.id,
          to: 'review',
          by: options.submitBy,
        });
        if (moved.kind !== 'moved' && moved.kind !== 'unchanged')
          throw new Error(`post ${row.id}: não foi para revisão (${moved.kind})`);
        if (moved.kind === 'moved') version = moved.post.version;
      }
      wakeUps.push({ id: row.id, version, scheduled_for: row.scheduled_for as Date, platform: row.platform });
    }
    return wakeUps;
  });
}

export interface GroupSibling {
  id: string;
  platform: Platform;
  content: string;
  status: PostStatus;
  scheduledFor: Date;
  approvalStage: ApprovalStage | null;
}

/** The other posts of `postId`'s group, in the workspace (none when it was written alone). */
export async function listGroupSiblings(
  db: Kysely<Database>,
  workspaceId: string,
  postId: string,
): Promise<GroupSibling[]> {
  const rows = await db
    .selectFrom('suggested_posts as me')
    .innerJoin('suggested_posts as sp', (join) =>
      join.onRef('sp.group_id', '=', 'me.group_id').onRef('sp.workspace_id', '=', 'me.workspace_id'),
    )
    .select(['sp.id', 'sp.platform', 'sp.content', 'sp.status', 'sp.scheduled_for', 'sp.approval_stage'])
    .where('me.id', '=', postId)
    .where('me.workspace_id', '=', workspaceId)
    .where('sp.id', '!=', postId)
    .orderBy('sp.created_at')
    .orderBy('sp.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform,
    content: row.content,
    status: row.status,
    scheduledFor: row.scheduled_for as Date,
    approvalStage: row.approval_stage,
  }));
}
