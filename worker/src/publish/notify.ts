// The owner's notice when a post failed for good or needs attention, as email written to the
// outbox as 'pending' (the worker never talks SMTP; the web process's outbox loop sends it within
// ~10 s, or keeps it as 'stored' without SMTP_URL). At most one failure email per user per
// FAILURE_EMAIL_WINDOW_MS (issue 13: 34 failures had sent 34 emails in the same minute): the
// first failure goes out at once ('publish_failure'); the ones after it inside the window are
// sent together when it ends ('publish_failure_digest', by `sendDueFailureDigests`, which the
// worker runs as often as the reconciler). The decision is made with the user's window row
// locked (db failure-notices.repository), so concurrent workers never send two. Nothing is
// queued when email_notifications_enabled is off or the template is not active.
import {
  DEFAULT_TIME_ZONE,
  formatDateTime,
  isValidTimeZone,
  PLATFORM_LABELS,
  type PublishErrorCode,
  publishErrorMessages,
  SETTING_KEYS,
} from '@pauta/core';
import {
  type ClaimedPost,
  type Database,
  type FailureNotice,
  findProfile,
  getBooleanSetting,
  listWorkspaceOwners,
  queueTemplatedEmail,
  recordFailureNotice,
  takeDueFailureNotices,
  usersWithDueFailureNotices,
} from '@pauta/db';
import type { Kysely, Transaction } from 'kysely';

/** One failure email per user per 15 minutes at most. */
export const FAILURE_EMAIL_WINDOW_MS = 15 * 60_000;
/** A digest lists at most this many posts, then says how many more. */
const DIGEST_MAX_LINES = 50;

export interface FailureNotifierOptions {
  db: Kysely<Database>;
  /** Public address of the app (APP_URL), for the link to the post. */
  appUrl: string;
  /** Default FAILURE_EMAIL_WINDOW_MS. */
  windowMs?: number;
  now?: () => Date;
}

type FailedPost = Pick<
  ClaimedPost,
  'id' | 'workspace_id' | 'user_id' | 'title' | 'platform' | 'scheduled_for'
>;

/**
 * Who is told about a post (docs/workspaces.md): the owners of its workspace, in user id order (the
 * order their failure windows are locked in). A personal workspace's only owner is its person, so
 * the recipient is the same as before workspaces.
 */
async function ownersOf(db: Kysely<Database>, post: FailedPost): Promise<string[]> {
  const owners = await listWorkspaceOwners(db, post.workspace_id);
  return owners.sort();
}

const postsUrl = (appUrl: string) => `${appUrl.replace(/\/+$/, '')}/scheduled-posts`;

/** The network's own explanation when the adapter gave one, else core's message of the code. */
function errorMessage(notice: Pick<FailureNotice, 'error_code' | 'error_message'>): string {
  return (
    notice.error_message ??
    publishErrorMessages[notice.error_code as PublishErrorCode] ??
    publishErrorMessages.INTERNAL
  );
}

/** What a notice says of the failed post: which post, where, when, and why. */
function noticeOf(post: FailedPost, code: PublishErrorCode, message: string | null | undefined) {
  return {
    post_id: post.id,
    post_title: post.title,
    platform: post.platform,
    scheduled_for: post.scheduled_for,
    error_code: code,
    error_message: message ?? null,
  };
}

/** Queues the single-failure email for `post`; returns the outbox id or null when none was queued. */
export async function queuePublishFailureEmail(
  options: Pick<FailureNotifierOptions, 'db' | 'appUrl'>,
  post: FailedPost,
  code: PublishErrorCode,
  /** The network's pt-BR explanation (its error table); core's message of `code` when absent. */
  message?: string | null,
): Promise<string | null> {
  if (!(await getBooleanSetting(options.db, SETTING_KEYS.emailNotificationsEnabled, true))) return null;
  let first: string | null = null;
  for (const owner of await ownersOf(options.db, post)) {
    const queued = await queueNoticesEmail(options.db, options.appUrl, owner, [
      { ...noticeOf(post, code, message), created_at: new Date() },
    ]);
    first ??= queued;
  }
  return first;
}

