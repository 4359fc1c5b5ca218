// Approval before publishing (docs/approval.md): a post of a theme that requires approval whose
// time came while unapproved is not published (the claim refuses it) and not re-enqueued (the
// reconciler's due list skips it). This pass flags it once per scheduled time and tells its owner:
// in the app (the flag's trigger writes a live event, shown as a toast and on the board) and by
// email (the failure notice machinery: the first at once, the rest in the 15-minute digest).
// The flag and the notice commit together, and the flag is a conditional UPDATE with the rows
// locked (SKIP LOCKED), so two workers' reconcilers notify each post exactly once.
import { publishErrorMessages, SETTING_KEYS } from '@pauta/core';
import { type Database, flagOverdueApprovals, getBooleanSetting } from '@pauta/db';
import type { Kysely } from 'kysely';
import { type FailureNotifierOptions, recordNoticeWithin } from '../publish/notify.js';

export interface ApprovalOverdueDeps {
  db: Kysely<Database>;
  /** Public address of the app (APP_URL), for the email's link. */
  appUrl: string;
  now?: () => Date;
  windowMs?: number;
}

/** Flags and notifies; returns how many posts were flagged in this pass. */
export async function flagAndNotifyOverdueApprovals(deps: ApprovalOverdueDeps): Promise<number> {
  const emails = await getBooleanSetting(deps.db, SETTING_KEYS.emailNotificationsEnabled, true);
  let total = 0;
  for (;;) {
    const flagged = await deps.db.transaction().execute(async (trx) => {
      const posts = await flagOverdueApprovals(trx, 200);
      if (emails) {
        const options: FailureNotifierOptions = { ...deps, db: trx };
        // One workspace's owners' window rows at a time, in workspace order: two passes never wait
        // on each other in a cycle.
        const byUser = [...posts].sort(
          (a, b) => a.workspace_id.localeCompare(b.workspace_id) || a.id.localeCompare(b.id),
        );
        for (const post of byUser) {
          await recordNoticeWithin(
            trx,
            options,
            post,
            'APPROVAL_OVERDUE',
            publishErrorMessages.APPROVAL_OVERDUE,
          );
        }
      }
      return posts.length;
    });
    total += flagged;
    if (flagged < 200) return total;
  }
}
