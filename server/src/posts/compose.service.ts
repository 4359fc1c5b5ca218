// "Novo post" (issue 30 item 1; docs/composer.md): a post written once for several networks. One
// call checks every chosen network — its text (own or inherited from the base), its limit, its
// options, its connected account, its media rule — and answers every refusal at once, by network,
// before anything is stored; then stores one post per network in one transaction, linked by a group
// id. The tRPC idempotency middleware (docs/idempotency.md) makes a double click store nothing twice.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  type BudgetOverrun,
  isAppError,
  isBeyondScheduleHorizon,
  measurePostLength,
  mediaRejectionMessage,
  messages,
  PLATFORM_LABELS,
  PLATFORM_TEXT_LIMITS,
  type Platform,
  type PostStatus,
} from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import {
  type ComposerMediaRow,
  type ComposerVideoRow,
  findPostAccount,
  findTheme,
  insertPostGroup,
  listActiveAccounts,
  listGroupSiblings,
  type NewGroupMedia,
  type NewGroupVideo,
} from '@pauta/db';
import { firstCommentRefusal, mediaLimitsOf, validatePostOptions } from '@pauta/networks';
import type { AppDeps } from '../deps.js';
import {
  type ComposerMediaChoice,
  composerVideoRefusal,
  copyComposerVideo,
  loadComposerMedia,
  type PreparedMedia,
  prepareComposerMedia,
  storePreparedMedia,
} from '../media/composer-media.service.js';
import type { MediaServiceDeps } from '../media/media.service.js';
import { enqueuePost, nextFreeSlot } from '../posting-queue/posting-queue.service.js';
import { userMessageOf } from '../trpc/errors.js';
import { checkBudget } from './budget.service.js';
import { PAST_TOLERANCE_MS, type PostsDeps } from './posts.service.js';

type ComposeAction = 'schedule' | 'queue' | 'draft' | 'review';

interface ComposeNetwork {
  platform: Platform;
  /** The account (one post per account); absent: the network's only one in the workspace. */
  accountId?: string | undefined;
  /** The network's own text; null = the base text. */
  content: string | null;
  networkOptions?: Readonly<Record<string, unknown>> | undefined;
  /** The first comment; absent or blank = none. */
  firstComment?: string | undefined;
  /** The network's images: the composer's uploads in order, with their alt texts; absent = none. */
  media?: ComposerMediaChoice[] | undefined;
}

