// Asking the network before giving up (issue 24; docs/publishing.md, "Asking the network"): for
// each flagged post whose outcome is unknown, the account's recent posts are listed and matched by
// exact normalised text in the window from send_started_at to now.
//   found          → published (published_posts with the network's id and link, success log);
//   surely absent  → scheduled again under a new version, due now (a normal, fenced send follows);
//   cannot tell    → stays needs_attention for its owner, with the reason.
// Every write is fenced by the flagged claim's token and `needs_attention`, so the owner's action,
// a late holder's answer (I6) or a second resolver (I13) makes it match nothing. A lookup only
// reads: it never creates a post.
import { PLATFORM_LABELS, publishErrorMessages } from '@pauta/core';
import {
  completePublish,
  findPostAccountWithTokens,
  listUnknownOutcomes,
  markOutcomeUnresolved,
  noteOutcomeLookup,
  resolveOutcomeAbsent,
  type UnknownOutcome,
} from '@pauta/db';
import { capabilitiesOf, type LookupResult } from '@pauta/networks';
import type { Logger } from '../logger.js';
import type { PublishContext } from './publish-post.processor.js';
import { tokenDepsOf, usableAccessToken } from './tokens.js';

export interface ResolveReport {
  found: number;
  absent: number;
  unresolved: number;
  /** Not found soon after the send: asked again once absence is trusted. */
  pending: number;
  /** The fence did not hold (the owner acted, the holder answered, another pass got there). */
  skipped: number;
}

// Matched verbatim by the delivery-events trigger (migration 2026-11-28T00-30) to tell the
// resolver's resend ('lookup_absent') from the owner's retry: changing it needs a new migration
// that replaces the trigger's function.
const LOCATION = 'worker: consulta à rede';

/** pt-BR: what the owner reads on the post when the network could not tell. */
export function unresolvedMessage(network: string, reason: string): string {
  return `Não foi possível confirmar no ${network} se este post foi publicado (${reason}). Confira no ${network}: se o post não estiver lá, use "Tentar de novo" e confirme o reenvio.`;
}

export async function resolveUnknownOutcomes(
  ctx: PublishContext,
  options: {
    settleMs: number;
    /** From this long after the send on, "absent" is trusted (LOOKUP_ABSENT_AFTER_MS). */
    absentAfterMs: number;
    limit?: number;
    /**
     * No new lookup starts after this long (the reconciler's pass must not outlive its period:
     * each lookup may take NETWORK_TIMEOUT_MS); the rest wait for the next pass.
     */
    budgetMs?: number;
  },
): Promise<ResolveReport> {
  const stopAt = Date.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY);
  const report: ResolveReport = { found: 0, absent: 0, unresolved: 0, pending: 0, skipped: 0 };
  const posts = await listUnknownOutcomes(ctx.db, {
    settleMs: options.settleMs,
    absentAfterMs: options.absentAfterMs,
    limit: options.limit ?? 50,
  });
  for (const post of posts) {
    if (Date.now() > stopAt) break;
    const log = ctx.logger.child({ postId: post.id, version: post.version, platform: post.platform });
    const outcome = await resolveOne(ctx, post, log).catch((error: unknown) => {
      log.warn({ err: error }, 'consulta à rede falhou; o post continua aguardando o dono');
      return null;
    });
    if (outcome !== null) report[outcome] += 1;
  }
  return report;
}

async function lookup(
  ctx: PublishContext,
  post: UnknownOutcome,
): Promise<LookupResult & { accountId?: string }> {
  const adapter = ctx.adapter(post.platform);
  if (!capabilitiesOf(post.platform).lookup || adapter?.lookupRecentPost === undefined)
    return { kind: 'unknown', reason: 'a rede não permite consultar os posts da conta' };
  const found = await findPostAccountWithTokens(ctx.db, ctx.keyring, post);
  if (!found || found.account.status === 'needs_reconnect')
    return { kind: 'unknown', reason: 'a conta precisa ser reconectada' };
  let accessToken: string;
  try {
    accessToken = await usableAccessToken(tokenDepsOf(ctx, post.platform), found.account, {
      current: found.tokens,
    });
  } catch {
    return { kind: 'unknown', reason: 'o acesso à conta não pôde ser renovado' };
  }
  const result = await adapter.lookupRecentPost(
    {
      target: { platformUserId: found.account.platform_user_id, accessToken },
      text: post.content,
      since: post.send_started_at,
      until: post.listed_at,
    },
    { signal: AbortSignal.timeout(ctx.config.networkTimeoutMs) },
  );
  return { ...result, accountId: found.account.id };
}

async function resolveOne(
  ctx: PublishContext,
  post: UnknownOutcome,
  log: Logger,
): Promise<keyof ResolveReport> {
  const network = PLATFORM_LABELS[post.platform];
  const result = await lookup(ctx, post);
  if (result.kind === 'found' && result.accountId !== undefined) {
    // The same completion as a send's: fenced by the flagged claim; the attempt's "unknown" log
    // row becomes its success row (docs/publishing.md, row L1).
    const recorded = await completePublish(ctx.db, {
      post,
      accountId: result.accountId,
      platformPostId: result.platformPostId,
      url: result.url,
    });
    log.info(
      { platformPostId: result.platformPostId, recorded },
      recorded ? 'post encontrado na rede: publicado' : 'post encontrado na rede, mas o post já mudou',
    );
    return recorded ? 'found' : 'skipped';
  }
  if (!post.final) {
    // Soon after the send a network may still create a post it accepted late: only "found" is
    // an answer now; absent or cannot tell is asked again once absence is trusted.
    const noted = await noteOutcomeLookup(ctx.db, post);
    log.info({ result: result.kind, noted }, 'post ainda não encontrado na rede; nova consulta mais tarde');
    return noted ? 'pending' : 'skipped';
  }
  if (result.kind === 'absent') {
    const version = await resolveOutcomeAbsent(ctx.db, {
      post,
      message: `O ${network} confirmou que o post não foi publicado na tentativa interrompida; ele foi enviado de novo.`,
      location: LOCATION,
    });
    if (version === undefined) return 'skipped';
    await ctx.enqueue([{ id: post.id, version, platform: post.platform, scheduled_for: ctx.now() }]);
    log.info({ newVersion: version }, 'post ausente na rede: reenviado');
    return 'absent';
  }
  const reason = result.kind === 'unknown' ? result.reason : publishErrorMessages.UNKNOWN_OUTCOME;
  const marked = await markOutcomeUnresolved(ctx.db, {
    post,
    message: unresolvedMessage(network, reason),
    location: LOCATION,
  });
  log.warn({ reason, marked }, 'a rede não soube dizer se o post saiu; aguardando o dono');
  return marked ? 'unresolved' : 'skipped';
}
