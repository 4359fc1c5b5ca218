// Posts Agendados and the calendar: list, edit, reschedule, retry and delete the caller's posts.
// Plain functions taking their dependencies, so the rules are tested without tRPC. A change is
// saved as a new version by one conditional UPDATE, and its wake-up is enqueued after it commits.

import type { ApprovalStage, PostStatus } from '@pauta/core';
import {
  AppError,
  describeRecurrence,
  EDITABLE_POST_STATUSES,
  fitsPlatformLimit,
  isBeyondScheduleHorizon,
  isEditablePostStatus,
  isPublishErrorCode,
  isRetryablePostStatus,
  type MediaRejection,
  measurePostLength,
  occurrenceLabel,
  PLATFORM_LABELS,
  PLATFORM_TEXT_LIMITS,
  type Platform,
  type PublishErrorCode,
  RETRYABLE_POST_STATUSES,
  type RecurrenceRule,
} from '@pauta/core';
import {
  type Actor,
  actorOf,
  type Database,
  deleteScheduledPost,
  deleteScheduledPostsByFilter,
  deleteScheduledPostsByIds,
  findPostAccount,
  findScheduledPost,
  findSeriesOfPosts,
  findSibling,
  findTheme,
  insertSiblingPost,
  listCalendarPosts,
  listMediaForPosts,
  listPostMedia,
  listScheduledPostsPage,
  type PostAccountRef,
  type PostChanges,
  type PostSeriesSummary,
  postHasVideo,
  requestOutcomeLookup,
  type ScheduledPostRow,
  saveScheduledPostVersion,
} from '@pauta/db';
import {
  capabilitiesOf,
  firstCommentRefusal,
  mediaLimitsOf,
  NETWORK_PROFILES,
  type PostOptionValues,
  refusesDuplicateText,
  validatePostOptions,
} from '@pauta/networks';
import type { Kysely } from 'kysely';
import { fitForNetwork } from '../ai/adapt.js';
import type { MemoryCache } from '../cache/memory-cache.js';
import type { AppDeps } from '../deps.js';
import { browserMediaUrl } from '../media/media.service.js';
import type { QueueGateway } from '../queue/queue-gateway.js';
import type { DraftGenerator } from '../themes/drafts.js';
import { checkBudget } from './budget.service.js';
import {
  decodeCursor,
  encodeCursor,
  hasDateFilter,
  type PostListFilter,
  toInstantFilter,
  toScheduledKey,
} from './post-filters.js';
import { userTimeZone } from './user-time-zone.js';

/** A new date may lie this far in the past (the time it takes to fill in the dialog). */
export const PAST_TOLERANCE_MS = 60_000;
/** A retried post that was due already goes out this long after the retry. */
export const RETRY_DELAY_MS = 30_000;
/** Most posts one calendar range returns. */
export const CALENDAR_MAX_POSTS = 2000;

export interface PostsDeps {
  db: Kysely<Database>;
  queue: QueueGateway;
  now?: () => Date;
  /** The web process's copies of settings (the budgets; cache/memory-cache.ts). */
  cache?: MemoryCache | undefined;
}

/** What the screens get for a post: no owner id, no technical error text. */
export interface PostItem {
  id: string;
  themeId: string;
  themeName: string;
  themeColor: string;
  title: string;
  content: string;
  platform: Platform;
  /**
   * The account the post goes out from (docs/workspaces.md "Several accounts of one network"):
   * null = the network's only one (resolved when it publishes). The screens name it from
   * `accounts.active`; an id not there is a disconnected account.
   */
  accountId: string | null;
  postOrder: number;
  scheduledFor: Date;
  createdAt: Date;
  isUsed: boolean;
  status: PostStatus;
  version: number;
  attempts: number;
  lastError: PublishErrorCode | null;
  /** pt-BR: what happened and what to do, from the network's error table; null = core's message of lastError. */
  lastErrorMessage: string | null;
  updatedAt: Date;
  /** The approval stage (docs/approval.md); null when the theme does not require approval. */
  approvalStage: ApprovalStage | null;
  /** What the post chose on its network (docs/post-options.md): Editar Post's "Opções do <rede>". */
  networkOptions: PostOptionValues;
  /** The first comment and its own state (docs/first-comment.md); null: none. */
  firstComment: {
    text: string;
    status: 'pending' | 'sending' | 'published' | 'failed' | 'unknown';
    commentId: string | null;
    /** pt-BR: why it failed, or why its outcome is unknown. */
    error: string | null;
  } | null;
  /** The first image's thumbnail (a signed same-origin URL) in lists and the calendar; absent elsewhere. */
  thumbUrl?: string | null;
  /**
   * What the first media is (lists and the calendar): 'video' with thumbUrl null is a video
   * without a cover yet; null = no media. Absent elsewhere.
   */
  mediaKind?: 'image' | 'video' | null;
  /**
   * A post flagged "maybe published" (UNKNOWN_OUTCOME): 'pending' while Pauta asks the network,
   * 'unresolved' when the network could not tell (then "Reenviar mesmo assim" is offered).
   */
  outcomeCheck?: 'pending' | 'unresolved' | null;
  /** The post holds a slot of its account's posting queue (docs/posting-queue.md). */
  queued?: boolean;
  /** The post's place in its repetition (docs/recurring-posts.md): 1, 2, …; null outside one. */
  seriesOccurrence: number | null;
  /** Editar Post: the repetition's rule, state and next date (absent in lists). */
  series?: PostSeriesInfo | null;
  /** Editar Post: the network refuses repeated text, so each occurrence gets an AI variation. */
  textMustVary?: boolean;
}