export async function composePosts(
  deps: PostsDeps & Partial<Pick<AppDeps, 'media' | 'logger'>>,
  options: {
    workspaceId: string;
    userId: string;
    themeId: string;
    title: string;
    baseContent: string;
    networks: ComposeNetwork[];
    scheduledFor: Date;
    action: ComposeAction;
    /** Past a network's budget (docs/budgets.md): the person confirmed in the composer's dialog. */
    confirmOverBudget?: boolean | undefined;
    /** The person's zone when already known (the session's); otherwise read by the budget check. */
    timeZone?: string | undefined;
    requestId?: string | undefined;
  },
): Promise<{
  groupId: string;
  /** `slotAt`: the queue slot the post took ("Adicionar à fila"); null when it keeps the composer's time. */
  posts: {
    id: string;
    platform: Platform;
    accountId: string | null;
    status: PostStatus;
    slotAt: Date | null;
  }[];
}> {
  const now = deps.now?.() ?? new Date();
  const theme = await findTheme(deps.db, options.workspaceId, options.themeId);
  if (!theme) throw new AppError('NOT_FOUND');
  // One post per account: the same account (or a network without one named) twice is refused.
  const targets = options.networks.map((network) => `${network.platform}:${network.accountId ?? ''}`);
  if (new Set(targets).size !== targets.length)
    throw new AppError('VALIDATION_FAILED', { field: 'networks' });
  // Approval exists only where the theme requires it (docs/approval.md); there a post waits for
  // approval whatever is clicked, so "Agendar" is not offered and "Salvar rascunho" is the
  // workflow's Rascunho. Elsewhere "Salvar rascunho" stores posts with the status `draft`.
  const direct = options.action === 'schedule' || options.action === 'queue';
  if (theme.requires_approval ? direct : options.action === 'review')
    throw new AppError('VALIDATION_FAILED', { field: 'action' });
  const draft = !theme.requires_approval && options.action === 'draft';
  if (isBeyondScheduleHorizon(options.scheduledFor, now))
    throw new AppError('SCHEDULE_OUT_OF_RANGE', { field: 'scheduledFor' });
  if (options.scheduledFor.getTime() < now.getTime() - PAST_TOLERANCE_MS)
    throw new AppError('VALIDATION_FAILED', { field: 'scheduledFor', reason: 'PAST' });

  // The composer's uploads, read once in the caller's workspace (another's are not found).
  const chosenIds = options.networks.flatMap((network) => (network.media ?? []).map((item) => item.id));
  const media: MediaServiceDeps | null =
    deps.media && deps.logger ? { db: deps.db, logger: deps.logger, media: deps.media } : null;
  if (chosenIds.length > 0 && !media) throw new AppError('NOT_FOUND');
  const uploads = media ? await loadComposerMedia(media, options.workspaceId, chosenIds) : new Map();

  const issues: { platform: Platform; accountId?: string; message: string }[] = [];
  const posts: {
    id: string;
    platform: Platform;
    connectedAccountId: string;
    content: string;
    networkOptions: Record<string, string | boolean | null>;
    firstComment: string | null;
    prepared: Extract<PreparedMedia, { ok: true }>['images'];
    /** The composer's video this network publishes; null = none. */
    video: ComposerVideoRow | null;
    /** When the post would be published: the composer's time, or the queue slot it would take. */
    budgetAt: Date;
  }[] = [];
  for (const network of options.networks) {
    const { platform } = network;
    const refuse = (message: string) =>
      issues.push(
        network.accountId === undefined
          ? { platform, message }
          : { platform, accountId: network.accountId, message },
      );
    const content = network.content ?? options.baseContent;
    const label = PLATFORM_LABELS[platform];
    const account = await findPostAccount(deps.db, {
      workspace_id: options.workspaceId,
      platform,
      connected_account_id: network.accountId ?? null,
    });
    if (!account) {
      const several =
        network.accountId === undefined &&
        (await listActiveAccounts(deps.db, options.workspaceId)).filter((a) => a.platform === platform)
          .length > 1;
      refuse(several ? messages.composer.chooseAccount(label) : messages.composer.noAccount(label));
      continue;
    }
    if (content.trim().length === 0) {
      refuse(messages.composer.textRequired(label));
      continue;
    }
    const ownLimit = account.account_data.text_limit;
    const limit = typeof ownLimit === 'number' ? ownLimit : PLATFORM_TEXT_LIMITS[platform];
    if (measurePostLength(platform, content) > limit) {
      refuse(messages.posts.tooLongFor(label, limit));
      continue;
    }
    // A video (at most one, never with images) judged by this network's video rules; each image
    // through this network's pipeline, as an upload in Editar Post would go.
    const chosen = network.media ?? [];
    const rows = chosen.flatMap((choice) => {
      const upload = uploads.get(choice.id);
      return upload ? [upload] : [];
    });
    const video = rows.find((row) => row.kind === 'video') ?? null;
    const images = chosen.filter((choice) => uploads.get(choice.id)?.kind !== 'video');
    const videoRefusal = composerVideoChoiceRefusal(platform, rows);
    if (videoRefusal) {
      refuse(videoRefusal);
      continue;
    }
    const prepared = media ? await prepareComposerMedia(media, platform, images, uploads) : null;
    if (prepared && !prepared.ok) {
      refuse(prepared.message);
      continue;
    }
    const mediaRefusal = composeMediaRefusal(platform, {
      images: images.length,
      video: video !== null,
    });
    if (mediaRefusal) {
      refuse(mediaRefusal);
      continue;
    }
    // "Adicionar à fila": the account must have a free slot (read only; the slot is taken below).
    let budgetAt = options.scheduledFor;
    if (options.action === 'queue') {
      try {
        budgetAt = (
          await nextFreeSlot(deps, { workspaceId: options.workspaceId, platform, accountId: account.id })
        ).slotAt;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        refuse(`${label}: ${userMessageOf(error)}`);
        continue;
      }
    }
    const checked = validatePostOptions(platform, {
      hasVideo: video !== null,
      values: network.networkOptions ?? {},
    });
    if (!checked.ok) {
      refuse(checked.issues[0]!.message);
      continue;
    }
    const firstComment = network.firstComment?.trim() || null;
    const commentRefusal = firstComment ? firstCommentRefusal(platform, firstComment) : null;
    if (commentRefusal) {
      refuse(commentRefusal);
      continue;
    }
    posts.push({
      id: randomUUID(),
      platform,
      connectedAccountId: account.id,
      content,
      networkOptions: checked.values,
      firstComment,
      prepared: prepared?.ok ? prepared.images : [],
      video,
      budgetAt,
    });
  }
  if (issues.length > 0)
    throw new AppError('VALIDATION_FAILED', { field: 'networks', networkIssues: issues });
  await checkComposeBudgets(deps, options, posts);

  // Each post's images written under its own keys (reserved: should the save fail, the sweeper
  // deletes them), then recorded with the posts in one transaction, the uploads consumed.
  const stored = new Map<string, NewGroupMedia[]>();
  const videos = new Map<string, NewGroupVideo>();
  for (const post of posts) {
    if (media && post.prepared.length > 0)
      stored.set(post.id, await storePreparedMedia(media, options.workspaceId, post.id, post.prepared));
    // The video copied under each post's own key (reserved), bound to the post in the same transaction.
    if (media && post.video)
      videos.set(post.id, await copyComposerVideo(media, options.workspaceId, post.id, post.video));
  }

  const groupId = randomUUID();
  const wakeUps = await insertPostGroup(deps.db, {
    workspaceId: options.workspaceId,
    userId: options.userId,
    themeId: options.themeId,
    groupId,
    title: options.title,
    scheduledFor: options.scheduledFor,
    posts: posts.map(({ prepared: _prepared, video: _video, budgetAt: _at, ...post }) => ({
      ...post,
      media: stored.get(post.id) ?? [],
      video: videos.get(post.id),
    })),
    consumeComposerMedia: [...uploads.keys()],
    submitBy: options.action === 'review' ? { actor: 'owner', userId: options.userId } : undefined,
    draft,
  });
  // "Adicionar à fila": each post takes its account's next free slot (its own wake-up). A post whose
  // slot went meanwhile (another tab filled the queue) keeps the composer's time, and says so.
  const stayed: WakeUp[] = [];
  const slots = new Map<string, Date>();
  if (options.action === 'queue') {
    for (const wakeUp of wakeUps) {
      try {
        const queued = await enqueuePost(deps, {
          workspaceId: options.workspaceId,
          userId: options.userId,
          postId: wakeUp.id,
          confirmOverBudget: true,
          requestId: options.requestId,
        });
        slots.set(wakeUp.id, queued.slotAt);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        stayed.push(wakeUp);
      }
    }
  }
  // After the commit: a wake-up for each (an unapproved one finds nothing to claim; the approval
  // enqueues it again). A draft gets none: "Agendar" in Editar Post enqueues it.
  if (!draft)
    await deps.queue.enqueuePublish(options.action === 'queue' ? stayed : wakeUps, options.requestId);
  const accountOf = new Map(posts.map((post) => [post.id, post.connectedAccountId]));
  if (uploads.size > 0) deps.media?.kickSweeper?.();
  return {
    groupId,
    posts: wakeUps.map((wakeUp) => ({
      id: wakeUp.id,
      platform: wakeUp.platform,
      accountId: accountOf.get(wakeUp.id) ?? null,
      status: draft ? ('draft' as const) : ('scheduled' as const),
      slotAt: slots.get(wakeUp.id) ?? null,
    })),
  };
}

