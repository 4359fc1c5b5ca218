// Publishing one version of one post, exactly as docs/architecture.md §5 describes: claim (conditional
// UPDATE), a usable token, commit send_started_at, call the network, then finish in one
// statement — or classify the failure: retry (backoff), stop (failed), or flag (needs_attention).
// Every write after the claim is fenced by the claim's token and its result checked: a worker
// that lost its claim (it stalled past STALE_CLAIM_MS) never calls the network, and an answer
// that arrives after the claim was lost is logged for a person, never recorded as the post's
// state (docs/publishing.md has every interleaving and why each is safe).

import {
  MAX_PUBLISH_ATTEMPTS,
  mediaRejectionMessage,
  mediaRequiredMessage,
  PLATFORM_LABELS,
  type Platform,
  type PublishErrorCode,
  postAccountMessages,
  publishErrorMessages,
} from '@pauta/core';
import type { PublishJob, WakeUp } from '@pauta/core/schemas/jobs';
import {
  type AccountSummary,
  type ClaimedPost,
  claimPost,
  completePublish,
  type Database,
  findPostAccountWithTokens,
  type Keyring,
  markLimited,
  markNeedsReconnect,
  markSendStarted,
  type PublishVideoItem,
  pendingWakeUpTime,
  recordFailure,
  recordLostClaimOutcome,
  releaseClaim,
  renewClaim,
  scheduleRetry,
} from '@pauta/db';
import {
  capabilitiesOf,
  mediaStepRounds,
  NETWORK_PROFILES,
  type NetworkAdapter,
  networkVideoRejections,
  type OAuthProvider,
  PublishError,
  type PublishMedia,
  type PublishVideo,
  tokenLossOf,
  validatePostOptions,
} from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import { retryDelayMs } from './backoff.js';
import { type ClaimLease, type LeaseLostError, startClaimLease } from './claim-lease.js';
import { sendFirstComment } from './first-comment.js';
import type { SendGate } from './send-gate.js';
import { TokenError, tokenDepsOf, usableAccessToken } from './tokens.js';

export interface PublishContext {
  db: Kysely<Database>;
  keyring: Keyring;
  logger: Logger;
  /** The network's adapter, or null when the network is not configured in this installation. */
  adapter(platform: Platform): NetworkAdapter | null;
  /** The OAuth client used to refresh the network's tokens (null: none / cannot refresh). */
  oauth(platform: Platform): OAuthProvider | null;
  /**
   * The post's images in order, bytes and a signed URL each (@pauta/db loadPublishMedia). Read
   * before send_started_at is committed, so it never eats the send-start budget; absent: the
   * installation publishes text only.
   */
  media?(post: ClaimedPost): Promise<PublishMedia[]>;
  /**
   * Whether the post carries a video (@pauta/db postHasVideo). A network whose publisher sends no
   * video yet (`capabilities.video` false) never gets such a post: it fails before any call.
   */
  hasVideo?(post: ClaimedPost): Promise<boolean>;
  /**
   * The post's video, facts, ranged reads, signed URL and cover (@pauta/db loadPublishVideo), or
   * null. Read only for a network that publishes video, before send_started_at; absent: no video
   * is ever passed (the post goes as text, or is refused by `hasVideo` on a network without video).
   */
  video?(post: ClaimedPost): Promise<PublishVideoItem | null>;
  /**
   * Whether the network publishes video (default: its descriptor's `capabilities.video`). Tests
   * fake a video-capable network in-process with it; nothing else should.
   */
  videoCapable?(platform: Platform): boolean;
  /** Adds wake-ups (retries); failures are repaired by the reconciler. */
  enqueue(wakeUps: WakeUp[]): Promise<void>;
  /**
   * After a publication: the next occurrence of the post's series, if it has one
   * (docs/recurring-posts.md). A failure here is left to the reconciler, which continues it.
   */
  continueSeries?(postId: string): Promise<unknown>;
  /** Tells the owner a post failed for good or needs attention (email when enabled). */
  /** `message`: the network's pt-BR explanation, when its error table had one. */
  notify?(post: ClaimedPost, code: PublishErrorCode, message?: string | null): Promise<void>;
  config: {
    retryBaseMs: number;
    retryMaxMs: number;
    refreshMarginMs: number;
    /** Longest one publish call may take, all its requests included (NETWORK_TIMEOUT_MS). */
    networkTimeoutMs: number;
    /**
     * A send must start within this long of its send_started_at commit, so that its answer is
     * due before the reconciler could think the claim stale (STALE_CLAIM_MS − NETWORK_TIMEOUT_MS).
     */
    sendStartBudgetMs: number;
    /**
     * Longest call publishing a video, upload and the network's processing included
     * (VIDEO_PUBLISH_TIMEOUT_MS; default 30 min). Each of its requests still gets networkTimeoutMs.
     */
    videoTimeoutMs?: number;
    /**
     * The claim's lease while a video call runs before its send (claim-lease.ts): renewed every
     * `renewMs`, lost after `graceMs` without a confirmed renewal. The worker derives both from
     * STALE_CLAIM_MS (a sixth and a half of it); default 20 s and 60 s (STALE_CLAIM_MS of 2 min).
     */
    claimLease?: { renewMs: number; graceMs: number };
  };
  now(): Date;
  /**
   * The process's send slots (send-gate.ts): taken before send_started_at is committed, given
   * back when the network answered. Absent: no limit beyond the queues' concurrency.
   */
  sendGate?: SendGate;
  /**
   * The hot path's fenced statements, batched across the jobs in flight (batched-store.ts). When
   * absent, each post runs its own statements (the functions of publishing.repository.ts).
   */
  store?: PublishStore;
  observe?: {
    published?(post: ClaimedPost, lagMs: number): void;
    outcome?(platform: Platform, outcome: PublishOutcome['kind']): void;
    tokenRefreshed?(platform: Platform): void;
  };
}