/** A post's repetition as Editar Post shows it (docs/recurring-posts.md). */
export interface PostSeriesInfo {
  rule: RecurrenceRule;
  occurrence: number;
  /** "2 de 5" or "2ª publicação". */
  label: string;
  /** "Toda semana, 3 publicações". */
  description: string;
  state: 'active' | 'stopped' | 'ended';
  /** The earliest occurrence still scheduled (this post's own date included); null: none. */
  nextAt: Date | null;
}

/** Adds the first image's thumbnail to each item (one indexed query for the whole page). */
async function withThumbnails(
  deps: Pick<PostsDeps, 'db'> & Pick<AppDeps, 'media'>,
  workspaceId: string,
  items: PostItem[],
): Promise<PostItem[]> {
  const media = deps.media;
  if (!media || items.length === 0) return items;
  const firsts = await listMediaForPosts(
    deps.db,
    items.map((item) => item.id),
    { workspaceId, firstOnly: true },
  );
  return items.map((item) => {
    const first = firsts.get(item.id)?.[0];
    return {
      ...item,
      thumbUrl: first?.thumb_key ? browserMediaUrl(media.signingKey, first.thumb_key) : null,
      mediaKind: first?.kind ?? null,
    };
  });
}

/** What every list shows of a post, scheduled or published: its theme, title, text and network. */
export function presentThemedPost<Theme extends string | null>(
  row: Pick<ScheduledPostRow, 'id' | 'title' | 'content' | 'platform'> & {
    theme_id: Theme;
    theme_name: Theme;
    theme_color: Theme;
  },
) {
  return {
    id: row.id,
    themeId: row.theme_id,
    themeName: row.theme_name,
    themeColor: row.theme_color,
    title: row.title,
    content: row.content,
    platform: row.platform,
  };
}

export function presentPost(row: ScheduledPostRow): PostItem {
  return {
    ...presentThemedPost(row),
    accountId: row.connected_account_id ?? null,
    postOrder: row.post_order,
    scheduledFor: row.scheduled_for,
    createdAt: row.created_at,
    isUsed: row.is_used,
    status: row.status,
    version: row.version,
    attempts: row.attempts,
    // The worker stores a PublishErrorCode; anything else is shown as the generic failure.
    lastError:
      row.last_error === null ? null : isPublishErrorCode(row.last_error) ? row.last_error : 'INTERNAL',
    lastErrorMessage: row.last_error === null ? null : row.last_error_message,
    outcomeCheck: row.outcome_check ?? null,
    updatedAt: row.updated_at,
    approvalStage: row.approval_stage,
    networkOptions: row.network_options ?? {},
    firstComment: row.first_comment
      ? {
          text: row.first_comment,
          status: row.first_comment_status ?? 'pending',
          commentId: row.first_comment_id,
          error: row.first_comment_error,
        }
      : null,
    queued: row.queue_account_id != null && row.status === 'scheduled',
    seriesOccurrence: row.series_occurrence ?? null,
  };
}

/** The filter's days as instants in the user's zone (`knownTimeZone`: already read with the session). */
async function instantFilter(
  db: Kysely<Database>,
  userId: string,
  filter: PostListFilter,
  knownTimeZone?: string,
) {
  const timeZone = hasDateFilter(filter) ? (knownTimeZone ?? (await userTimeZone(db, userId))) : 'UTC';
  return toInstantFilter(filter, timeZone);
}

