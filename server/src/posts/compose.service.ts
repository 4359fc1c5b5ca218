// "Novo post" (issue 30 item 1; docs/composer.md): a post written once for several networks. One
// call checks every chosen network — its text (own or inherited from the base), its limit, its
// options, its connected account, its media rule — and answers every refusal at once, by network,
// before anything is stored; then stores one post per network in one transaction, linked by a group
// id. The tRPC idempotency middleware (docs/idempotency.md) makes a double click store nothing twice.
import { randomUUID } from 'node:crypto';
import {
  AppError,
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
  findPostAccount,
  findTheme,
  insertPostGroup,
  listActiveAccounts,
  listGroupSiblings,
  type NewGroupMedia,
} from '@pauta/db';
import { firstCommentRefusal, mediaLimitsOf, validatePostOptions } from '@pauta/networks';
import type { AppDeps } from '../deps.js';
import {
  type ComposerMediaChoice,
  loadComposerMedia,
  type PreparedMedia,
  prepareComposerMedia,
  storePreparedMedia,
} from '../media/composer-media.service.js';
import type { MediaServiceDeps } from '../media/media.service.js';
import { enqueuePost, nextFreeSlot } from '../posting-queue/posting-queue.service.js';
import { userMessageOf } from '../trpc/errors.js';
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
  // Drafts and approval exist only where the theme requires approval (docs/approval.md); there a
  // post waits for approval whatever is clicked, so "Agendar" is not offered.
  const direct = options.action === 'schedule' || options.action === 'queue';
  if (theme.requires_approval ? direct : !direct)
    throw new AppError('VALIDATION_FAILED', { field: 'action' });
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

  const issues: { platform: Platform; message: string }[] = [];
  const posts: {
    id: string;
    platform: Platform;
    connectedAccountId: string;
    content: string;
    networkOptions: Record<string, string | boolean | null>;
    firstComment: string | null;
    prepared: Extract<PreparedMedia, { ok: true }>['images'];
  }[] = [];
  for (const network of options.networks) {
    const { platform } = network;
    const refuse = (message: string) => issues.push({ platform, message });
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
    // Each image through this network's pipeline, as an upload in Editar Post would go.
    const chosen = network.media ?? [];
    const prepared = media ? await prepareComposerMedia(media, platform, chosen, uploads) : null;
    if (prepared && !prepared.ok) {
      refuse(prepared.message);
      continue;
    }
    const mediaRefusal = composeMediaRefusal(platform, chosen.length);
    if (mediaRefusal) {
      refuse(mediaRefusal);
      continue;
    }
    // "Adicionar à fila": the account must have a free slot (read only; the slot is taken below).
    if (options.action === 'queue') {
      const slot = await nextFreeSlot(deps, {
        workspaceId: options.workspaceId,
        platform,
        accountId: account.id,
      }).catch((error: unknown) => error);
      if (slot instanceof AppError) {
        refuse(`${label}: ${userMessageOf(slot)}`);
        continue;
      }
      if (slot instanceof Error) throw slot;
    }
    const checked = validatePostOptions(platform, { hasVideo: false, values: network.networkOptions ?? {} });
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
    });
  }
  if (issues.length > 0)
    throw new AppError('VALIDATION_FAILED', { field: 'networks', networkIssues: issues });

  // Each post's images written under its own keys (reserved: should the save fail, the sweeper
  // deletes them), then recorded with the posts in one transaction, the uploads consumed.
  const stored = new Map<string, NewGroupMedia[]>();
  for (const post of posts)
    if (media && post.prepared.length > 0)
      stored.set(post.id, await storePreparedMedia(media, options.workspaceId, post.id, post.prepared));

  const groupId = randomUUID();
  const wakeUps = await insertPostGroup(deps.db, {
    workspaceId: options.workspaceId,
    userId: options.userId,
    themeId: options.themeId,
    groupId,
    title: options.title,
    scheduledFor: options.scheduledFor,
    posts: posts.map(({ prepared: _prepared, ...post }) => ({ ...post, media: stored.get(post.id) ?? [] })),
    consumeComposerMedia: [...uploads.keys()],
    submitBy: options.action === 'review' ? { actor: 'owner', userId: options.userId } : undefined,
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
  // After the commit: a wake-up for each (an unapproved one finds nothing to claim; the approval enqueues it again).
  await deps.queue.enqueuePublish(options.action === 'queue' ? stayed : wakeUps, options.requestId);
  const accountOf = new Map(posts.map((post) => [post.id, post.connectedAccountId]));
  if (uploads.size > 0) deps.media?.kickSweeper?.();
  return {
    groupId,
    posts: wakeUps.map((wakeUp) => ({
      id: wakeUp.id,
      platform: wakeUp.platform,
      accountId: accountOf.get(wakeUp.id) ?? null,
      status: 'scheduled' as const,
      slotAt: slots.get(wakeUp.id) ?? null,
    })),
  };
}

/**
 * A network whose posts cannot be saved without media (docs/composer.md): fewer images than its
 * `minImages` (Pinterest) is Editar Post's own refusal; a network that publishes only video
 * (YouTube) is refused saying what to do, since the composer sends images only. The save and the
 * composer's pre-flight (preflight.service.ts) both use these sentences.
 */
export function composeMediaRefusal(platform: Platform, images: number): string | null {
  const limits = mediaLimitsOf(platform);
  if (limits.requiresVideo === true) return messages.composer.needsMedia(PLATFORM_LABELS[platform]);
  if (images < (limits.minImages ?? 0)) return mediaRejectionMessage({ reason: 'IMAGE_REQUIRED', platform });
  return null;
}

/** The other networks' versions of a post written in the composer, for Editar Post. */
export function postSiblings(deps: Pick<PostsDeps, 'db'>, workspaceId: string, postId: string) {
  return listGroupSiblings(deps.db, workspaceId, postId);
}
