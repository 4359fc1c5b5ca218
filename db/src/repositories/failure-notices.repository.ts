// Failure notices and the per-user email window (issue 13; migration 2026-11-25T01-00). A user
// gets at most one failure email per window: the first failure is emailed at once; the ones
// after it wait until the window ends and go out together. Every decision happens with the
// user's failure_email_windows row locked (FOR UPDATE), so two workers failing the same user's
// posts at the same moment queue one email, not two.

import type { Platform } from '@pauta/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema.js';

export interface FailureNotice {
  post_id: string;
  post_title: string;
  platform: Platform;
  scheduled_for: Date;
  error_code: string;
  /** The network's pt-BR explanation; null: core's message of error_code. */
  error_message: string | null;
  created_at: Date;
}

export interface FailureWindowOptions {
  now: Date;
  windowMs: number;
}

/** Locks (creating it if needed) the user's window row; returns when the last email went out. */
async function lockWindow(trx: Transaction<Database>, userId: string): Promise<Date> {
  await trx
    .insertInto('failure_email_windows')
    .values({ user_id: userId, last_sent_at: new Date(0) })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await trx
    .selectFrom('failure_email_windows')
    .select('last_sent_at')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return row.last_sent_at;
}

/**
 * With the window row locked: when the window has ended, marks every pending notice of the user
 * as emailed, starts a new window and returns them (oldest first); otherwise returns [].
 */
export async function takeDueFailureNotices(
  trx: Transaction<Database>,
  userId: string,
  options: FailureWindowOptions,
): Promise<FailureNotice[]> {
  const lastSentAt = await lockWindow(trx, userId);
  if (lastSentAt.getTime() > options.now.getTime() - options.windowMs) return [];
  const notices = await trx
    .updateTable('failure_notices')
    .set({ emailed_at: options.now })
    .where('user_id', '=', userId)
    .where('emailed_at', 'is', null)
    .returning([
      'post_id',
      'post_title',
      'platform',
      'scheduled_for',
      'error_code',
      'error_message',
      'created_at',
    ])
    .execute();
  if (notices.length === 0) return [];
  await trx
    .updateTable('failure_email_windows')
    .set({ last_sent_at: options.now })
    .where('user_id', '=', userId)
    .execute();
  return notices.sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime() || a.post_id.localeCompare(b.post_id),
  );
}

/**
 * Records a failure notice; returns the notices to email now (this one, plus any left from an
 * earlier window) when the user's window has ended, or [] when it waits for the digest.
 */
export async function recordFailureNotice(
  trx: Transaction<Database>,
  /** `user_id`: who is told (an owner of the post's workspace); `workspace_id`: the post's. */
  notice: Omit<FailureNotice, 'created_at'> & { user_id: string; workspace_id?: string },
  options: FailureWindowOptions,
): Promise<FailureNotice[]> {
  await trx
    .insertInto('failure_notices')
    .values({ ...notice, created_at: options.now })
    .execute();
  return takeDueFailureNotices(trx, notice.user_id, options);
}

/** Users with notices waiting whose window has ended (the digest sweep's work list). */
export async function usersWithDueFailureNotices(
  db: Kysely<Database>,
  options: FailureWindowOptions & { limit: number },
): Promise<string[]> {
  const cutoff = new Date(options.now.getTime() - options.windowMs);
  const rows = await db
    .selectFrom('failure_notices as n')
    .leftJoin('failure_email_windows as w', 'w.user_id', 'n.user_id')
    .select('n.user_id')
    .distinct()
    .where('n.emailed_at', 'is', null)
    .where((eb) => eb.or([eb('w.last_sent_at', 'is', null), eb('w.last_sent_at', '<=', cutoff)]))
    .limit(options.limit)
    .execute();
  return rows.map((r) => r.user_id);
}