/** The claim, the send-start and the completion: fenced per post, whichever implementation. */
export interface PublishStore {
  claim(postId: string, version: number): Promise<ClaimedPost | undefined>;
  /** The post's account (db resolvePostAccount), with its plaintext tokens. */
  account(post: ClaimedPost): ReturnType<typeof findPostAccountWithTokens>;
  markSendStarted(post: ClaimedPost): Promise<boolean>;
  /** Renews the claim's lease (renewClaim): fenced, never batched (one per video or carousel call, rarely). */
  renew?(post: ClaimedPost): Promise<boolean>;
  complete(input: {
    post: ClaimedPost;
    accountId: string;
    platformPostId: string;
    url: string | null;
  }): Promise<boolean>;
}

function storeOf(ctx: PublishContext): PublishStore {
  return (
    ctx.store ?? {
      claim: (postId, version) => claimPost(ctx.db, postId, version),
      account: (post) => findPostAccountWithTokens(ctx.db, ctx.keyring, post),
      markSendStarted: (post) => markSendStarted(ctx.db, post),
      renew: (post) => renewClaim(ctx.db, post),
      complete: (input) => completePublish(ctx.db, input),
    }
  );
}

/** Thrown by `beforeSend` when the create must not leave: nothing visible was sent. */
class SendWithheld extends Error {
  override readonly name = 'SendWithheld';
  constructor(
    readonly reason: 'claim_lost' | 'stalled' | 'deadline' | 'lease_unconfirmed',
    readonly waitedMs: number,
  ) {
    super(`envio retido: ${reason}`);
  }
}

export type PublishOutcome =
  | { kind: 'published'; platformPostId: string }
  /** Another job or worker owns this version, or it is gone: nothing to do. */
  | { kind: 'noop' }
  /**
   * This worker lost its claim after claiming (it stalled past STALE_CLAIM_MS, or the post was
   * reset, edited or deleted): nothing more was sent; `sent` says whether the network may have
   * received an earlier request of this attempt (then the log says so, for a person).
   */
  | { kind: 'claim_lost'; sent: boolean }
  /** Woke up before the post is due: wake up again at `at`. */
  | { kind: 'early'; at: Date }
  | { kind: 'retry'; at: Date }
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'failed'; code: PublishErrorCode }
  | { kind: 'needs_attention'; code: PublishErrorCode };

const LOCATION = {
  account: 'worker: conta conectada',
  token: 'worker: renovação do token',
  network: (platform: Platform) => `rede: ${platform}`,
  internal: 'worker: erro interno',
  media: 'worker: imagens do post',
  video: 'worker: vídeo do post',
  options: 'worker: opções do post',
} as const;

/** What the owner is told when the post's images could not be read (storage down): nothing was sent. */
export const MEDIA_LOAD_FAILED_MESSAGE =
  'Não foi possível ler as imagens do post no armazenamento; nada foi enviado à rede. Uma nova tentativa será feita automaticamente.';