/** The email for `notices` (one: 'publish_failure'; several: the digest). */
async function queueNoticesEmail(
  db: Kysely<Database>,
  appUrl: string,
  userId: string,
  notices: FailureNotice[],
): Promise<string | null> {
  const profile = await findProfile(db, userId);
  if (!profile || notices.length === 0) return null;
  const timeZone = isValidTimeZone(profile.timezone) ? profile.timezone : DEFAULT_TIME_ZONE;
  const first_name = profile.first_name ?? '';
  const [only] = notices;
  if (notices.length === 1 && only !== undefined) {
    return queueTemplatedEmail(db, {
      templateName: 'publish_failure',
      to: profile.email,
      variables: {
        first_name,
        post_title: only.post_title,
        platform: PLATFORM_LABELS[only.platform],
        scheduled_for: formatDateTime(only.scheduled_for, timeZone),
        // The owner reads the pt-BR reason only: the technical detail stays in publishing_logs.
        error_message: errorMessage(only),
        post_url: postsUrl(appUrl),
      },
    });
  }
  const lines = notices
    .slice(0, DIGEST_MAX_LINES)
    .map(
      (n) =>
        `• ${n.post_title} — ${PLATFORM_LABELS[n.platform]}, ${formatDateTime(n.scheduled_for, timeZone)}: ${errorMessage(n)}`,
    );
  if (notices.length > DIGEST_MAX_LINES) lines.push(`… e mais ${notices.length - DIGEST_MAX_LINES}.`);
  return queueTemplatedEmail(db, {
    templateName: 'publish_failure_digest',
    to: profile.email,
    variables: {
      first_name,
      count: notices.length,
      post_list: lines.join('\n'),
      post_url: postsUrl(appUrl),
      window: '15 minutos',
    },
  });
}

/**
 * Records the failure and, when the user's window has ended, queues the email at once (in the
 * same transaction: the notice is marked emailed only if the email was queued).
 */
export async function notifyPublishFailure(
  options: FailureNotifierOptions,
  post: FailedPost,
  code: PublishErrorCode,
  /** The network's pt-BR explanation (its error table); core's message of `code` when absent. */
  message?: string | null,
): Promise<string | null> {
  if (!(await getBooleanSetting(options.db, SETTING_KEYS.emailNotificationsEnabled, true))) return null;
  return options.db
    .transaction()
    .execute((trx) => recordNoticeWithin(trx, { ...options, db: trx }, post, code, message));
}

/**
 * The notice and (when the window allows) its email, inside the caller's transaction: for a
 * notice that must commit with the change it reports (the approval overdue flag, docs/approval.md).
 * The caller checks email_notifications_enabled.
 */
export async function recordNoticeWithin(
  trx: Transaction<Database>,
  options: FailureNotifierOptions,
  post: FailedPost,
  code: PublishErrorCode,
  message?: string | null,
): Promise<string | null> {
  const now = options.now?.() ?? new Date();
  const windowMs = options.windowMs ?? FAILURE_EMAIL_WINDOW_MS;
  // One notice (and window) per owner of the post's workspace.
  let first: string | null = null;
  for (const owner of await ownersOf(trx, post)) {
    const due = await recordFailureNotice(
      trx,
      { workspace_id: post.workspace_id, user_id: owner, ...noticeOf(post, code, message) },
      { now, windowMs },
    );
    const queued = await queueNoticesEmail(trx, options.appUrl, owner, due);
    first ??= queued;
  }
  return first;
}

/** The sweep: one email per user whose window ended with failures waiting. Returns how many. */
export async function sendDueFailureDigests(options: FailureNotifierOptions): Promise<{ emails: number }> {
  const now = options.now?.() ?? new Date();
  const windowMs = options.windowMs ?? FAILURE_EMAIL_WINDOW_MS;
  const enabled = await getBooleanSetting(options.db, SETTING_KEYS.emailNotificationsEnabled, true);
  let emails = 0;
  for (;;) {
    const users = await usersWithDueFailureNotices(options.db, { now, windowMs, limit: 100 });
    if (users.length === 0) break;
    for (const userId of users) {
      const queued = await options.db.transaction().execute(async (trx) => {
        const due = await takeDueFailureNotices(trx, userId, { now, windowMs });
        // Notifications switched off meanwhile: the waiting notices are dropped, not sent later.
        return enabled ? queueNoticesEmail(trx, options.appUrl, userId, due) : null;
      });
      if (queued !== null) emails++;
    }
    if (users.length < 100) break;
  }
  return { emails };
}

/** The PublishContext.notify function: `notify: createFailureNotifier({ db, appUrl })`. */
export function createFailureNotifier(options: FailureNotifierOptions) {
  return async (post: ClaimedPost, code: PublishErrorCode, message?: string | null): Promise<void> => {
    await notifyPublishFailure(options, post, code, message);
  };
}
