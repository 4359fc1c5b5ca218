import type { Database } from '@pauta/db';
import type { Kysely } from 'kysely';
import type { RoleService } from './auth/roles.js';
import type { MemoryCache } from './cache/memory-cache.js';
import type { LocalMailbox } from './email/local-mailbox.js';
import type { ServerEnv } from './env.js';
import type { LiveHub } from './live/live-hub.js';
import type { Logger } from './logger.js';
import type { MediaDeps } from './media/media.service.js';
import type { QueueGateway } from './queue/queue-gateway.js';
import type { ReportRunner } from './reports/report-runner.js';
import type { DraftGenerator } from './themes/drafts.js';
import type { IdempotencyOptions } from './trpc/idempotency.js';

/** Everything a request handler may use; built once per process (or per test). */
export interface AppDeps {
  db: Kysely<Database>;
  env: ServerEnv;
  logger: Logger;
  queue: QueueGateway;
  roles: RoleService;
  drafts: DraftGenerator;
  /** The Redis the queues use (embedded mode may start its own); the Diagnóstico checks it. */
  redisUrl?: string | null;
  /** True when the social networks are the local sandbox (shows the Sandbox badge). */
  sandbox: boolean;
  /** Folder with the built client (index.html); absent in API-only tests. */
  clientDist?: string;
  /** Live updates (docs/live-updates.md); absent in tests that do not use them. */
  live?: LiveHub;
  /** Embedded mode without SMTP only: the in-memory mailbox every email goes to (/dev/mailbox). */
  localMailbox?: LocalMailbox;
  /** Images of posts (docs/media.md): storage, URL signing, the sweeper's kick. Absent: no image routes. */
  media?: MediaDeps;
  /** Client reports made in the background (docs/reports.md "Generation"); absent: rows stay queued here. */
  reports?: ReportRunner;
  /** Sessions kept in memory, dropped on PostgreSQL's notices (auth/session-cache.ts); absent: none. */
  cache?: MemoryCache;
  /** Overrides of the idempotency timings (tests); production uses the defaults. */
  idempotency?: Partial<IdempotencyOptions>;
}

/** What sending an email needs (the local mailbox, when there is one, replaces SMTP). */
export type EmailDeps = Pick<AppDeps, 'db' | 'env' | 'logger'> & Partial<Pick<AppDeps, 'localMailbox'>>;