/** What the owner is told when the post's video could not be read (storage down): nothing was sent. */
export const VIDEO_LOAD_FAILED_MESSAGE =
  'Não foi possível ler o vídeo do post no armazenamento; nada foi enviado à rede. Uma nova tentativa será feita automaticamente.';

/** Default VIDEO_PUBLISH_TIMEOUT_MS: an upload of a large video and the network's processing. */
const DEFAULT_VIDEO_TIMEOUT_MS = 30 * 60_000;

export async function processPublishJob(ctx: PublishContext, job: PublishJob): Promise<PublishOutcome> {
  // The claim is fresh from here at the latest (its claimed_at is now() of the statement below).
  const claimedAt = Date.now();
  const post = await storeOf(ctx).claim(job.postId, job.version);
  if (!post) {
    const at = await pendingWakeUpTime(ctx.db, job.postId, job.version);
    return at && at.getTime() > ctx.now().getTime() ? { kind: 'early', at } : { kind: 'noop' };
  }
  const log = ctx.logger.child({
    postId: post.id,
    version: post.version,
    platform: post.platform,
    requestId: job.requestId,
  });
  const state = { sent: false };
  const outcome = await publishClaimed(ctx, post, log, state, claimedAt).catch(async (error: unknown) => {
    // Anything unexpected before the send is safe to retry; after it, the outcome is unknown.
    log.error({ err: error, sent: state.sent }, 'erro inesperado ao publicar');
    return state.sent
      ? fail(
          ctx,
          post,
          log,
          'unknown',
          'UNKNOWN_OUTCOME',
          (error as Error).message ?? 'erro',
          LOCATION.internal,
        )
      : fail(ctx, post, log, 'retryable', 'INTERNAL', (error as Error).message ?? 'erro', LOCATION.internal);
  });
  ctx.observe?.outcome?.(post.platform, outcome.kind);
  log.info({ outcome: outcome.kind, attempt: post.attempts }, 'publicação processada');
  if (outcome.kind === 'published' && ctx.continueSeries) {
    await ctx.continueSeries(post.id).catch((error: unknown) => {
      log.warn({ err: error }, 'próxima repetição não criada agora; o reconciliador tentará de novo');
    });
  }
  return outcome;
}

