// AI carousels (docs/carousel.md): a post's draft carousel (`carousels`, one per post) and the
// switch of a post's images to the carousel's slides. Every query is scoped by the workspace; slide
// images are files in the media storage, queued in media_garbage whenever a row stops holding them
// (a replaced render, a removed slide, a new generation; the table's trigger for a deleted row).
import type { Platform, PostStatus } from '@pauta/core';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { CarouselSlideImage, Database, StoredCarouselSlide } from '../schema.js';
import {
  imageRow,
  insertMediaRows,
  isRefusal,
  lockEditablePost,
  type MediaChangeRefusal,
  type NewPostMedia,
} from './media.repository.js';

export interface CarouselRow {
  id: string;
  post_id: string;
  format: 'portrait' | 'square';
  slides: StoredCarouselSlide[];
  version: number;
  updated_at: Date;
}

const COLUMNS = ['id', 'post_id', 'format', 'slides', 'version', 'updated_at'] as const;

/** The post's carousel; `forUpdate` locks its row until the caller's transaction ends. */
export async function findCarousel(
  db: Kysely<Database> | Transaction<Database>,
  workspaceId: string,
  postId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CarouselRow | undefined> {
  return db
    .selectFrom('carousels')
    .select(COLUMNS)
    .where('post_id', '=', postId)
    .where('workspace_id', '=', workspaceId)
    .$if(options.forUpdate === true, (query) => query.forUpdate())
    .executeTakeFirst();
}

function imageKeys(slides: readonly StoredCarouselSlide[]): string[] {
  return slides.flatMap((s) => (s.image ? [s.image.key, s.image.thumb_key] : []));
}

/** Queues files no row holds any more (the sweeper deletes them once this commits). */
async function queueGarbage(trx: Transaction<Database>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await trx
    .insertInto('media_garbage')
    .values(keys.map((storage_key) => ({ storage_key, not_before: sql<Date>`now()` })))
    .onConflict((oc) => oc.column('storage_key').doUpdateSet({ not_before: sql<Date>`now()` }))
    .execute();
}

function lockCarousel(
  trx: Transaction<Database>,
  workspaceId: string,
  postId: string,
): Promise<CarouselRow | undefined> {
  return findCarousel(trx, workspaceId, postId, { forUpdate: true });
}

/**
 * Stores the AI's slides as the post's carousel (replacing a previous one: its images are queued
 * for deletion). Only on an editable post of the workspace.
 */
export async function saveGeneratedCarousel(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    postId: string;
    userId: string;
    format: 'portrait' | 'square';
    slides: StoredCarouselSlide[];
  },
): Promise<{ carousel: CarouselRow } | MediaChangeRefusal> {
  return db.transaction().execute(async (trx) => {
    const post = await lockEditablePost(trx, options.workspaceId, options.postId);
    if (isRefusal(post)) return post;
    const previous = await lockCarousel(trx, options.workspaceId, options.postId);
    const slides = JSON.stringify(options.slides);
    const carousel = previous
      ? await trx
          .updateTable('carousels')
          .set({
            slides,
            format: options.format,
            version: sql<number>`version + 1`,
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', previous.id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto('carousels')
          .values({
            workspace_id: options.workspaceId,
            post_id: options.postId,
            created_by: options.userId,
            format: options.format,
            slides,
          })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
    if (previous) await queueGarbage(trx, imageKeys(previous.slides));
    return { carousel };
  });
}

export type CarouselChangeRefusal = MediaChangeRefusal | { refused: 'STALE' } | { refused: 'NO_CAROUSEL' };

/**
 * Locks the workspace's editable post, then its carousel, when the carousel is still at
 * `expectedVersion` (a person's change made on what they saw); else why not.
 */
async function lockCarouselAt(
  trx: Transaction<Database>,
  options: { workspaceId: string; postId: string; expectedVersion: number },
): Promise<CarouselRow | CarouselChangeRefusal> {
  const post = await lockEditablePost(trx, options.workspaceId, options.postId);
  if (isRefusal(post)) return post;
  const current = await lockCarousel(trx, options.workspaceId, options.postId);
  if (!current) return { refused: 'NO_CAROUSEL' };
  if (current.version !== options.expectedVersion) return { refused: 'STALE' };
  return current;
}

/**
 * Saves the person's edit of the slides (text, order, removals, format) when `expectedVersion` is
 * still the stored one. A slide whose kind, title and body and the format are unchanged keeps its
 * image; any other loses it (re-rendered next) and its files are queued, as are removed slides'.
 */
export async function updateCarouselSlides(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    postId: string;
    expectedVersion: number;
    format: 'portrait' | 'square';
    slides: Omit<StoredCarouselSlide, 'image'>[];
  },
): Promise<{ carousel: CarouselRow } | CarouselChangeRefusal> {
  return db.transaction().execute(async (trx) => {
    const current = await lockCarouselAt(trx, options);
    if ('refused' in current) return current;
    const byId = new Map(current.slides.map((s) => [s.id, s]));
    const kept = new Set<string>();
    const slides: StoredCarouselSlide[] = options.slides.map((slide) => {
      const before = byId.get(slide.id);
      const same =
        before !== undefined &&
        options.format === current.format &&
        before.kind === slide.kind &&
        before.title === slide.title &&
        before.body === slide.body;
      if (same && before.image) kept.add(before.image.key);
      return { ...slide, image: same ? (before.image ?? null) : null };
    });
    const dropped = current.slides.filter((s) => s.image && !kept.has(s.image.key));
    const carousel = await trx
      .updateTable('carousels')
      .set({
        slides: JSON.stringify(slides),
        format: options.format,
        version: sql<number>`version + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', current.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await queueGarbage(trx, imageKeys(dropped));
    return { carousel };
  });
}

/**
 * Attaches a rendered image to a slide, fenced by content: only while the slide still has the kind,
 * title and body it was rendered from, and the carousel the same format. Otherwise STALE (the files
 * stay reserved in media_garbage and are swept). The replaced image's files are queued.
 */
export async function setSlideImage(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    postId: string;
    rendered: Omit<StoredCarouselSlide, 'image'>;
    format: 'portrait' | 'square';
    image: CarouselSlideImage;
  },
): Promise<{ carousel: CarouselRow } | CarouselChangeRefusal> {
  return db.transaction().execute(async (trx) => {
    const current = await lockCarousel(trx, options.workspaceId, options.postId);
    if (!current) return { refused: 'NO_CAROUSEL' };
    const index = current.slides.findIndex((s) => s.id === options.rendered.id);
    const slide = current.slides[index];
    if (
      slide === undefined ||
      current.format !== options.format ||
      slide.kind !== options.rendered.kind ||
      slide.title !== options.rendered.title ||
      slide.body !== options.rendered.body
    )
      return { refused: 'STALE' };
    const slides = current.slides.map((s, i) => (i === index ? { ...s, image: options.image } : s));
    const carousel = await trx
      .updateTable('carousels')
      .set({ slides: JSON.stringify(slides), updated_at: sql<Date>`now()` })
      .where('id', '=', current.id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('media_garbage')
      .where('storage_key', 'in', [options.image.key, options.image.thumb_key])
      .execute();
    if (slide.image) await queueGarbage(trx, [slide.image.key, slide.image.thumb_key]);
    return { carousel };
  });
}

/**
 * Replaces every image (or video) of the workspace's editable post with `items`, in order, when
 * the carousel is still at `expectedVersion`. The old rows' files are queued by post_media's
 * trigger; the new files' reservations are released.
 */
export async function replacePostMediaWithSlides(
  db: Kysely<Database>,
  options: {
    workspaceId: string;
    postId: string;
    expectedVersion: number;
    items: Omit<NewPostMedia, 'workspaceId' | 'postId'>[];
  },
): Promise<{ count: number } | CarouselChangeRefusal> {
  return db.transaction().execute(async (trx) => {
    const current = await lockCarouselAt(trx, options);
    if ('refused' in current) return current;
    await trx
      .deleteFrom('post_media')
      .where('post_id', '=', options.postId)
      .where('workspace_id', '=', options.workspaceId)
      .execute();
    await insertMediaRows(
      trx,
      options.items.map((item, position) =>
        imageRow(item, { postId: options.postId, userId: item.userId }, position),
      ),
    );
    return { count: options.items.length };
  });
}

export interface CarouselPostContext {
  postId: string;
  title: string;
  content: string;
  platform: Platform;
  status: PostStatus;
  themeName: string;
  themeColor: string;
  workspaceName: string;
  logoKey: string | null;
}

/** What a carousel is made from: the workspace's post, its theme's name and colour, the workspace's branding. */
export async function findCarouselPostContext(
  db: Kysely<Database>,
  workspaceId: string,
  postId: string,
): Promise<CarouselPostContext | undefined> {
  const row = await db
    .selectFrom('suggested_posts as p')
    .innerJoin('themes as t', 't.id', 'p.theme_id')
    .innerJoin('workspaces as w', 'w.id', 'p.workspace_id')
    .select([
      'p.id as postId',
      'p.title',
      'p.content',
      'p.platform',
      'p.status',
      't.name as themeName',
      't.color_palette as themeColor',
      'w.name as workspaceName',
      'w.logo_key as logoKey',
    ])
    .where('p.id', '=', postId)
    .where('p.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row;
}
