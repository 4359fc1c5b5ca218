// The first comment (docs/first-comment.md): posted under a published post, with its own claim,
// fence, outcome and retries — never the post's. Runs right after the post is recorded
// (`sendFirstComment` from the publish processor) and from the reconciler (`reconcileFirstComments`:
// due retries, and comments whose worker died between the send and its record).
//
// Exactly once: a comment is sent only by the holder of its claim token, after the fenced mark
// (`first_comment_sent_at`); a claim that may have sent is never sent again without asking the
// network (`lookupFirstComment`): found → published; absent (a complete listing) → pending again;
// the network cannot tell, or cannot list → `unknown`, shown to the person, never resent.
import { PLATFORM_LABELS, type PublishErrorCode, publishErrorMessages } from '@pauta/core';
import {
  type ClaimedFirstComment,
  claimFirstComment,
  dueFirstComments,
  FIRST_COMMENT_MAX_ATTEMPTS,
  type FirstCommentOutcome,
  findPostAccountWithTokens,
  markFirstCommentSent,
  recordFirstComment,
  takeOverStaleFirstComments,
} from '@pauta/db';
import { PublishError } from '@pauta/networks';
import type { Logger } from '../logger.js';
import { retryDelayMs } from './backoff.js';
import type { PublishContext } from './publish-post.processor.js';
import { tokenDepsOf, usableAccessToken } from './tokens.js';

/** What became of one comment in this call (tests and logs). */
export type FirstCommentResult =
  | 'none'
  | 'published'
  | 'retry'
  | 'failed'
  | 'unknown'
  /** The claim was taken over while this call ran: nothing recorded by it. */
  | 'claim_lost';

type Ctx = Pick<PublishContext, 'db' | 'keyring' | 'logger' | 'adapter' | 'oauth' | 'config' | 'now'>;

const failedText = (platform: ClaimedFirstComment['platform'], reason: string) =>
  `O primeiro comentário não foi publicado no ${PLATFORM_LABELS[platform]}: ${reason}`;

const UNKNOWN_TEXT =
  'Não foi possível confirmar se o primeiro comentário foi publicado. Confira o post na rede: a Pauta não o envia de novo para não duplicar.';

/** The person's text for a network's refusal: its error table's reason, else the code's. */
function reasonOf(error: PublishError): string {
  return error.details.reason ?? publishErrorMessages[error.code as PublishErrorCode] ?? error.message;
}

/** Records, fenced; a lost fence is logged and reported, never retried. */
async function record(
  ctx: Ctx,
  claim: ClaimedFirstComment,
  log: Logger,
  outcome: FirstCommentOutcome,
): Promise<FirstCommentResult> {
  const held = await recordFirstComment(ctx.db, claim, outcome);
  if (!held) {
    log.warn({ outcome: outcome.kind }, 'primeiro comentário: a vez foi perdida antes do registro');
    return 'claim_lost';
  }
  return outcome.kind;
}

function retryOrFail(ctx: Ctx, claim: ClaimedFirstComment, reason: string): FirstCommentOutcome {
  if (claim.attempts >= FIRST_COMMENT_MAX_ATTEMPTS)
    return {
      kind: 'failed',
      error: failedText(claim.platform, `${reason} (${claim.attempts} tentativas)`),
    };
  const delay = retryDelayMs(claim.attempts, {
    baseMs: ctx.config.retryBaseMs,
    maxMs: ctx.config.retryMaxMs,
  });
  return { kind: 'retry', at: new Date(ctx.now().getTime() + delay), error: reason };
}

