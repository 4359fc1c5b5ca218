// Pre-flight (issue 30 item 10; docs/preflight.md): what will happen to a post on its network, from
// the post as it is on screen — unsaved text, options, date-time and network — and its stored
// media. Blocking lines are exactly a save's refusals: they come from the same validators
// (posts.service.ts) and their texts from the same userMessageOf. Every other line is a warning or
// a fact, read from the network's registry entry (networks/): never a network id here.

import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  AppError,
  containsLink,
  type MediaRejection,
  mediaRejectionMessage,
  mediaRequiredOn,
  messages,
  type Platform,
  type PreflightCheck,
  type PreflightReport,
  preflightMessages,
  sortPreflightChecks,
  videoRejectionMessage,
  worstPreflightLevel,
} from '@pauta/core';
import {
  type ComposerMediaRow,
  countBudgetPosts,
  type Database,
  findComposerMedia,
  findScheduledPost,
  isPrivateAddress,
  listPostMedia,
  type Resolver,
  videoFactsOf,
} from '@pauta/db';
import {
  DEFAULT_BUDGETS,
  mediaLimitsOf,
  mediaRefusal,
  NETWORK_PROFILES,
  NETWORKS,
  networkVideoRejections,
  type PostOptionValues,
  postPriceOf,
} from '@pauta/networks';
import type { Kysely } from 'kysely';
import { userMessageOf } from '../trpc/errors.js';
import { budgetCounter } from './budget.service.js';
import { composeMediaRefusal, composerVideoChoiceRefusal } from './compose.service.js';
import {
  checkNetworkOptions,
  measureAgainstTextLimit,
  mediaSaveRefusals,
  scheduleRefusal,
} from './posts.service.js';

export interface PreflightDeps {
  db: Kysely<Database>;
  /** The web's env: APP_URL (where networks fetch media), TIKTOK_APP_AUDITED, the X prices, the sandbox. */
  env: Readonly<Record<string, unknown>> & { appUrl: string };
  now?: () => Date;
  /** DNS for APP_URL's host (tests pass their own); the system resolver otherwise. */
  resolve?: Resolver;
}

export interface PreflightInput {
  workspaceId: string;
  /** Absent: a post not saved yet (a tab of "Novo post"), checked as that composer's save checks it. */
  postId?: string | undefined;
  /** The network on screen; the post's own when absent (required for a post not saved yet). */
  platform?: Platform | undefined;
  /** The account on screen (a composer's tab, Editar Post's "Conta"); the post's own when absent. */
  accountId?: string | undefined;
  content: string;
  /** The date-time on screen; null while the form has none (no schedule nor window line). */
  scheduledFor: Date | null;
  /** The options on screen; the stored ones when absent. */
  networkOptions?: Readonly<Record<string, unknown>> | undefined;
  /** A post not saved yet: the composer's uploads its tab would publish (docs/composer.md). */
  composerMedia?: readonly string[] | undefined;
}

/** Where APP_URL's host points, for a network that downloads media by URL. */
export type MediaHostReach =
  | { kind: 'public'; host: string }
  | { kind: 'private'; host: string; address: string }
  | { kind: 'unresolved'; host: string };

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Whether the internet can reach the media URLs Pauta hands a network (APP_URL's /media route,
 * docs/media.md): every address the host stands for is checked with the webhooks' guard
 * (loopback, 10/8, 172.16/12, 192.168/16, link-local, CGNAT, IPv6 ULA/link-local/loopback, mapped
 * IPv4…); one private address is enough to fail, since the network may get that one.
 */
export async function mediaHostReach(
  appUrl: string,
  resolve: Resolver = systemResolver,
): Promise<MediaHostReach> {
  const host = new URL(appUrl).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await resolve(host)).map((entry) => entry.address);
    } catch {
      return { kind: 'unresolved', host };
    }
    if (addresses.length === 0) return { kind: 'unresolved', host };
  }
  const inside = addresses.find((address) => isPrivateAddress(address));
  return inside === undefined ? { kind: 'public', host } : { kind: 'private', host, address: inside };
}

function check(
  kind: PreflightCheck['kind'],
  level: PreflightCheck['level'],
  message: string,
): PreflightCheck {
  return { kind, level, message };
}

