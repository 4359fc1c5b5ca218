import type { Database } from '@pauta/db';
import type { Kysely } from 'kysely';
import type { RoleService } from './auth/roles.js';
import type { ServerEnv } from './env.js';
import type { Logger } from './logger.js';
import type { QueueGateway } from './queue/queue-gateway.js';
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
  /** True when the social networks are the local sandbox (shows the Sandbox badge). */
  sandbox: boolean;
  /** Folder with the built client (index.html); absent in API-only tests. */
  clientDist?: string;
  /** Overrides of the idempotency timings (tests); production uses the defaults. */
  idempotency?: Partial<IdempotencyOptions>;
}