/** Sends a claimed comment once and records what the network said. */
async function sendClaimed(ctx: Ctx, claim: ClaimedFirstComment, log: Logger): Promise<FirstCommentResult> {
  const adapter = ctx.adapter(claim.platform);
  if (adapter?.publishFirstComment === undefined)
    return record(ctx, claim, log, {
      kind: 'failed',
      error: failedText(claim.platform, 'esta rede não aceita primeiro comentário pela Pauta.'),
    });
  const found = await findPostAccountWithTokens(ctx.db, ctx.keyring, claim);
  if (!found || found.account.status === 'needs_reconnect')
    return record(ctx, claim, log, {
      kind: 'failed',
      error: failedText(claim.platform, publishErrorMessages.ACCOUNT_NEEDS_RECONNECT),
    });
  let accessToken: string;
  try {
    accessToken = await usableAccessToken(tokenDepsOf(ctx, claim.platform), found.account, {
      current: found.tokens,
    });
  } catch (error) {
    log.warn({ err: error }, 'primeiro comentário: token indisponível');
    return record(ctx, claim, log, retryOrFail(ctx, claim, publishErrorMessages.NETWORK_UNAVAILABLE));
  }
  // Fenced, right before the request: false = the reconciler took the claim over; do not send.
  if (!(await markFirstCommentSent(ctx.db, claim))) {
    log.warn('primeiro comentário: a vez foi perdida antes do envio; nada enviado');
    return 'claim_lost';
  }
  try {
    const result = await adapter.publishFirstComment(
      {
        target: { platformUserId: found.account.platform_user_id, accessToken },
        platformPostId: claim.platform_post_id,
        text: claim.text,
      },
      { signal: AbortSignal.timeout(ctx.config.networkTimeoutMs) },
    );
    return record(ctx, claim, log, { kind: 'published', commentId: result.id });
  } catch (error) {
    if (!(error instanceof PublishError)) {
      // An unexpected failure after the send may have landed: left 'sending' (sent_at set), so
      // the reconciler asks the network once the claim is stale.
      log.error({ err: error }, 'primeiro comentário: erro inesperado depois do envio');
      return 'unknown';
    }
    log.warn({ kind: error.kind, code: error.code }, 'primeiro comentário: a rede recusou ou falhou');
    switch (error.kind) {
      case 'unknown':
        // Maybe created: the reconciler asks the network after STALE_CLAIM_MS (never resent blindly).
        return 'unknown';
      case 'retryable':
      case 'rate_limited':
        return record(ctx, claim, log, retryOrFail(ctx, claim, reasonOf(error)));
      default:
        return record(ctx, claim, log, {
          kind: 'failed',
          error: failedText(claim.platform, reasonOf(error)),
        });
    }
  }
}

/**
 * Sends the post's first comment if it has one pending and due (its claim decides: a post without
 * one, or one another worker holds, is 'none'). Never throws: the post is published whatever
 * happens to its comment.
 */
export async function sendFirstComment(
  ctx: Ctx,
  postId: string,
  logger: Logger,
): Promise<FirstCommentResult> {
  try {
    const claim = await claimFirstComment(ctx.db, postId);
    if (claim === undefined) return 'none';
    const log = logger.child({ firstComment: true, attempt: claim.attempts });
    const result = await sendClaimed(ctx, claim, log);
    log.info({ outcome: result }, 'primeiro comentário processado');
    return result;
  } catch (error) {
    // A database failure: the claim (if any) goes stale and the reconciler resolves it.
    logger.error({ err: error }, 'primeiro comentário: erro inesperado');
    return 'none';
  }
}

/** Resolves a claim taken over from a worker that died or stalled. */
async function resolveTakenOver(
  ctx: Ctx,
  claim: ClaimedFirstComment,
  log: Logger,
): Promise<FirstCommentResult> {
  // Nothing was sent by the dead claim: pending again at once (the attempt stays counted).
  if (claim.sent_at === null) return record(ctx, claim, log, { kind: 'retry', at: ctx.now(), error: null });
  const adapter = ctx.adapter(claim.platform);
  const found = await findPostAccountWithTokens(ctx.db, ctx.keyring, claim);
  if (adapter?.lookupFirstComment === undefined || !found)
    return record(ctx, claim, log, { kind: 'unknown', error: UNKNOWN_TEXT });
  const answer = await adapter.lookupFirstComment(
    {
      target: { platformUserId: found.account.platform_user_id, accessToken: found.tokens.accessToken },
      platformPostId: claim.platform_post_id,
      text: claim.text,
      since: claim.sent_at,
    },
    { signal: AbortSignal.timeout(ctx.config.networkTimeoutMs) },
  );
  log.info({ lookup: answer.kind }, 'primeiro comentário: a rede foi consultada');
  if (answer.kind === 'found')
    return record(ctx, claim, log, { kind: 'published', commentId: answer.platformPostId });
  if (answer.kind === 'absent')
    return record(ctx, claim, log, retryOrFail(ctx, claim, 'o envio anterior não chegou à rede'));
  return record(ctx, claim, log, { kind: 'unknown', error: UNKNOWN_TEXT });
}

/**
 * The reconciler's pass: takes over comments stuck in 'sending' past `staleMs` (resolved by asking
 * the network), then sends the pending comments whose time came (retries, and those whose post
 * was published by a worker that died before sending them).
 */
export async function reconcileFirstComments(
  ctx: Ctx,
  options: { staleMs: number },
): Promise<{ takenOver: number; sent: number }> {
  const stale = await takeOverStaleFirstComments(ctx.db, options.staleMs);
  for (const claim of stale) {
    const log = ctx.logger.child({ postId: claim.id, platform: claim.platform, firstComment: true });
    try {
      await resolveTakenOver(ctx, claim, log);
    } catch (error) {
      log.error({ err: error }, 'primeiro comentário: falha ao resolver um envio interrompido');
    }
  }
  const due = await dueFirstComments(ctx.db);
  for (const postId of due) await sendFirstComment(ctx, postId, ctx.logger.child({ postId }));
  return { takenOver: stale.length, sent: due.length };
}