/** One page of Posts Agendados, ascending by date, with the exact total for the filter. */
export async function listPosts(
  deps: Pick<PostsDeps, 'db'> & Pick<AppDeps, 'media'>,
  options: {
    workspaceId: string;
    userId: string;
    filter: PostListFilter;
    cursor?: string | null | undefined;
    limit: number;
    /** The user's profile zone when already known (read with the session); otherwise read here. */
    timeZone?: string | undefined;
  },
): Promise<{ items: PostItem[]; nextCursor: string | null; total: number; scheduledTotal: number }> {
  const cursor = options.cursor ? decodeCursor(options.cursor) : null;
  if (options.cursor && !cursor) throw new AppError('VALIDATION_FAILED', { field: 'cursor' });
  const filter = await instantFilter(deps.db, options.userId, options.filter, options.timeZone);
  // The list holds every status; "N posts agendados" counts only those still waiting to publish.
  // The page, its thumbnails and both counts come in one statement (docs/performance.md).
  const page = await listScheduledPostsPage(deps.db, {
    workspaceId: options.workspaceId,
    filter,
    after: cursor ? toScheduledKey(cursor) : undefined,
    limit: options.limit,
  });
  const media = deps.media;
  return {
    items: page.rows.map((row) => {
      const item = presentPost(row);
      return media
        ? {
            ...item,
            thumbUrl: row.thumb_key ? browserMediaUrl(media.signingKey, row.thumb_key) : null,
            mediaKind: row.media_kind,
          }
        : item;
    }),
    nextCursor: page.next ? encodeCursor({ time: page.next.scheduledFor, id: page.next.id }) : null,
    total: page.total,
    scheduledTotal: page.scheduled,
  };
}

/** The posts of a calendar range [from, to), at most CALENDAR_MAX_POSTS. */
export async function listCalendar(
  deps: Pick<PostsDeps, 'db'> & Pick<AppDeps, 'media'>,
  options: {
    workspaceId: string;
    userId: string;
    from: Date;
    to: Date;
    themeId?: string | undefined;
    platform?: Platform | undefined;
  },
): Promise<PostItem[]> {
  const rows = await listCalendarPosts(deps.db, {
    workspaceId: options.workspaceId,
    from: options.from,
    before: options.to,
    themeId: options.themeId,
    platform: options.platform,
    limit: CALENDAR_MAX_POSTS,
  });
  return withThumbnails(deps, options.workspaceId, rows.map(presentPost));
}

export async function getPost(
  deps: Pick<PostsDeps, 'db'>,
  workspaceId: string,
  postId: string,
): Promise<PostItem> {
  const row = await findScheduledPost(deps.db, workspaceId, postId);
  if (!row) throw new AppError('NOT_FOUND');
  const item = { ...presentPost(row), textMustVary: refusesDuplicateText(row.platform) };
  if (row.series_occurrence === null) return { ...item, series: null };
  const series = (await findSeriesOfPosts(deps.db, workspaceId, [postId])).get(postId);
  return { ...item, series: series ? presentSeries(series) : null };
}

export function presentSeries(series: PostSeriesSummary): PostSeriesInfo {
  const rule: RecurrenceRule = {
    kind: series.kind,
    interval: series.interval,
    maxOccurrences: series.maxOccurrences,
    untilDate: series.untilDate,
  };
  return {
    rule,
    occurrence: series.occurrence,
    label: occurrenceLabel(series.occurrence, series.maxOccurrences),
    description: describeRecurrence(rule),
    state: series.stoppedAt ? 'stopped' : series.endedAt ? 'ended' : 'active',
    nextAt: series.nextAt,
  };
}

/**
 * Why a date a person picked is refused, or null: in the past (beyond a minute), or past the
 * 2-year horizon. The save throws it; the pre-flight shows it (docs/preflight.md).
 */
export function scheduleRefusal(scheduledFor: Date, now: Date): AppError | null {
  if (isBeyondScheduleHorizon(scheduledFor, now)) {
    return new AppError('SCHEDULE_OUT_OF_RANGE', { field: 'scheduledFor' });
  }
  if (scheduledFor.getTime() < now.getTime() - PAST_TOLERANCE_MS) {
    return new AppError('VALIDATION_FAILED', { field: 'scheduledFor', reason: 'PAST' });
  }
  return null;
}

function assertSchedulable(scheduledFor: Date, now: Date): void {
  const refusal = scheduleRefusal(scheduledFor, now);
  if (refusal) throw refusal;
}