async function publishClaimed(
  ctx: PublishContext,
  post: ClaimedPost,
  log: Logger,
  state: { sent: boolean },
  claimedAt: number,
): Promise<PublishOutcome> {
  const adapter = ctx.adapter(post.platform);
  if (!adapter)
    return fail(
      ctx,
      post,
      log,
      'permanent',
      'PLATFORM_NOT_CONFIGURED',
      'rede não configurada',
      LOCATION.account,
    );
  const found = await storeOf(ctx).account(post);
  if (!found)
    // The post's own account disconnected: it fails (never goes out from another account of the
    // network); without one, the network has no account, or several and none was picked.
    return fail(
      ctx,
      post,
      log,
      'permanent',
      'ACCOUNT_NOT_CONNECTED',
      post.connected_account_id === null ? 'nenhuma conta ativa' : 'conta do post desconectada',
      LOCATION.account,
      post.connected_account_id === null ? undefined : postAccountMessages.disconnected,
    );
  const { account } = found;
  if (account.status === 'needs_reconnect') {
    return fail(
      ctx,
      post,
      log,
      'permanent',
      'ACCOUNT_NEEDS_RECONNECT',
      'conta precisa ser reconectada',
      LOCATION.account,
    );
  }

  // A video on a network that does not publish video yet (the save refuses it; this is the
  // guard for a post scheduled before its video was added): stopped before any call.
  const videoCapable = ctx.videoCapable?.(post.platform) ?? capabilitiesOf(post.platform).video;
  if (ctx.hasVideo !== undefined && !videoCapable && (await ctx.hasVideo(post))) {
    return fail(
      ctx,
      post,
      log,
      'permanent',
      'REJECTED',
      'post com vídeo numa rede que ainda não publica vídeo',
      LOCATION.media,
      mediaRejectionMessage({ reason: 'VIDEO_NOT_PUBLISHED', platform: post.platform }),
    );
  }

  // The post's options on a network that declares some (docs/post-options.md): the save checks
  // them; this is the guard for a post that never went through Editar Post (drafted by the AI,
  // imported) or that was scheduled before its network's options changed. Stopped before any call.
  if ((NETWORK_PROFILES[post.platform].postOptions ?? []).length > 0) {
    const hasVideo = ctx.hasVideo === undefined ? false : await ctx.hasVideo(post);
    const checked = validatePostOptions(post.platform, { hasVideo, values: post.network_options });
    if (!checked.ok)
      return fail(
        ctx,
        post,
        log,
        'permanent',
        'REJECTED',
        `opções do post recusadas: ${checked.issues.map((issue) => issue.key).join(', ')}`,
        LOCATION.options,
        `${checked.issues[0]!.message} Abra Editar Post e reagende.`,
      );
  }

  // The images and the video, read before send_started_at.
  const read = await readBeforeSend(ctx, post, log, videoCapable);
  if (!read.ok) return read.outcome;
  const { media, video } = read;
  if (video !== null) {
    // The network's rules again, on the stored facts (they were checked when the video was added;
    // the network's rules may have changed since, or the post moved networks): a refusal names
    // the network and the limit, before any call.
    const rejections = networkVideoRejections(video.facts, post.platform);
    if (rejections.length > 0) {
      return fail(
        ctx,
        post,
        log,
        'permanent',
        'REJECTED',
        `vídeo fora das regras da rede: ${rejections.map((r) => r.reason).join(', ')}`,
        LOCATION.video,
        mediaRejectionMessage({ reason: 'VIDEO_REFUSED', rejections }),
      );
    }
  }
  if (media.length === 0 && video === null && capabilitiesOf(post.platform).media === 'required') {
    // Instagram and Pinterest publish nothing without an image: stop before any call to the
    // network, with a reason that names the post's network.
    return fail(
      ctx,
      post,
      log,
      'permanent',
      'MEDIA_REQUIRED',
      'post sem imagem',
      LOCATION.media,
      mediaRequiredMessage(PLATFORM_LABELS[post.platform]),
    );
  }

  let accessToken: string;
  try {
    accessToken = await token(ctx, account, undefined, found.tokens);
  } catch (error) {
    return tokenFailure(ctx, post, log, error);
  }

  // When the claim was last known fresh: its claim, then each confirmed renewal of a video call's
  // lease (a second send after a 401 starts its lease from there).
  const fresh = { at: claimedAt };
  // Up to two sends: the second only after a 401 and a successful refresh (the first was refused).
  for (let send = 1; send <= 2; send++) {
    // A send slot first, then the mark: a post is marked "send started" only when nothing in
    // this process stands between the mark and its request (docs/publishing.md, "Flag only what
    // was sent"). A claim waiting here has no send_started_at: if it goes stale, the reconciler
    // resets it and the fenced mark below fails (I2).
    const release = ctx.sendGate === undefined ? () => {} : await ctx.sendGate.acquire();
    let sendStartedAt: Date | null = null;
    let result: { platformPostId: string; url: string | null; warnings?: readonly string[] };
    // A video call has its own, longer budget (its requests keep networkTimeoutMs each) and keeps
    // its claim by a fenced lease while it runs before its send (docs/publishing.md, "Vídeo"). So
    // does a post whose images the network processes one container at a time (an Instagram
    // carousel): a whole networkTimeoutMs per round of processing on top of the call's own, and the
    // lease when that could outlast what the claim tolerates before its send (docs/publishing.md,
    // "Carrossel"). One image, or text alone: one networkTimeoutMs, no lease, as always.
    const budgetMs = video === null ? imageBudgetMs(ctx, post.platform, media.length) : videoTimeoutMs(ctx);
    const leased =
      video !== null ||
      (budgetMs > ctx.config.networkTimeoutMs &&
        Date.now() - fresh.at + budgetMs >= ctx.config.sendStartBudgetMs);
    const lease = leased ? startLease(ctx, post, log, fresh, video === null ? 'imagens' : 'vídeo') : null;
    const deadline = Date.now() + budgetMs;
    const signal =
      lease === null
        ? AbortSignal.timeout(budgetMs)
        : AbortSignal.any([AbortSignal.timeout(budgetMs), lease.signal]);
    let sendCalled = false;
    try {
      result = await adapter.publish(
        {
          target: { platformUserId: account.platform_user_id, accessToken },
          title: post.title,
          text: post.content,
          ...(media.length === 0 ? {} : { media }),
          ...(video === null ? {} : { video: publishVideoOf(video) }),
          // The options the person chose on this network (docs/post-options.md), validated when
          // saved; none chosen: the adapter's defaults.
          ...(Object.keys(post.network_options ?? {}).length === 0 ? {} : { options: post.network_options }),
        },
        // One deadline for the whole call (uploads, Instagram's containers), below STALE_CLAIM_MS;
        // with images the adapter sends the final create only with time left before it.
        {
          signal,
          deadline,
          // One key per claimed version of the post, the same on every send and every claim: a network
          // that honours it (Mastodon's Idempotency-Key, an hour) answers a repeated create with the
          // post it already made, so a resend after a lost answer cannot post twice.
          idempotencyKey: `pauta-${post.id}-v${post.version}`,
          // Called by the adapter right before the request that creates the visible post, after
          // every invisible media step: the mark is committed only for a request about to leave.
          beforeSend: async () => {
            sendCalled = true;
            if (lease !== null) {
              // The lease ends here: a lost one stops the send; a held one stops renewing, so
              // that nothing it learns later can abort the visible request. The fenced mark
              // below decides, as for every post.
              const lost = lease.lost();
              if (lost !== null)
                throw new SendWithheld(lost === 'claim_lost' ? 'claim_lost' : 'lease_unconfirmed', 0);
              lease.stop();
            }
            const markedAt = ctx.now();
            // Fenced (docs/publishing.md, I2–I4): false when the claim is no longer ours — then
            // nothing is sent, whatever this worker believed before it stalled.
            if (!(await storeOf(ctx).markSendStarted(post))) throw new SendWithheld('claim_lost', 0);
            const waited = ctx.now().getTime() - markedAt.getTime();
            // The worker stalled after committing send_started_at: sending now could outlive the
            // claim (I4). Nor is a create sent that the call's deadline would cut off mid-way.
            if (waited > ctx.config.sendStartBudgetMs) throw new SendWithheld('stalled', waited);
            // A video's create gets a whole request's time: cut off by the budget, it would be doubtful.
            const reserve = video === null ? ctx.config.networkTimeoutMs / 4 : ctx.config.networkTimeoutMs;
            if (signal.aborted || deadline - Date.now() < reserve) throw new SendWithheld('deadline', waited);
            sendStartedAt = markedAt;
            state.sent = true;
          },
        },
      );
    } catch (thrown) {
      release();
      lease?.stop();
      let error = thrown;
      // A leased call (a video, a carousel) ended before its send (beforeSend never called): nothing visible left, so an
      // abort the adapter could only call doubtful is a plain stop — the lost lease's, or the
      // budget's (retryable: the network's upload restarts on the next attempt).
      if (lease !== null && !sendCalled && !(error instanceof SendWithheld)) {
        const lost = lease.lost();
        if (lost !== null)
          error = new SendWithheld(lost === 'claim_lost' ? 'claim_lost' : 'lease_unconfirmed', 0);
        else if (error instanceof PublishError && error.kind === 'unknown')
          error = new PublishError(
            'retryable',
            'NETWORK_UNAVAILABLE',
            `${error.message} (antes do envio que publica: nada foi publicado)`,
            error.details,
          );
      }
      if (error instanceof SendWithheld) {
        if (error.reason === 'claim_lost') return claimLost(ctx, post, log, state, 'antes do envio');
        // Nothing was sent, so it is a plain retry.
        return fail(ctx, post, log, 'retryable', 'INTERNAL', withheldDetail(error), LOCATION.internal);
      }
      if (!(error instanceof PublishError)) throw error;
      // A classified failure: the adapter knows whether the request could have landed.
      state.sent = error.kind === 'unknown';
      log.warn(
        { kind: error.kind, code: error.code, status: error.details.status },
        'a rede recusou ou falhou',
      );
      if (error.kind === 'auth' && send === 1) {
        try {
          accessToken = await token(ctx, account, accessToken, undefined, tokenLossOf(error));
          continue;
        } catch (refreshError) {
          return tokenFailure(ctx, post, log, refreshError, error.details.reason);
        }
      }
      if (error.kind === 'auth') {
        // Refused again with a fresh token: only a reconnect helps (Contas Conectadas shows why).
        await markNeedsReconnect(ctx.db, account.id, tokenLossOf(error)).catch((flagError: unknown) =>
          log.warn({ err: flagError }, 'conta não marcada para reconexão'),
        );
        return fail(
          ctx,
          post,
          log,
          'permanent',
          'ACCOUNT_NEEDS_RECONNECT',
          error.message,
          LOCATION.network(post.platform),
          error.details.reason,
        );
      }
      if (error.kind === 'rate_limited') {
        const retryAfterMs = error.details.retryAfterMs ?? 60_000;
        // The account shows "limited by the network" until then (core accountHealth).
        await markLimited(ctx.db, account.id, new Date(ctx.now().getTime() + retryAfterMs)).catch(
          (limitError: unknown) => log.warn({ err: limitError }, 'limite da rede não registrado na conta'),
        );
        const version = await releaseClaim(ctx.db, post, new Date(ctx.now().getTime() + retryAfterMs));
        if (version === undefined) return claimLost(ctx, post, log, state, 'depois de um 429');
        await requeue(ctx, post, version, retryAfterMs);
        return { kind: 'rate_limited', retryAfterMs };
      }
      return fail(
        ctx,
        post,
        log,
        error.kind,
        error.code,
        error.message,
        LOCATION.network(post.platform),
        error.details.reason,
      );
    }
    release();
    lease?.stop();
    // Published, but a secondary step failed (YouTube: the cover as thumbnail): logged, not failed.
    for (const warning of result.warnings ?? [])
      log.warn({ platformPostId: result.platformPostId }, `publicado com aviso: ${warning}`);
    // The network has the post: record it, riding out a brief database outage. If that still
    // fails, the post stays 'publishing' with send_started_at and the reconciler flags it.
    const recorded = await withRetries(() =>
      storeOf(ctx).complete({
        post,
        accountId: account.id,
        platformPostId: result.platformPostId,
        url: result.url,
      }),
    ).catch((error: unknown) => {
      log.error(
        { err: error, platformPostId: result.platformPostId },
        'publicado na rede, mas não registrado',
      );
      throw error;
    });
    if (!recorded) {
      // Published, but the claim is gone (I8): the post's state is someone else's now.
      return claimLost(ctx, post, log, state, 'depois do envio', {
        platformPostId: result.platformPostId,
        url: result.url,
      });
    }
    const startedAt: Date = sendStartedAt ?? ctx.now();
    ctx.observe?.published?.(post, startedAt.getTime() - post.scheduled_for.getTime());
    // The first comment (docs/first-comment.md): its own claim and outcome, after the post is
    // recorded; whatever happens to it, the post stays published (it never throws).
    await sendFirstComment(ctx, post.id, log);
    return { kind: 'published', platformPostId: result.platformPostId };
  }
  return fail(
    ctx,
    post,
    log,
    'permanent',
    'ACCOUNT_NEEDS_RECONNECT',
    'token recusado após renovação',
    LOCATION.network(post.platform),
  );
}

