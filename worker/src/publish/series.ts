// Recurring posts (docs/recurring-posts.md): after a publication of a series' occurrence, its next
// occurrence — or the end of the series when the stop rule says so. Called by the publish job right
// after its completion (one post) and by every reconciler pass (all published occurrences still
// without a successor: a worker that crashed between its completion and this, a publication the
// outcome resolver confirmed). Exactly once whoever runs it: insertNextOccurrence is one fenced
// conditional INSERT with UNIQUE (series_id, series_occurrence); its result says whether this
// caller's row was the one, and only that caller enqueues the wake-up.
import { nextOccurrence, noTextVariationMessage, PLATFORM_LABELS, PublishErrorCode } from '@pauta/core';
import type { WakeUp } from '@pauta/core/schemas/jobs';
import { type Database, endSeries, findSeriesContinuations, insertNextOccurrence } from '@pauta/db';
import { refusesDuplicateText } from '@pauta/networks';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';
import type { WriteVariation } from './variation.js';

export interface SeriesDeps {
  db: Kysely<Database>;
  logger: Logger;
  now(): Date;
  writeVariation: WriteVariation;
  enqueue(wakeUps: WakeUp[]): Promise<void>;
}

export interface SeriesReport {
  /** Occurrences this call created (scheduled or refused). */
  created: number;
  /** Of those, refused for want of a text variation. */
  refused: number;
  /** Series whose stop rule was reached in this call. */
  ended: number;
}

/** Continues the series of `postId` (the publish job) or of up to `limit` posts (the reconciler). */
export async function continueSeries(
  deps: SeriesDeps,
  options: { postId?: string; limit?: number },
): Promise<SeriesReport> {
  const report: SeriesReport = { created: 0, refused: 0, ended: 0 };
  const rows = await findSeriesContinuations(deps.db, options);
  for (const row of rows) {
    const log = deps.logger.child({ postId: row.postId, seriesId: row.seriesId, platform: row.platform });
    const next = nextOccurrence(
      {
        kind: row.series.kind,
        interval: row.series.interval,
        maxOccurrences: row.series.maxOccurrences,
        untilDate: row.series.untilDate,
        timeZone: row.series.timeZone,
      },
      {
        occurrence: row.occurrence,
        scheduledFor: row.scheduledFor,
        publishedAt: row.publishedAt,
        now: deps.now(),
      },
    );
    if (next.kind === 'ended') {
      if (await endSeries(deps.db, row.seriesId)) {
        report.ended += 1;
        log.info({ reason: next.reason, occurrence: row.occurrence }, 'repetição concluída');
      }
      continue;
    }
    let content = row.content;
    let refused: { code: string; message: string } | null = null;
    if (refusesDuplicateText(row.platform)) {
      const variation = await deps.writeVariation({
        text: row.content,
        platform: row.platform,
        occurrence: next.occurrence,
        themeName: row.themeName,
      });
      if (variation === null)
        refused = {
          code: PublishErrorCode.NO_TEXT_VARIATION,
          message: noTextVariationMessage(PLATFORM_LABELS[row.platform]),
        };
      else content = variation;
    }
    const inserted = await insertNextOccurrence(deps.db, {
      sourcePostId: row.postId,
      occurrence: next.occurrence,
      scheduledFor: next.at,
      content,
      refused,
    });
    if (inserted === null) {
      // Another worker or reconciler pass made it, or the owner stopped the series meanwhile.
      log.debug({ occurrence: next.occurrence }, 'próxima repetição já existe; nada a fazer');
      continue;
    }
    report.created += 1;
    if (refused !== null) {
      report.refused += 1;
      log.warn(
        { occurrence: next.occurrence, nextPostId: inserted.id },
        'repetição sem variação de texto: não agendada',
      );
      continue;
    }
    log.info(
      { occurrence: next.occurrence, nextPostId: inserted.id, at: next.at },
      'próxima repetição criada',
    );
    await deps.enqueue([
      {
        id: inserted.id,
        version: inserted.version,
        scheduled_for: inserted.scheduledFor,
        platform: inserted.platform,
      },
    ]);
  }
  return report;
}