/**
 * A text measured against the limit a save holds it to: the network's, or the connected account's
 * own where its server declares one (Mastodon). `ownLimit` is set in that case.
 */
export async function measureAgainstTextLimit(
  db: Kysely<Database>,
  post: PostAccountRef,
  content: string,
): Promise<{ length: number; limit: number; fits: boolean; ownLimit: boolean }> {
  const { platform } = post;
  const account = await findPostAccount(db, post);
  const own = account?.account_data.text_limit;
  const length = measurePostLength(platform, content);
  if (typeof own === 'number') return { length, limit: own, fits: length <= own, ownLimit: true };
  return {
    length,
    limit: PLATFORM_TEXT_LIMITS[platform],
    fits: fitsPlatformLimit(platform, content),
    ownLimit: false,
  };
}

/**
 * Saves `changes` as the post's next version if it is still in one of `allowed`, then adds its
 * wake-up. The UPDATE re-checks the status, so when the worker claimed the post in between
 * nothing changes and the caller gets CONFLICT.
 */
async function saveVersion(
  deps: PostsDeps,
  options: {
    workspaceId: string;
    userId: string;
    postId: string;
    changes: PostChanges;
    allowed: readonly PostStatus[];
    now: Date;
    requestId?: string | undefined;
    /** "Agendar" of a draft: it becomes `scheduled` (else a draft stays a draft). */
    scheduleDraft?: boolean | undefined;
  },
): Promise<PostItem> {
  const saved = await saveScheduledPostVersion(deps.db, options);
  if (!saved) {
    const current = await findScheduledPost(deps.db, options.workspaceId, options.postId);
    throw current ? new AppError('CONFLICT') : new AppError('NOT_FOUND');
  }
  // A draft has no wake-up (nothing would claim it); "Agendar" enqueues it.
  if (saved.status !== 'draft')
    await deps.queue.enqueuePublish(
      [
        {
          id: saved.id,
          version: saved.version,
          scheduled_for: saved.scheduled_for,
          platform: saved.platform,
        },
      ],
      options.requestId,
    );
  return presentPost(saved);
}

async function loadEditable(db: Kysely<Database>, userId: string, postId: string): Promise<ScheduledPostRow> {
  const post = await findScheduledPost(db, userId, postId);
  if (!post) throw new AppError('NOT_FOUND');
  if (!isEditablePostStatus(post.status)) throw new AppError('CONFLICT');
  return post;
}

/** BUDGET_EXCEEDED unless the new date stays within the network's budgets or the user confirmed. */
function checkBudgetOf(
  deps: PostsDeps,
  post: ScheduledPostRow,
  options: DateForBudget & { accountChange?: string | undefined },
): Promise<void> {
  return checkBudget(deps, {
    timeZone: options.timeZone,
    workspaceId: options.workspaceId,
    userId: options.userId,
    postId: post.id,
    platform: post.platform,
    // A per-account budget counts the account the post goes out from: the one chosen now, if any.
    accountId: options.accountChange ?? post.connected_account_id,
    scheduledFor: options.scheduledFor,
    previous: {
      scheduledFor: post.scheduled_for,
      status: post.status,
      accountChanged: options.accountChange !== undefined,
    },
    confirmed: options.confirmOverBudget === true,
  });
}

/**
 * A network that publishes only posts with images (its media limits' `minImages`: Pinterest) takes
 * no save of a post without them: MEDIA_REJECTED `IMAGE_REQUIRED`, with its pt-BR text; one that
 * publishes only video (`requiresVideo`: YouTube) none without a video: `VIDEO_REQUIRED`. The media
 * are uploaded from the edit dialog before its save, so they are already counted here.
 */
async function assertRequiredImages(
  db: Kysely<Database>,
  workspaceId: string,
  post: Pick<ScheduledPostRow, 'id' | 'platform'>,
): Promise<void> {
  const refusal = await requiredMediaRefusal(db, workspaceId, post);
  if (refusal) throw new AppError('MEDIA_REJECTED', refusal);
}

/** IMAGE_REQUIRED or VIDEO_REQUIRED when the post lacks what its network needs (above), else null. */
async function requiredMediaRefusal(
  db: Kysely<Database>,
  workspaceId: string,
  post: Pick<ScheduledPostRow, 'id' | 'platform'>,
): Promise<MediaRejection | null> {
  if (await lacksRequiredImages(db, workspaceId, post))
    return { reason: 'IMAGE_REQUIRED', platform: post.platform };
  if (await lacksRequiredVideo(db, post)) return { reason: 'VIDEO_REQUIRED', platform: post.platform };
  return null;
}