/** What it means that a post's images or its video could not be read: the detail, where, the owner's message. */
const UNREADABLE = {
  media: {
    unavailable: 'imagens do post indisponíveis',
    location: LOCATION.media,
    message: MEDIA_LOAD_FAILED_MESSAGE,
  },
  video: {
    unavailable: 'vídeo do post indisponível',
    location: LOCATION.video,
    message: VIDEO_LOAD_FAILED_MESSAGE,
  },
} as const;

/**
 * Reads what the post sends — its images, then its video (its facts, a signed URL, the cover;
 * never its bytes, which the adapter reads range by range during the call) — before
 * send_started_at: a storage failure there sent nothing, so it is a plain retry whose detail and
 * message say which of the two could not be read.
 */
async function readBeforeSend(
  ctx: PublishContext,
  post: ClaimedPost,
  log: Logger,
  videoCapable: boolean,
): Promise<
  { ok: true; media: PublishMedia[]; video: PublishVideoItem | null } | { ok: false; outcome: PublishOutcome }
> {
  let reading: keyof typeof UNREADABLE = 'media';
  try {
    const media = ctx.media === undefined ? [] : await ctx.media(post);
    reading = 'video';
    const video = videoCapable && ctx.video !== undefined ? await ctx.video(post) : null;
    return { ok: true, media, video };
  } catch (error) {
    const { unavailable, location, message } = UNREADABLE[reading];
    log.warn({ err: error }, unavailable);
    const detail = `${unavailable}: ${(error as Error).message ?? 'erro'}`;
    return {
      ok: false,
      outcome: await fail(ctx, post, log, 'retryable', 'INTERNAL', detail, location, message),
    };
  }
}

