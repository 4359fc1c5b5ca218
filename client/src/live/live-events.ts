// What a live event does to the open screen (docs/live-updates.md): the react-query caches that
// show the changed post are invalidated — active ones refetch, in place, once per burst — and the
// owner sees a toast for a result (published, failed, needs attention, missed) with a link.
import {
  approvalMessages,
  type LiveEvent,
  type LiveMessage,
  liveMessages,
  mediaRequiredMessage,
  messages,
  PLATFORM_LABELS,
  type Platform,
  type PostStatus,
  publishErrorMessages,
} from '@pauta/core';
import type { QueryClient, QueryFilters } from '@tanstack/react-query';
import { viewPath } from '../app/view-paths';

/** The caches each kind of change touches (built from the tRPC proxy by the caller). */
interface LiveCacheFilters {
  /** Posts Agendados, calendar, theme posts. */
  posts: QueryFilters;
  published: QueryFilters;
  dashboard: QueryFilters;
  themes: QueryFilters;
  /** Contas Conectadas and the shell's account banner (accounts.list), and accounts.active. */
  accounts: QueryFilters;
  /** The admin's publishing logs and stats (any user's events reach an administrator's stream). */
  adminLogs: QueryFilters[];
  /** The approval board and a post's history (docs/approval.md). */
  approval?: QueryFilters;
  /** "Melhores horários" and the reschedule suggestions (docs/best-time.md): metrics and posts move them. */
  bestTime?: QueryFilters;
  /** Relatórios (docs/reports.md): a report's status or progress changed. */
  reports?: QueryFilters;
  /** "Fila de publicação" (docs/posting-queue.md): any change of the workspace's posts or slots. */
  postingQueue?: QueryFilters;
}

export interface LiveToast {
  kind: 'success' | 'error' | 'warning' | 'info';
  title: string;
  message: string;
  link: { href: string; label: string } | null;
}

/** The reconciler's flag of a post whose time came unapproved (a 'scheduled' event). */
const APPROVAL_OVERDUE = 'APPROVAL_OVERDUE';
/** A client's answer through the approval link (the approval trigger's code). */
const CLIENT_CODES = new Set(['CLIENT_APPROVED', 'CLIENT_CHANGES_REQUESTED']);
const RESULT_STATUSES: readonly PostStatus[] = ['published', 'failed', 'needs_attention', 'missed'];
/** Results in one burst above which one summary toast replaces the individual ones. */
const MAX_TOASTS_PER_BURST = 3;
/** Events arriving within this window are handled together (one refetch per screen). */
const BURST_MS = 200;

function reason(event: LiveEvent & { platform: Platform }): string {
  const code = event.errorCode as keyof typeof publishErrorMessages | null;
  if (code === 'MEDIA_REQUIRED') return mediaRequiredMessage(PLATFORM_LABELS[event.platform]);
  return code && code in publishErrorMessages ? publishErrorMessages[code] : publishErrorMessages.INTERNAL;
}

/** The toast of an account's health change the owner must act on (issue 18), or null. */
function accountToast(event: LiveEvent & { platform: Platform }): LiveToast | null {
  const text = messages.accounts;
  const link = { href: viewPath('connected-accounts'), label: text.bannerAction };
  const platform = PLATFORM_LABELS[event.platform];
  if (event.errorCode === 'ACCOUNT_EXPIRING')
    return { kind: 'warning', title: text.expiringToastTitle(platform), message: text.expiringToast, link };
  if (event.errorCode === 'ACCOUNT_NEEDS_RECONNECT')
    return {
      kind: 'error',
      title: text.needsReconnectToastTitle(platform),
      message: publishErrorMessages.ACCOUNT_NEEDS_RECONNECT,
      link,
    };
  return null;
}

/** A toast about a post's approval, with the way to the approval board. */
function boardToast(kind: LiveToast['kind'], title: string, message: string): LiveToast {
  return {
    kind,
    title,
    message,
    link: { href: viewPath('approval-board'), label: approvalMessages.viewBoard },
  };
}

