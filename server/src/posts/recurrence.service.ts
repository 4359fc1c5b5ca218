// Editar Post → "Repetir" (docs/recurring-posts.md): set or change a post's repetition, and
// "Parar repetição". The rule is validated by core's recurrenceRuleSchema (the router's input);
// here the rules that need the post: it must still be editable, a count rule cannot go below the
// occurrences already made, a stop date cannot be in the past (the workspace's zone: the series'
// dates are the workspace's, like its posting queue). Both actions are idempotent: the same request
// again leaves the same state.
import { AppError, MAX_RECURRENCE_UNTIL_DAYS, type RecurrenceRule, utcToZonedParts } from '@pauta/core';
import { setPostRecurrence, stopPostSeries } from '@pauta/db';
import { queueTimeZone } from '../posting-queue/posting-queue.service.js';
import type { PostItem, PostsDeps } from './posts.service.js';
import { getPost } from './posts.service.js';

function isoDay(date: Date, timeZone: string): string {
  const p = utcToZonedParts(date, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

export async function setRecurrence(
  deps: Pick<PostsDeps, 'db' | 'now'>,
  input: { workspaceId: string; userId: string; postId: string; rule: RecurrenceRule },
): Promise<PostItem> {
  const now = deps.now?.() ?? new Date();
  // The workspace's zone (workspaces.timezone, else its first owner's; docs/posting-queue.md), not
  // the person's: a series saved by an editor abroad still repeats at the workspace's local time.
  const timeZone = await queueTimeZone(deps.db, input.workspaceId);
  if (input.rule.untilDate !== null) {
    if (input.rule.untilDate < isoDay(now, timeZone))
      throw new AppError('VALIDATION_FAILED', { field: 'untilDate', reason: 'PAST' });
    if (
      input.rule.untilDate >
      isoDay(new Date(now.getTime() + MAX_RECURRENCE_UNTIL_DAYS * 86_400_000), timeZone)
    )
      throw new AppError('VALIDATION_FAILED', { field: 'untilDate', reason: 'INVALID_VALUE' });
  }
  const result = await setPostRecurrence(deps.db, { ...input, timeZone });
  switch (result.kind) {
    case 'not_found':
      throw new AppError('NOT_FOUND');
    case 'not_editable':
      throw new AppError('CONFLICT');
    case 'too_few':
      throw new AppError('VALIDATION_FAILED', { field: 'maxOccurrences', min: result.occurrence });
    default:
      return getPost(deps, input.workspaceId, input.postId);
  }
}

export async function stopRecurrence(
  deps: Pick<PostsDeps, 'db'>,
  input: { workspaceId: string; postId: string },
): Promise<PostItem> {
  if (!(await stopPostSeries(deps.db, input))) throw new AppError('NOT_FOUND');
  return getPost(deps, input.workspaceId, input.postId);
}