function withheldDetail(error: SendWithheld): string {
  switch (error.reason) {
    case 'deadline':
      return 'o prazo da chamada acabou antes do envio; nada foi enviado';
    case 'lease_unconfirmed':
      return 'a reserva do post não pôde ser renovada (banco de dados indisponível); o envio parou antes da publicação, nada foi publicado';
    default:
      return `o worker ficou parado ${error.waitedMs} ms antes do envio; nada foi enviado`;
  }
}

/**
 * The budget of a call with images: networkTimeoutMs, plus a whole networkTimeoutMs for each round
 * of the network's processing before the send (mediaStepRounds: the batches of item containers and
 * the carousel's container; 0 for one image or a network without containers). A 10-image
 * Instagram carousel: 3 batches + its container = 4 rounds, so 5 × NETWORK_TIMEOUT_MS (100 s by
 * default; 20 s in the e2e app). Each round is a create and its status reads, each request bounded
 * by networkTimeoutMs; Meta usually finishes an image in a few seconds.
 */
function imageBudgetMs(ctx: PublishContext, platform: Platform, imageCount: number): number {
  return ctx.config.networkTimeoutMs * (1 + mediaStepRounds(platform, imageCount));
}

function videoTimeoutMs(ctx: PublishContext): number {
  return ctx.config.videoTimeoutMs ?? DEFAULT_VIDEO_TIMEOUT_MS;
}