/**
 * Every media refusal a save of the post would answer (a video its network does not publish, a
 * required image or video missing): the pre-flight shows them (docs/preflight.md).
 */
export async function mediaSaveRefusals(
  db: Kysely<Database>,
  workspaceId: string,
  post: { id: string; platform: Platform },
): Promise<MediaRejection[]> {
  const found: MediaRejection[] = [];
  if (await hasUnpublishableVideo(db, post))
    found.push({ reason: 'VIDEO_NOT_PUBLISHED', platform: post.platform });
  const required = await requiredMediaRefusal(db, workspaceId, post);
  if (required) found.push(required);
  return found;
}

async function lacksRequiredVideo(db: Kysely<Database>, post: Pick<ScheduledPostRow, 'id' | 'platform'>) {
  return mediaLimitsOf(post.platform).requiresVideo === true && !(await postHasVideo(db, post.id));
}

async function lacksRequiredImages(
  db: Kysely<Database>,
  workspaceId: string,
  post: Pick<ScheduledPostRow, 'id' | 'platform'>,
): Promise<boolean> {
  const { minImages = 0 } = mediaLimitsOf(post.platform);
  if (minImages === 0) return false;
  const images = await listPostMedia(db, post.id, { workspaceId });
  return images.length < minImages;
}

/**
 * A post with a video cannot be scheduled on a network whose publisher sends no video yet
 * (`capabilities.video`, docs/media.md): refused at save, naming the network, so the worker never
 * meets one (it refuses one too, for a post scheduled before its video was added).
 */
async function assertVideoPublishable(db: PostsDeps['db'], post: { id: string; platform: Platform }) {
  if (await hasUnpublishableVideo(db, post))
    throw new AppError('MEDIA_REJECTED', { reason: 'VIDEO_NOT_PUBLISHED', platform: post.platform });
}

async function hasUnpublishableVideo(db: Kysely<Database>, post: { id: string; platform: Platform }) {
  return !capabilitiesOf(post.platform).video && (await postHasVideo(db, post.id));
}

/**
 * A post's network options checked (docs/post-options.md): `values` when the person sent new ones,
 * else the stored ones — so a reschedule, a retry or an approval of a post whose network requires
 * an option nobody chose (TikTok's privacy level) is refused with the sentence naming the network
 * and the field. The normalised values to store, or the refusal.
 */
export async function checkNetworkOptions(
  db: Kysely<Database>,
  /** `id` null: a post not saved yet (a composer's tab), which has no video. */
  post: { id: string | null; platform: Platform; network_options: PostOptionValues },
  values?: Readonly<Record<string, unknown>>,
): Promise<{ ok: true; values: PostOptionValues } | { ok: false; error: AppError }> {
  // A network without options takes only {} and needs no look at the post's video.
  if ((NETWORK_PROFILES[post.platform].postOptions ?? []).length === 0 && values === undefined)
    return { ok: true, values: post.network_options };
  const checked = validatePostOptions(post.platform, {
    hasVideo: post.id !== null && (await postHasVideo(db, post.id)),
    values: values ?? post.network_options,
  });
  if (checked.ok) return { ok: true, values: checked.values };
  return {
    ok: false,
    error: new AppError('VALIDATION_FAILED', {
      field: 'networkOptions',
      optionIssues: checked.issues.map(({ key, message }) => ({ key, message })),
    }),
  };
}

/** Refuses (VALIDATION_FAILED, the option's pt-BR sentence) a post whose network options are not complete. */
export async function assertNetworkOptions(
  db: Kysely<Database>,
  post: { id: string; platform: Platform; network_options: PostOptionValues },
): Promise<void> {
  const checked = await checkNetworkOptions(db, post);
  if (!checked.ok) throw checked.error;
}

/**
 * The same guards (video, images, network options), for a path that refuses per post instead of throwing (posts.bulk:
 * reschedule, approve, theme; docs/bulk-actions.md): why this post may not be scheduled, or null.
 */
export async function mediaSchedulingRefusal(
  db: Kysely<Database>,
  workspaceId: string,
  post: { id: string; platform: Platform; network_options: PostOptionValues },
): Promise<'video_not_published' | 'image_required' | 'video_required' | 'options_missing' | null> {
  if (await hasUnpublishableVideo(db, post)) return 'video_not_published';
  if (await lacksRequiredImages(db, workspaceId, post)) return 'image_required';
  if (await lacksRequiredVideo(db, post)) return 'video_required';
  if (!(await checkNetworkOptions(db, post)).ok) return 'options_missing';
  return null;
}