/** The toast for one of the owner's events, or null (no result to announce). */
export function toastFor(liveEvent: LiveEvent): LiveToast | null {
  // A report's progress (kind 'report', no network) is shown on its page, never toasted.
  const platform = liveEvent.platform;
  if (platform === null) return null;
  const event = { ...liveEvent, platform };
  if (event.kind === 'account') return accountToast(event);
  if (event.kind !== 'post' || !event.status) return null;
  // The first comment's own state (docs/first-comment.md): its failure and doubt are told; the
  // rest (pending, sending, published) only refresh the screen — never a second "Post publicado".
  if (event.errorCode?.startsWith('FIRST_COMMENT_')) {
    const network = PLATFORM_LABELS[event.platform];
    const link = { href: viewPath('scheduled-posts', { status: 'published' }), label: liveMessages.viewPost };
    if (event.errorCode === 'FIRST_COMMENT_FAILED')
      return {
        kind: 'error',
        title: `Primeiro comentário não publicado no ${network}`,
        message: 'O post continua publicado. Veja o motivo no post.',
        link,
      };
    if (event.errorCode === 'FIRST_COMMENT_UNKNOWN')
      return {
        kind: 'warning',
        title: `Primeiro comentário no ${network}: confira na rede`,
        message: 'Não foi possível confirmar se o comentário foi publicado; a Pauta não o envia de novo.',
        link,
      };
    return null;
  }
  const problems = (status: string) => ({
    href: viewPath('scheduled-posts', { status }),
    label: liveMessages.viewPost,
  });
  // The client approval link (docs/approval.md): the client approved or asked for changes.
  if (event.errorCode === 'CLIENT_APPROVED')
    return boardToast(
      'success',
      approvalMessages.clientApprovedToast(event.platform),
      approvalMessages.clientApprovedToastBody,
    );
  if (event.errorCode === 'CLIENT_CHANGES_REQUESTED')
    return boardToast(
      'info',
      approvalMessages.clientChangesToast(event.platform),
      approvalMessages.clientChangesToastBody,
    );
  // Its time came unapproved (docs/approval.md): not published; approve it on the board.
  if (event.errorCode === APPROVAL_OVERDUE)
    return boardToast(
      'warning',
      approvalMessages.overdueToastTitle(event.platform),
      publishErrorMessages.APPROVAL_OVERDUE,
    );
  switch (event.status) {
    case 'published':
      return {
        kind: 'success',
        title: liveMessages.published(event.platform),
        message: '',
        link: { href: viewPath('published-posts'), label: liveMessages.viewPublished },
      };
    case 'failed':
      return {
        kind: 'error',
        title: liveMessages.failed(event.platform),
        message: reason(event),
        link: problems('failed'),
      };
    case 'needs_attention':
      return {
        kind: 'warning',
        title: liveMessages.needsAttention(event.platform),
        message: reason(event),
        link: problems('needs_attention'),
      };
    case 'missed':
      return {
        kind: 'warning',
        title: liveMessages.missed(event.platform),
        message: reason(event),
        link: problems('missed'),
      };
    default:
      return null;
  }
}

interface LiveHandlerOptions {
  queryClient: QueryClient;
  filters: LiveCacheFilters;
  /**
   * The workspace on screen: its events — whoever in it caused them — toast and refresh its
   * screens; another workspace's (an administrator's stream carries every one) only the logs.
   */
  workspaceId: string;
  toast(toast: LiveToast): void;
  /** Timer seam for tests. */
  schedule?: (fn: () => void, ms: number) => void;
}