/** The lease of a leased call's claim (a video, a carousel), renewed by the store's fenced renewal (claim-lease.ts). */
function startLease(
  ctx: PublishContext,
  post: ClaimedPost,
  log: Logger,
  fresh: { at: number },
  what: 'vídeo' | 'imagens',
): ClaimLease {
  const store = storeOf(ctx);
  const renew = store.renew ?? ((p: ClaimedPost) => renewClaim(ctx.db, p));
  const { renewMs, graceMs } = ctx.config.claimLease ?? { renewMs: 20_000, graceMs: 60_000 };
  const lease = startClaimLease({
    renew: () => renew(post),
    intervalMs: renewMs,
    graceMs,
    confirmedAt: fresh.at,
    onConfirmed: (at) => {
      fresh.at = at;
    },
    onRenewFailed: (error) => log.warn({ err: error }, 'renovação da reserva do post falhou'),
  });
  lease.signal.addEventListener('abort', () =>
    log.warn(
      { reason: (lease.signal.reason as LeaseLostError).reason },
      what === 'vídeo'
        ? 'reserva do post perdida durante o envio do vídeo'
        : 'reserva do post perdida durante o envio das imagens',
    ),
  );
  return lease;
}

/** The contract's PublishVideo: the facts the adapter needs, the ranged reader, the URL, the cover. */
function publishVideoOf(video: PublishVideoItem): PublishVideo {
  return {
    mimeType: video.mimeType,
    sizeBytes: video.sizeBytes,
    durationSeconds: video.durationSeconds,
    width: video.width,
    height: video.height,
    frameRate: video.frameRate,
    read: (start, end) => video.read(start, end),
    url: video.url,
    cover: video.cover,
  };
}

/**
 * The claim was lost (docs/publishing.md, I2, I8): no further send and no write to the post.
 * When an earlier request of this attempt may have reached the network, the attempt's log row
 * says what is known, for a person to check; otherwise a log line is enough (nothing happened).
 */
async function claimLost(
  ctx: PublishContext,
  post: ClaimedPost,
  log: Logger,
  state: { sent: boolean },
  when: string,
  published?: { platformPostId: string; url: string | null },
): Promise<PublishOutcome> {
  if (!state.sent) {
    log.warn({ attempt: post.attempts, when }, 'o worker perdeu a vez deste post; nada foi enviado');
    return { kind: 'claim_lost', sent: false };
  }
  const detail = published
    ? `A rede confirmou a publicação (id ${published.platformPostId}) depois que esta tentativa perdeu a vez: o worker ficou parado mais que STALE_CLAIM_MS e o post foi reagendado, editado ou excluído. Confira na rede se há duplicidade.`
    : `${publishErrorMessages.UNKNOWN_OUTCOME} (esta tentativa perdeu a vez ${when}: o worker ficou parado mais que STALE_CLAIM_MS)`;
  const logged = await recordLostClaimOutcome(ctx.db, {
    post,
    platformPostId: published?.platformPostId ?? null,
    detail: detail.slice(0, 1000),
    location: LOCATION.internal,
  }).catch((error: unknown) => {
    log.warn({ err: error }, 'registro da tentativa sem dono não gravado');
    return false;
  });
  log.error(
    { attempt: post.attempts, when, platformPostId: published?.platformPostId, url: published?.url, logged },
    published
      ? 'publicado na rede depois que o worker perdeu a vez; confira duplicidade'
      : 'resultado desconhecido depois que o worker perdeu a vez',
  );
  return { kind: 'claim_lost', sent: true };
}