/** A new date-time for one editable post: what 'Editar Post' and a reschedule both carry. */
interface ScheduleChange {
  workspaceId: string;
  userId: string;
  postId: string;
  scheduledFor: Date;
  /** The user confirmed a date past the network's budget (docs/budgets.md). */
  confirmOverBudget?: boolean | undefined;
  /** The user's zone when already known (read with the session); otherwise read where needed. */
  timeZone?: string | undefined;
  requestId?: string | undefined;
}

/** What the budget check reads of a schedule change (docs/budgets.md). */
type DateForBudget = Omit<ScheduleChange, 'postId' | 'requestId'>;

/** The editable post a schedule change applies to, once the date and its video are checked. */
async function loadToSchedule(
  deps: PostsDeps,
  options: ScheduleChange,
): Promise<{ now: Date; post: ScheduledPostRow }> {
  const now = deps.now?.() ?? new Date();
  assertSchedulable(options.scheduledFor, now);
  const post = await loadEditable(deps.db, options.workspaceId, options.postId);
  await assertVideoPublishable(deps.db, post);
  return { now, post };
}

/** 'Editar Post': new title, content, date-time and network options; a stopped post is scheduled again. */
export async function updatePost(
  deps: PostsDeps,
  options: ScheduleChange & {
    title: string;
    content: string;
    /**
     * The post's options on its network ("Opções do <rede>"; docs/post-options.md): replaced when
     * given, validated against the network's declaration; absent: the stored ones, still checked.
     */
    networkOptions?: Readonly<Record<string, unknown>> | undefined;
    /** The first comment (docs/first-comment.md): '' removes it; absent: kept. */
    firstComment?: string | undefined;
    /** "Agendar" of a draft (docs/composer.md): it leaves the draft; absent: a draft stays a draft. */
    scheduleDraft?: boolean | undefined;
    /**
     * The account the post goes out from, where its network has several in the workspace
     * (docs/workspaces.md): an active one of the post's network; absent: kept.
     */
    accountId?: string | undefined;
  },
): Promise<PostItem> {
  const { now, post } = await loadToSchedule(deps, options);
  const staysDraft = post.status === 'draft' && options.scheduleDraft !== true;
  const accountChange =
    options.accountId !== undefined && options.accountId !== post.connected_account_id
      ? options.accountId
      : undefined;
  const account = await findPostAccount(deps.db, {
    workspace_id: options.workspaceId,
    platform: post.platform,
    connected_account_id: accountChange ?? post.connected_account_id,
  });
  if (accountChange !== undefined && !account) throw new AppError('NOT_FOUND');
  const networkOptions = await checkNetworkOptions(deps.db, post, options.networkOptions);
  if (!networkOptions.ok) throw networkOptions.error;
  // The first comment against the network's own rule (docs/first-comment.md): refused in pt-BR,
  // naming the network, where it has none or the text passes its limit.
  const firstComment = options.firstComment === undefined ? undefined : options.firstComment.trim() || null;
  const commentRefusal = firstComment ? firstCommentRefusal(post.platform, firstComment) : null;
  if (commentRefusal !== null)
    throw new AppError('VALIDATION_FAILED', {
      field: 'firstComment',
      optionIssues: [{ key: 'firstComment', message: commentRefusal }],
    });
  // The network's limit, or the connected account's own where its server declares one (Mastodon).
  const text = await measureAgainstTextLimit(
    deps.db,
    {
      workspace_id: options.workspaceId,
      platform: post.platform,
      connected_account_id: account?.id ?? post.connected_account_id,
    },
    options.content,
  );
  if (!text.fits) {
    throw new AppError('VALIDATION_FAILED', {
      tooLongFor: [post.platform],
      ...(text.ownLimit ? { max: text.limit } : {}),
    });
  }
  await assertRequiredImages(deps.db, options.workspaceId, post);
  // A draft kept as a draft counts in no budget (docs/budgets.md); scheduled, it does.
  if (!staysDraft) await checkBudgetOf(deps, post, { ...options, accountChange });
  return saveVersion(deps, {
    workspaceId: options.workspaceId,
    userId: options.userId,
    postId: options.postId,
    changes: {
      title: options.title,
      content: options.content,
      scheduledFor: options.scheduledFor,
      ...(options.networkOptions === undefined ? {} : { networkOptions: networkOptions.values }),
      ...(firstComment === undefined ? {} : { firstComment }),
      // Another account: its own queue, so the post leaves the old account's slot.
      ...(accountChange === undefined ? {} : { connectedAccountId: accountChange, queueAccountId: null }),
    },
    allowed: EDITABLE_POST_STATUSES,
    now,
    requestId: options.requestId,
    scheduleDraft: options.scheduleDraft === true,
  });
}