/** The pre-flight of one post on one network: one line per check, worst first. */
export async function preflightPost(deps: PreflightDeps, input: PreflightInput): Promise<PreflightReport> {
  const now = deps.now?.() ?? new Date();
  // A saved post is read in the caller's workspace (another's is NOT_FOUND); a composer's tab has
  // none yet: its media are the composer's uploads it names (the workspace's), its options the
  // ones on screen.
  const post =
    input.postId === undefined ? null : await findScheduledPost(deps.db, input.workspaceId, input.postId);
  if (input.postId !== undefined && !post) throw new AppError('NOT_FOUND');
  const platform = input.platform ?? post?.platform;
  if (!platform) throw new AppError('VALIDATION_FAILED', { field: 'platform' });
  const network = NETWORKS[platform];
  const checks: PreflightCheck[] = [];

  // The date-time: the save's own refusal (past, beyond the horizon).
  if (input.scheduledFor) {
    const refusal = scheduleRefusal(input.scheduledFor, now);
    checks.push(
      refusal
        ? check('schedule', 'blocking', scheduleMessage(refusal))
        : check('schedule', 'ok', preflightMessages.scheduleOk),
    );
  }

  // The text against the limit the save holds it to (the account's own on Mastodon).
  const text = await measureAgainstTextLimit(
    deps.db,
    {
      workspace_id: input.workspaceId,
      platform,
      connected_account_id: input.accountId ?? post?.connected_account_id ?? null,
    },
    input.content,
  );
  checks.push(
    text.fits
      ? check('text', 'ok', preflightMessages.textOk(platform, text.length, text.limit))
      : check('text', 'blocking', preflightMessages.textOver(platform, text.length, text.limit)),
  );

  // Media: the save's refusals (blocking), then what the publisher's own check would refuse
  // (warning: a save takes them, the worker stops the post before sending).
  // A post not saved yet: the composer's uploads (images or its video) it would publish.
  const composerRows: ComposerMediaRow[] = post
    ? []
    : await findComposerMedia(deps.db, input.workspaceId, input.composerMedia ?? []);
  const media: MediaFacts[] = post
    ? await listPostMedia(deps.db, post.id, { workspaceId: input.workspaceId })
    : composerRows;
  const refusals = post
    ? (await mediaSaveRefusals(deps.db, input.workspaceId, { id: post.id, platform })).map(mediaText)
    : [
        composerVideoChoiceRefusal(platform, composerRows) ??
          composeMediaRefusal(platform, {
            images: composerRows.filter((row) => row.kind === 'image').length,
            video: composerRows.some((row) => row.kind === 'video'),
          }),
      ].filter((refusal) => refusal !== null);
  for (const refusal of refusals) checks.push(check('media', 'blocking', refusal));
  if (refusals.length === 0) {
    const images = media.filter((item) => item.kind === 'image');
    const video = media.find((item) => item.kind === 'video');
    const imageRefusal =
      images.length > 0 && network.capabilities.media !== 'none'
        ? mediaRefusal(
            platform,
            mediaLimitsOf(platform),
            images.map((item) => ({
              // A composer's upload is re-encoded for the network at the save (a still image the
              // network does not take becomes a JPEG, as in Editar Post): judged as it would be sent.
              mimeType: post ? item.mime_type : sentFormat(platform, item.mime_type),
              byteLength: item.size_bytes,
              width: item.width,
              height: item.height,
            })),
          )
        : null;
    const videoRefusals =
      video && 'duration_seconds' in video ? networkVideoRejections(videoFactsOf(video), platform) : [];
    if (imageRefusal) checks.push(check('media', 'warning', imageRefusal.reason));
    else if (videoRefusals.length > 0)
      checks.push(check('media', 'warning', videoRefusals.map(videoRejectionMessage).join(' ')));
    // A network that publishes only with media (Instagram): the save takes a post without it (the
    // image may come later), but as it stands the worker will stop it, so the panel says so.
    else if (media.length === 0 && mediaRequiredOn(platform))
      checks.push(check('media', 'warning', preflightMessages.mediaMissing(platform)));
    else checks.push(check('media', 'ok', preflightMessages.mediaOk(platform, media.length)));
  }

  // The network's options, as on screen (or stored): the save's refusal.
  if ((NETWORK_PROFILES[platform].postOptions ?? []).length > 0 || input.networkOptions !== undefined) {
    const options = await checkNetworkOptions(
      deps.db,
      {
        id: post?.id ?? null,
        platform,
        network_options: (post?.network_options ?? {}) as PostOptionValues,
      },
      input.networkOptions,
    );
    checks.push(
      options.ok
        ? check('options', 'ok', preflightMessages.optionsOk(platform))
        : check('options', 'blocking', userMessageOf(options.error)),
    );
  }

  // A network that downloads media by URL cannot reach a Pauta on a private address.
  if (network.fetchesMediaByUrl && media.length > 0) {
    const reach = await mediaHostReach(deps.env.appUrl, deps.resolve);
    const sandbox = typeof deps.env.SOCIAL_SANDBOX_URL === 'string' && deps.env.SOCIAL_SANDBOX_URL !== '';
    if (reach.kind === 'public')
      checks.push(check('mediaUrl', 'ok', preflightMessages.mediaUrlPublic(platform, reach.host)));
    else
      checks.push(
        check(
          'mediaUrl',
          'warning',
          (reach.kind === 'private'
            ? preflightMessages.mediaUrlPrivate(platform, reach.host, reach.address)
            : preflightMessages.mediaUrlUnresolved(platform, reach.host)) +
            (sandbox ? preflightMessages.mediaUrlSandbox : ''),
        ),
      );
  }

  // The network's own cap per moving window, before the time: the posts of the post's account where
  // the network's budget is per account (Instagram's 50 are each account's), else the workspace's.
  // The network's own scope (its descriptor's default), not an administrator's override: the cap is
  // the network's fact, not the installation's budget.
  const cap = network.publishingCap;
  if (cap && input.scheduledFor) {
    const budget = DEFAULT_BUDGETS[platform];
    const counter =
      budget.scope === 'account'
        ? await budgetCounter(deps.db, budget, {
            workspaceId: input.workspaceId,
            platform,
            accountId: input.accountId ?? post?.connected_account_id ?? null,
          })
        : null;
    const others = await countBudgetPosts(deps.db, {
      platform,
      workspaceId: input.workspaceId,
      accountId: counter?.accountId,
      excludePostId: post?.id,
      from: new Date(input.scheduledFor.getTime() - cap.windowHours * 3_600_000),
      // [from, before): the post's own minute and everything up to it.
      before: new Date(input.scheduledFor.getTime() + 1),
    });
    const used = others + 1;
    // Named "desta conta" only when one account's posts were counted.
    const account = counter?.accountId !== undefined ? { label: counter.label } : undefined;
    checks.push(
      used > cap.posts
        ? check('dailyCap', 'warning', preflightMessages.dailyCapOver(platform, used, cap.posts, account))
        : check('dailyCap', 'ok', preflightMessages.dailyCap(platform, used, cap.posts, account)),
    );
  }

  // Posts that go out private whatever was chosen (TikTok before the app's audit).
  if (network.privateUntil?.inForce(deps.env)) {
    checks.push(
      check('privacy', 'warning', preflightMessages.privateOnly(platform, network.privateUntil.variable)),
    );
  }

  // What the network charges for this post (X's pay-per-use API).
  const price = postPriceOf(platform, deps.env, containsLink(input.content));
  if (price) {
    checks.push(
      price.withLink
        ? check(
            'price',
            'warning',
            preflightMessages.priceWithLink(platform, price.amount, price.withoutLink, price.source),
          )
        : check('price', 'ok', preflightMessages.price(platform, price.amount, price.source)),
    );
  }

  const sorted = sortPreflightChecks(checks);
  return { platform, level: worstPreflightLevel(sorted), checks: sorted };
}

function sentFormat(platform: Platform, format: string): string {
  const { formats } = mediaLimitsOf(platform);
  if ((formats as readonly string[]).includes(format) || format === 'image/gif') return format;
  return formats.includes('image/jpeg') ? 'image/jpeg' : format;
}

/** What the checks read of an image or video: a post's stored media, or a composer's uploads. */
type MediaFacts =
  | Awaited<ReturnType<typeof listPostMedia>>[number]
  | { kind: 'image' | 'video'; mime_type: string; size_bytes: number; width: number; height: number };

function mediaText(rejection: MediaRejection): string {
  return mediaRejectionMessage(rejection);
}

function scheduleMessage(refusal: AppError): string {
  const details = refusal.details as { reason?: string } | undefined;
  return details?.reason === 'PAST' ? messages.posts.pastSchedule : userMessageOf(refusal);
}