function token(
  ctx: PublishContext,
  account: AccountSummary,
  rejectedAccessToken?: string,
  current?: { accessToken: string },
  rejectedBecause?: 'revoked' | 'expired',
): Promise<string> {
  return usableAccessToken(
    {
      ...tokenDepsOf(ctx, account.platform),
      onRefresh: () => ctx.observe?.tokenRefreshed?.(account.platform),
    },
    account,
    {
      ...(rejectedAccessToken ? { rejectedAccessToken } : {}),
      ...(rejectedBecause ? { rejectedBecause } : {}),
      ...(current ? { current } : {}),
    },
  );
}

function tokenFailure(
  ctx: PublishContext,
  post: ClaimedPost,
  log: Logger,
  error: unknown,
  /** The network's pt-BR explanation of the refusal that led here (e.g. "revogado"). */
  explanation?: string,
): Promise<PublishOutcome> {
  if (error instanceof TokenError && error.kind === 'reconnect') {
    return fail(
      ctx,
      post,
      log,
      'permanent',
      'ACCOUNT_NEEDS_RECONNECT',
      error.message,
      LOCATION.token,
      explanation,
    );
  }
  return fail(ctx, post, log, 'retryable', 'NETWORK_UNAVAILABLE', (error as Error).message, LOCATION.token);
}

async function requeue(
  ctx: PublishContext,
  post: ClaimedPost,
  version: number,
  delayMs: number,
): Promise<void> {
  await ctx.enqueue([
    { id: post.id, version, platform: post.platform, scheduled_for: new Date(ctx.now().getTime() + delayMs) },
  ]);
}

async function fail(
  ctx: PublishContext,
  post: ClaimedPost,
  log: Logger,
  kind: 'retryable' | 'permanent' | 'unknown',
  code: PublishErrorCode,
  detail: string,
  location: string,
  /** The network's pt-BR explanation (networks/src/<network>/errors.ts); core's message of `code` when absent. */
  explanation?: string,
): Promise<PublishOutcome> {
  // The owner's message (post, log, email) names the network's code; the log adds the detail.
  const message = explanation ?? null;
  const reason = `${message ?? publishErrorMessages[code]} (${detail})`.slice(0, 1000);
  // Only an unknown outcome may have reached the network; every other kind surely did not.
  const sent = { sent: kind === 'unknown' };
  if (kind === 'retryable' && post.attempts < MAX_PUBLISH_ATTEMPTS) {
    const delay = retryDelayMs(post.attempts, {
      baseMs: ctx.config.retryBaseMs,
      maxMs: ctx.config.retryMaxMs,
    });
    const at = new Date(ctx.now().getTime() + delay);
    const version = await scheduleRetry(ctx.db, {
      post,
      retryAt: at,
      code,
      detail: reason,
      location,
      message,
    });
    if (version === undefined) return claimLost(ctx, post, log, sent, 'ao agendar a nova tentativa');
    await requeue(ctx, post, version, delay);
    return { kind: 'retry', at };
  }
  const status = kind === 'unknown' ? 'needs_attention' : 'failed';
  if (!(await recordFailure(ctx.db, { post, status, code, detail: reason, location, message }))) {
    return claimLost(ctx, post, log, sent, 'ao registrar a falha');
  }
  await ctx
    .notify?.(post, code, message)
    .catch((error: unknown) => ctx.logger.warn({ err: error }, 'aviso ao dono não enviado'));
  return status === 'failed' ? { kind: 'failed', code } : { kind: 'needs_attention', code };
}

async function withRetries<T>(fn: () => Promise<T>, tries = 4): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (error) {
      if (i >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** i));
    }
  }
}