/** The AI's adaptation of a post's text to another network, as the themes flows get it (themes/drafts.ts). */
export type TextAdapter = NonNullable<DraftGenerator['adapt']>;

/** How the sibling's text was made: by the AI, fitted to the network's limit, or kept as it was. */
export type VariantTextSource = Awaited<ReturnType<TextAdapter>>['source'];

/**
 * 'Criar versão para outra rede' (issue 15 item 4): stores a sibling of an editable post in the
 * same theme for another of the theme's networks, at the same date-time and post order, with the
 * text adapted to that network (`adapt`: the AI when configured, else fitted to its limit). A
 * sibling already stored for that network, time and order is returned instead (`created` false),
 * so a repeat with any idempotency key stores one post.
 */
export async function createPostVariant(
  deps: PostsDeps & { adapt?: TextAdapter | undefined },
  options: {
    workspaceId: string;
    userId: string;
    postId: string;
    platform: Platform;
    title: string;
    content: string;
    /** The date-time on screen; the post's saved one when absent. */
    scheduledFor?: Date | undefined;
    requestId?: string | undefined;
  },
): Promise<{ post: PostItem; created: boolean; source: VariantTextSource | null }> {
  const now = deps.now?.() ?? new Date();
  const post = await loadEditable(deps.db, options.workspaceId, options.postId);
  const scheduledFor = options.scheduledFor ?? post.scheduled_for;
  const theme = await findTheme(deps.db, options.workspaceId, post.theme_id);
  if (!theme) throw new AppError('NOT_FOUND');
  if (options.platform === post.platform || !theme.social_networks.includes(options.platform)) {
    throw new AppError('VALIDATION_FAILED', { field: 'platform' });
  }
  assertSchedulable(scheduledFor, now);
  const sibling = {
    workspaceId: options.workspaceId,
    themeId: post.theme_id,
    platform: options.platform,
    scheduledFor,
    postOrder: post.post_order,
  };
  const existing = await findSibling(deps.db, sibling);
  if (existing)
    return { post: await getPost(deps, options.workspaceId, existing), created: false, source: null };

  const input = {
    userId: options.userId,
    text: options.content,
    from: post.platform,
    to: options.platform,
    themeName: theme.name,
    requestId: options.requestId,
  };
  const adapted = deps.adapt ? await deps.adapt(input) : fitForNetwork(input.text, input.to);
  // Whatever the adapter answered, what is stored fits the network (the worker would refuse it).
  const content = fitsPlatformLimit(options.platform, adapted.content)
    ? adapted.content
    : fitForNetwork(adapted.content, options.platform).content;
  const saved = await insertSiblingPost(deps.db, {
    workspaceId: options.workspaceId,
    userId: options.userId,
    themeId: post.theme_id,
    post: {
      title: options.title,
      content,
      platform: options.platform,
      postOrder: post.post_order,
      scheduledFor,
    },
  });
  if (saved.wakeUp) await deps.queue.enqueuePublish([saved.wakeUp], options.requestId);
  return {
    post: await getPost(deps, options.workspaceId, saved.id),
    created: saved.created,
    source: saved.created ? adapted.source : null,
  };
}

/**
 * What a reschedule checks before it saves (the video, the network options, the budgets): the
 * posting queue (docs/posting-queue.md) moves posts with it, then saves them itself.
 */
export async function assertReschedulable(
  deps: PostsDeps,
  post: ScheduledPostRow,
  options: DateForBudget,
): Promise<void> {
  await assertVideoPublishable(deps.db, post);
  await assertNetworkOptions(deps.db, post);
  await checkBudgetOf(deps, post, options);
}

/** The calendar's drag-and-drop and date picker: a new date-time only. */
export async function reschedulePost(deps: PostsDeps, options: ScheduleChange): Promise<PostItem> {
  const { now, post } = await loadToSchedule(deps, options);
  await assertNetworkOptions(deps.db, post);
  // A draft moved on the calendar stays a draft, counted in no budget (docs/composer.md).
  if (post.status !== 'draft') await checkBudgetOf(deps, post, options);
  return saveVersion(deps, {
    workspaceId: options.workspaceId,
    userId: options.userId,
    postId: options.postId,
    changes: { scheduledFor: options.scheduledFor },
    allowed: EDITABLE_POST_STATUSES,
    now,
    requestId: options.requestId,
  });
}

