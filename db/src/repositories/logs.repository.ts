// Logs de Publicação (admin): every publishing attempt, newest first, with the owner's name and
// email from ONE joined query (the spec's per-row profile lookup is an N+1) and an exact total.

import type { Platform, PublishingLogStatus } from '@pauta/core';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database, PublishingLogsTable } from '../schema.js';

export interface PublishingLogFilter {
  status?: PublishingLogStatus | undefined;
  platform?: Platform | undefined;
  userId?: string | undefined;
  /** attempted_at >= from */
  from?: Date | undefined;
  /** attempted_at < before */
  before?: Date | undefined;
}

export interface PublishingLogRow {
  id: string;
  user_id: string | null;
  status: PublishingLogStatus;
  title: string;
  platform: Platform;
  scheduled_for: Date | null;
  attempted_at: Date;
  attempt: number;
  platform_post_id: string | null;
  error_message: string | null;
  error_location: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

type LogsBuilder = ExpressionBuilder<Database & { l: PublishingLogsTable }, 'l'>;

function matches(eb: LogsBuilder, filter: PublishingLogFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.status !== undefined) conditions.push(eb('l.status', '=', filter.status));
  if (filter.platform !== undefined) conditions.push(eb('l.platform', '=', filter.platform));
  if (filter.userId !== undefined) conditions.push(eb('l.user_id', '=', filter.userId));
  if (filter.from !== undefined) conditions.push(eb('l.attempted_at', '>=', filter.from));
  if (filter.before !== undefined) conditions.push(eb('l.attempted_at', '<', filter.before));
  return eb.and(conditions);
}

/** One page (offset/limit) of the logs matching the filter, attempted_at descending, plus the exact total. */
export async function listPublishingLogs(
  db: Kysely<Database>,
  options: { filter: PublishingLogFilter; offset: number; limit: number },
): Promise<{ rows: PublishingLogRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('publishing_logs as l')
      .leftJoin('profiles as p', 'p.id', 'l.user_id')
      .select([
        'l.id',
        'l.user_id',
        'l.status',
        'l.title',
        'l.platform',
        'l.scheduled_for',
        'l.attempted_at',
        'l.attempt',
        'l.platform_post_id',
        'l.error_message',
        'l.error_location',
        'p.first_name',
        'p.last_name',
        'p.email',
      ])
      .where((eb) => matches(eb, options.filter))
      .orderBy('l.attempted_at', 'desc')
      .orderBy('l.id', 'desc')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    db
      .selectFrom('publishing_logs as l')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => matches(eb, options.filter))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