/**
 * Editar Post's budget check (docs/budgets.md) for each post the composer would schedule, before
 * anything is stored: every network's overruns in one BUDGET_EXCEEDED (the composer shows Editar
 * Post's confirmation and sends the same save with `confirmOverBudget`). A new post has no previous
 * date, so it counts once in its day and month. Drafts and posts sent for approval are not
 * scheduled yet: not checked, as Editar Post's budget does not count them.
 */
async function checkComposeBudgets(
  deps: PostsDeps,
  options: {
    workspaceId: string;
    userId: string;
    action: ComposeAction;
    confirmOverBudget?: boolean | undefined;
    timeZone?: string | undefined;
  },
  posts: readonly { id: string; platform: Platform; connectedAccountId: string; budgetAt: Date }[],
): Promise<void> {
  if (options.confirmOverBudget === true) return;
  if (options.action !== 'schedule' && options.action !== 'queue') return;
  const overruns: BudgetOverrun[] = [];
  let timeZone = options.timeZone;
  let refusedZone = '';
  for (const post of posts) {
    try {
      await checkBudget(deps, {
        workspaceId: options.workspaceId,
        userId: options.userId,
        postId: post.id,
        platform: post.platform,
        // Each account's own budget where the network's is per account (two Instagram accounts).
        accountId: post.connectedAccountId,
        scheduledFor: post.budgetAt,
        // Not stored yet: held against no period (only a previous date is).
        previous: { scheduledFor: null, status: 'scheduled' },
        confirmed: false,
        timeZone,
      });
    } catch (error) {
      if (!isAppError(error, 'BUDGET_EXCEEDED') || !error.details) throw error;
      overruns.push(...error.details.overruns);
      timeZone = refusedZone = error.details.timeZone;
    }
  }
  if (overruns.length > 0) throw new AppError('BUDGET_EXCEEDED', { overruns, timeZone: refusedZone });
}

