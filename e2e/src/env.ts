// The app of the pool slot this e2e file runs in. The global set-up (global-setup.ts) starts one
// Pauta per slot — its own port, database, Redis prefix, sandbox networks, SMTP server and mail
// folder, data folder — and Vitest runs at most one file at a time in a slot (VITEST_POOL_ID,
// 1…maxWorkers): a file therefore never sees the rows, admin settings, sandbox records or mails of
// the file running beside it. Every e2e file reaches its app through e2eEnv() (docs/testing.md).
import { inject } from 'vitest';

/** One slot's app and the servers around it. */
export interface E2eSlot {
  /** The app (web + worker, embedded mode), e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** The slot's sandbox networks (`/__sandbox/...` control endpoints). */
  sandboxUrl: string;
  /** The slot's own PostgreSQL database. */
  databaseUrl: string;
  /** The Redis key prefix of the slot's app (its queues). */
  redisPrefix: string;
  /** Folder where the slot's SMTP server writes every message it receives (one .eml each). */
  mailDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One app per pool slot: e2eSlots[VITEST_POOL_ID - 1] (use e2eEnv()). `baseUrl`, `sandboxUrl`,
     * `databaseUrl` and `mailDir` are not provided on their own: an `e2eEnv().baseUrl` fails the
     * type check instead of reaching another slot's app.
     */
    e2eSlots: E2eSlot[];
  }
}

/** The app of this file's pool slot. */
export function e2eEnv(): E2eSlot {
  const slots = inject('e2eSlots');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  // A project that runs its files one at a time has a single app, whatever slot id the pool gives.
  if (slots.length === 1) return slots[0]!;
  const env = slots[slot - 1];
  if (!env) {
    throw new Error(
      `VITEST_POOL_ID=${process.env.VITEST_POOL_ID}: o set-up do e2e preparou ${slots.length} apps`,
    );
  }
  return env;
}