/**
 * Tries a failed, needs-attention or missed post again: 30 s from now, or at its date if that
 * is still later. A post that is scheduled, publishing or published cannot be retried.
 */
export async function retryPost(
  deps: PostsDeps,
  options: {
    workspaceId: string;
    userId: string;
    postId: string;
    confirmOverBudget?: boolean | undefined;
    confirmUnverified?: boolean | undefined;
    timeZone?: string | undefined;
    requestId?: string | undefined;
  },
): Promise<PostItem> {
  const now = deps.now?.() ?? new Date();
  const post = await findScheduledPost(deps.db, options.workspaceId, options.postId);
  if (!post) throw new AppError('NOT_FOUND');
  if (!isRetryablePostStatus(post.status)) throw new AppError('CONFLICT');
  await assertVideoPublishable(deps.db, post);
  await assertNetworkOptions(deps.db, post);
  // A post flagged "maybe published" is never sent again blindly: the worker asks the network
  // first (docs/publishing.md, "Asking the network"). Found → published; absent → sent again;
  // the network cannot tell → the post says so, and the owner may confirm the resend
  // ("Reenviar mesmo assim": confirmUnverified).
  if (
    options.confirmUnverified !== true &&
    post.outcome_check != null &&
    capabilitiesOf(post.platform).lookup
  ) {
    const requested = await requestOutcomeLookup(deps.db, {
      workspaceId: options.workspaceId,
      postId: options.postId,
      message: `Verificando no ${PLATFORM_LABELS[post.platform]} se este post já foi publicado antes de enviar de novo.`,
    });
    if (!requested) throw new AppError('CONFLICT');
    const current = await findScheduledPost(deps.db, options.workspaceId, options.postId);
    if (!current) throw new AppError('NOT_FOUND');
    return { ...presentPost(current), outcomeCheck: 'pending' };
  }
  const soonest = now.getTime() + RETRY_DELAY_MS;
  const scheduledFor = new Date(Math.max(soonest, post.scheduled_for.getTime()));
  // A failed or missed post counts again once retried; a needs-attention one already counts.
  await checkBudgetOf(deps, post, { ...options, scheduledFor });
  return saveVersion(deps, {
    workspaceId: options.workspaceId,
    userId: options.userId,
    postId: options.postId,
    changes: { scheduledFor },
    allowed: RETRYABLE_POST_STATUSES,
    now,
    requestId: options.requestId,
  });
}

/** Deletes one post. NOT_FOUND when it is not the workspace's; CONFLICT while it is being published. */
export async function deletePost(
  deps: Pick<PostsDeps, 'db' | 'queue'>,
  workspaceId: string,
  postId: string,
): Promise<{ deleted: 1 }> {
  const deleted = await deleteScheduledPost(deps.db, workspaceId, postId);
  if (deleted) {
    await deps.queue.cancelPublish([deleted]);
    return { deleted: 1 };
  }
  const current = await findScheduledPost(deps.db, workspaceId, postId);
  throw current ? new AppError('CONFLICT') : new AppError('NOT_FOUND');
}

/** Deletes the workspace's posts among `ids`; other workspaces' ids count as nothing, silently. */
export async function deletePosts(
  deps: Pick<PostsDeps, 'db' | 'queue'>,
  workspaceId: string,
  ids: readonly string[],
): Promise<{ deleted: number; skipped: number }> {
  const { posts, ...counts } = await deleteScheduledPostsByIds(deps.db, workspaceId, ids);
  await deps.queue.cancelPublish(posts);
  return counts;
}

/**
 * 'Excluir Posts Filtrados': the workspace's posts matching the list's filter (its days in the
 * person's zone). A bare user id: that person in their personal workspace.
 */
export async function deleteFilteredPosts(
  deps: Pick<PostsDeps, 'db' | 'queue'>,
  actor: Actor,
  filter: PostListFilter,
): Promise<{ deleted: number; skipped: number }> {
  const { workspaceId, userId } = actorOf(actor);
  const { posts, ...counts } = await deleteScheduledPostsByFilter(
    deps.db,
    workspaceId,
    await instantFilter(deps.db, userId, filter),
  );
  await deps.queue.cancelPublish(posts);
  return counts;
}