/**
 * The network's refusal of the composer's uploads chosen for it as far as video goes: more than one
 * video, a video with images, then the network's own video rules (`composerVideoRefusal`). The save
 * and the composer's pre-flight both use it.
 */
export function composerVideoChoiceRefusal(
  platform: Platform,
  rows: readonly ComposerMediaRow[],
): string | null {
  const videos = rows.filter((row) => row.kind === 'video');
  if (videos.length === 0) return null;
  if (videos.length > 1) return mediaRejectionMessage({ reason: 'ONE_VIDEO' });
  if (rows.length > 1) return mediaRejectionMessage({ reason: 'VIDEO_WITH_IMAGES' });
  return composerVideoRefusal(platform, videos[0]!.video_facts);
}

/**
 * A network whose posts cannot be saved without media (docs/composer.md): fewer images than its
 * `minImages` (Pinterest) is Editar Post's own refusal; a network that publishes only video
 * (YouTube) without the composer's video is refused saying what to do. The save and the composer's
 * pre-flight (preflight.service.ts) both use these sentences.
 */
export function composeMediaRefusal(
  platform: Platform,
  media: { images: number; video: boolean },
): string | null {
  const limits = mediaLimitsOf(platform);
  if (limits.requiresVideo === true && !media.video)
    return messages.composer.needsMedia(PLATFORM_LABELS[platform]);
  if (!media.video && media.images < (limits.minImages ?? 0))
    return mediaRejectionMessage({ reason: 'IMAGE_REQUIRED', platform });
  return null;
}

/** The other networks' versions of a post written in the composer, for Editar Post. */
export function postSiblings(deps: Pick<PostsDeps, 'db'>, workspaceId: string, postId: string) {
  return listGroupSiblings(deps.db, workspaceId, postId);
}
