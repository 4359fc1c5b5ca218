// The reconciler (every minute): makes Redis loss harmless. PostgreSQL says which posts are due;
// their wake-ups are re-added (duplicates are no-ops), claims that never sent go back to
// scheduled, claims that may have sent are flagged, and posts a day late are marked missed (W4).

import { MISSED_AFTER_MS, publishErrorMessages } from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import { type Database, flagUnknownOutcomes, listDuePosts, markMissed, resetStaleClaims } from '@pauta/db';
import type { Kysely } from 'kysely';
import { flagAndNotifyOverdueApprovals } from './approval-overdue.js';

export interface ReconcileDeps {
  db: Kysely<Database>;
  enqueue(wakeUps: WakeUp[]): Promise<void>;
  now(): Date;
  /** How long a claim may sit in 'publishing' before it is considered abandoned. */
  staleClaimMs: number;
  /** How far ahead due posts are (re-)enqueued. */
  lookAheadMs: number;
  /** APP_URL, for the link in the approval-overdue email (docs/approval.md). */
  appUrl?: string;
}

export interface ReconcileReport {
  enqueued: number;
  resetClaims: number;
  flagged: number;
  missed: number;
  /** Unapproved posts whose time came, flagged (and their owners told) in this pass. */
  approvalOverdue: number;
}

export async function reconcile(deps: ReconcileDeps): Promise<ReconcileReport> {
  const now = deps.now().getTime();
  const missed = await markMissed(deps.db, {
    dueBefore: new Date(now - MISSED_AFTER_MS),
    code: 'MISSED',
    detail: publishErrorMessages.MISSED,
    location: 'worker: reconciliador',
  });
  // Claims are aged on PostgreSQL's clock (the one that stamped them), so a skewed worker clock
  // can never make a live claim look stale. Why each repair is safe: docs/publishing.md.
  const reset = await resetStaleClaims(deps.db, deps.staleClaimMs);
  const flagged = await flagUnknownOutcomes(deps.db, {
    staleMs: deps.staleClaimMs,
    code: 'UNKNOWN_OUTCOME',
    detail: `${publishErrorMessages.UNKNOWN_OUTCOME} (o worker parou durante o envio)`,
    location: 'worker: reconciliador',
  });
  const due = await listDuePosts(deps.db, new Date(now + deps.lookAheadMs));
  if (due.length) await deps.enqueue(due);
  // Unapproved posts are not in the due list (they would be re-enqueued forever): flagged once,
  // with a notice to the owner (docs/approval.md). Last, so that a failure here never holds up
  // the repairs and wake-ups above.
  const approvalOverdue = await flagAndNotifyOverdueApprovals({
    db: deps.db,
    appUrl: deps.appUrl ?? 'http://localhost:3000',
    now: deps.now,
  });
  return { enqueued: due.length, resetClaims: reset.length, flagged, missed, approvalOverdue };
}
