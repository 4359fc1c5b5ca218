// The owner's notice when a post failed for good or needs attention: a 'publish_failure' email
// written to the outbox as 'pending' (the worker never talks SMTP; the web process's outbox
// loop sends it within ~10 s, or keeps it as 'stored' without SMTP_URL). Rendered with the
// shared core renderer by queueTemplatedEmail; nothing is queued when email_notifications_enabled
// is off or no active 'publish_failure' template exists. The lead wires it as PublishContext.notify.
import {
  DEFAULT_TIME_ZONE,
  formatDateTime,
  isValidTimeZone,
  PLATFORM_LABELS,
  type PublishErrorCode,
  publishErrorMessages,
} from '@pauta/core';
import {
  type ClaimedPost,
  type Database,
  findProfile,
  getBooleanSetting,
  queueTemplatedEmail,
} from '@pauta/db';
import type { Kysely } from 'kysely';

export interface FailureNotifierOptions {
  db: Kysely<Database>;
  /** Public address of the app (APP_URL), for the link to the post. */
  appUrl: string;
}

/** Queues the publish-failure email for `post`; returns the outbox id or null when none was queued. */
export async function queuePublishFailureEmail(
  options: FailureNotifierOptions,
  post: Pick<ClaimedPost, 'id' | 'user_id' | 'title' | 'platform' | 'scheduled_for'>,
  code: PublishErrorCode,
): Promise<string | null> {
  if (!(await getBooleanSetting(options.db, 'email_notifications_enabled', true))) return null;
  const profile = await findProfile(options.db, post.user_id);
  if (!profile) return null;
  const timeZone = isValidTimeZone(profile.timezone) ? profile.timezone : DEFAULT_TIME_ZONE;
  const appUrl = options.appUrl.replace(/\/+$/, '');
  return queueTemplatedEmail(options.db, {
    templateName: 'publish_failure',
    to: profile.email,
    variables: {
      first_name: profile.first_name ?? '',
      post_title: post.title,
      platform: PLATFORM_LABELS[post.platform],
      scheduled_for: formatDateTime(post.scheduled_for, timeZone),
      // The owner reads the pt-BR reason only: the technical detail stays in publishing_logs.
      error_message: publishErrorMessages[code],
      post_url: `${appUrl}/scheduled-posts`,
    },
  });
}

/** The PublishContext.notify function: `notify: createFailureNotifier({ db, appUrl })`. */
export function createFailureNotifier(options: FailureNotifierOptions) {
  return async (post: ClaimedPost, code: PublishErrorCode): Promise<void> => {
    await queuePublishFailureEmail(options, post, code);
  };
}