/** Collects messages for BURST_MS, then invalidates the caches and shows the toasts once. */
export function createLiveHandler(options: LiveHandlerOptions) {
  const schedule = options.schedule ?? ((fn, ms) => void setTimeout(fn, ms));
  let pending: LiveMessage[] = [];
  let scheduled = false;
  // Before the first `sync`, replayed events are the catch-up of a new stream: what happened just
  // before the page loaded refetches, but is not announced again (a reload would toast twice).
  let synced = false;
  const quiet = new Set<LiveMessage>();

  const flush = () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    const { queryClient, filters } = options;
    const invalidate = (filter: QueryFilters) => void queryClient.invalidateQueries(filter);
    const announced = new Set(batch.flatMap((m) => (m.type === 'event' && !quiet.has(m) ? [m.event] : [])));
    for (const m of batch) quiet.delete(m);
    if (batch.some((m) => m.type === 'resync')) {
      void queryClient.invalidateQueries();
      return;
    }
    const events = batch.flatMap((m) => (m.type === 'event' ? [m.event] : []));
    if (events.length === 0) return;
    const own = events.filter((e) => e.workspaceId === options.workspaceId);
    // 'bulk': a bulk action changed posts of the workspace (docs/bulk-actions.md): the same screens.
    if (own.some((e) => e.kind === 'post' || e.kind === 'bulk')) {
      invalidate(filters.posts);
      invalidate(filters.themes);
      if (filters.approval) invalidate(filters.approval);
    }
    if (own.some((e) => e.kind === 'metrics' || e.status === 'published')) invalidate(filters.published);
    if (own.length > 0) invalidate(filters.dashboard);
    if (own.length > 0 && filters.bestTime) invalidate(filters.bestTime);
    if (
      own.some((e) => e.kind === 'post' || e.kind === 'bulk' || e.kind === 'account') &&
      filters.postingQueue
    )
      invalidate(filters.postingQueue);
    if (own.some((e) => e.kind === 'account')) invalidate(filters.accounts);
    if (own.some((e) => e.kind === 'report') && filters.reports) invalidate(filters.reports);
    if (events.some((e) => e.kind === 'post')) for (const f of filters.adminLogs) invalidate(f);

    // An account's health change the owner must act on (expiring, flagged): its own toast.
    for (const event of own) {
      if (!announced.has(event) || event.kind !== 'account') continue;
      const toast = toastFor(event);
      if (toast) options.toast(toast);
    }
    // The client's answers through the approval link (docs/approval.md): their own toasts, one
    // summary past MAX_TOASTS_PER_BURST (a client answering a whole page at once).
    const clientAnswers = own.filter(
      (e) => announced.has(e) && e.kind === 'post' && e.errorCode !== null && CLIENT_CODES.has(e.errorCode),
    );
    if (clientAnswers.length > MAX_TOASTS_PER_BURST)
      options.toast({
        kind: 'info',
        title: approvalMessages.clientSummaryToast(clientAnswers.length),
        message: approvalMessages.clientChangesToastBody,
        link: { href: viewPath('approval-board'), label: approvalMessages.viewBoard },
      });
    else
      for (const event of clientAnswers) {
        const toast = toastFor(event);
        if (toast) options.toast(toast);
      }
    const results = own.filter(
      (e) =>
        announced.has(e) &&
        e.kind === 'post' &&
        e.status &&
        (RESULT_STATUSES.includes(e.status) || e.errorCode === APPROVAL_OVERDUE),
    );
    if (results.length > MAX_TOASTS_PER_BURST) {
      const published = results.filter((e) => e.status === 'published').length;
      options.toast({
        kind: published === results.length ? 'success' : 'info',
        title: liveMessages.summaryTitle,
        message: liveMessages.summary(published, results.length - published),
        link: { href: viewPath('scheduled-posts'), label: liveMessages.viewPosts },
      });
      return;
    }
    for (const event of results) {
      const toast = toastFor(event);
      if (toast) options.toast(toast);
    }
  };

  return {
    handle(message: LiveMessage) {
      if (message.type === 'sync') {
        synced = true;
        return;
      }
      if (message.type === 'event' && message.replayed && !synced) quiet.add(message);
      pending.push(message);
      if (!scheduled) {
        scheduled = true;
        schedule(flush, BURST_MS);
      }
    },
  };
}
