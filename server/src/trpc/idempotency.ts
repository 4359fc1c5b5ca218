// Idempotent mutations (issue 11, item 4; docs/idempotency.md). Every mutation carries an
// Idempotency-Key, one per user action. The first request with a key claims it in PostgreSQL
// (a unique constraint, so it holds across web processes) and runs; a replay with the same key
// and the same input gets the stored result and changes nothing; the same key with other input is
// refused; a duplicate that arrives while the first still runs waits for its result. A failed
// attempt gives the key back, so a genuine retry runs again.
import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import { AppError, CanonicalJsonDepthError, canonicalJson } from '@pauta/core';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type ExistingIdempotencyKey,
  type Keyring,
  purgeExpiredIdempotencyKeys,
  releaseIdempotencyKey,
} from '@pauta/db';
import superjson from 'superjson';
import type { AppDeps } from '../deps.js';
import type { Logger } from '../logger.js';
import { startPeriodic } from '../ops/periodic.js';
import { serializeOutput } from './transformer.js';

/** The request header that carries the key (IETF draft-ietf-httpapi-idempotency-key-header). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A client-made random value: a UUID, or any 16–128 URL-safe characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

export interface IdempotencyOptions {
  /** How long a key (and its stored result) lives. */
  ttlMs: number;
  /** How long a duplicate waits for the first request before answering REQUEST_IN_PROGRESS. */
  waitMs: number;
  /**
   * Past this age an unfinished key belongs to a request that died (process crash): its effect
   * may or may not have happened, so a retry is told ACTION_OUTCOME_UNKNOWN, never re-run.
   */
  leaseMs: number;
}

export const IDEMPOTENCY_DEFAULTS: IdempotencyOptions = {
  ttlMs: 24 * 60 * 60 * 1000,
  waitMs: 10_000,
  leaseMs: 2 * 60 * 1000,
};

/** The defaults, a lease long enough for the slowest mutation (AI drafting), and test overrides. */
export function idempotencyOptions(deps: Pick<AppDeps, 'env' | 'idempotency'>): IdempotencyOptions {
  const leaseMs = Math.max(IDEMPOTENCY_DEFAULTS.leaseMs, 2 * deps.env.ANTHROPIC_TIMEOUT_MS);
  return { ...IDEMPOTENCY_DEFAULTS, leaseMs, ...deps.idempotency };
}

/** The HMAC key derived from each TOKEN_ENCRYPTION_KEYS key, derived once. */
const subkeys = new WeakMap<Buffer, Buffer>();

/**
 * HMAC-SHA256 of procedure + canonicalJson(input) — the raw input, before validation: it never
 * throws on odd keys (`__proto__`) or types, only past 64 levels of nesting — under a key derived from TOKEN_ENCRYPTION_KEYS: the input of a
 * sign-up or a password reset holds a password, which must not sit in the database as a fast,
 * unkeyed hash. `keyId:hex`, so a fingerprint made before a key rotation is still checked.
 */
function fingerprintWith(keyId: string, secret: Buffer, procedure: string, input: unknown): string {
  let subkey = subkeys.get(secret);
  if (!subkey) {
    subkey = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'pauta idempotency fingerprint', 32));
    subkeys.set(secret, subkey);
  }
  const mac = createHmac('sha256', subkey)
    .update(procedure)
    .update('\n')
    .update(canonicalJson(input))
    .digest('hex');
  return `${keyId}:${mac}`;
}

export function fingerprintOf(keyring: Keyring, procedure: string, input: unknown): string {
  const secret = keyring.keys.get(keyring.activeKeyId);
  if (!secret) throw new Error('chave ativa ausente');
  return fingerprintWith(keyring.activeKeyId, secret, procedure, input);
}

export function sameFingerprint(
  keyring: Keyring,
  stored: string,
  procedure: string,
  input: unknown,
): boolean {
  const keyId = stored.slice(0, stored.indexOf(':'));
  const secret = keyring.keys.get(keyId);
  if (!secret) return false;
  const expected = Buffer.from(fingerprintWith(keyId, secret, procedure, input));
  const actual = Buffer.from(stored);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface IdempotentCall {
  deps: Pick<AppDeps, 'db' | 'env' | 'logger' | 'idempotency'>;
  userId: string | null;
  key: string | null | undefined;
  procedure: string;
  rawInput: unknown;
  requestId: string;
  /** Runs the procedure once: ok with its result, or not ok (the caller passes its error on). */
  run: () => Promise<{ ok: true; data: unknown } | { ok: false }>;
}

export type IdempotentOutcome = { replayed: true; data: unknown } | { replayed: false };

/**
 * Claims the key and runs the procedure once, or hands back the stored result of the request that
 * ran it. Throws the coded errors of docs/idempotency.md for a missing key, a key reused for other
 * input, a duplicate still running after `waitMs`, and an unfinished key past its lease.
 */
export async function runIdempotent(call: IdempotentCall): Promise<IdempotentOutcome> {
  const { deps, key, procedure, rawInput } = call;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
  const options = idempotencyOptions(deps);
  const scope = { userId: call.userId, key };
  const claimId = randomUUID();
  let fingerprint: string;
  try {
    fingerprint = fingerprintOf(deps.env.keyring, procedure, rawInput);
  } catch (error) {
    // Nested deeper than any input of the router: bad input, before validation sees it.
    if (error instanceof CanonicalJsonDepthError) throw new AppError('VALIDATION_FAILED');
    throw error;
  }
  const deadline = Date.now() + options.waitMs;
  let pause = 20;
  for (;;) {
    const claim = await claimIdempotencyKey(deps.db, {
      ...scope,
      procedure,
      fingerprint,
      claimId,
      ttlMs: options.ttlMs,
    });
    if (claim.claimed) break;
    const existing: ExistingIdempotencyKey | null = claim.existing;
    if (existing) {
      if (
        existing.procedure !== procedure ||
        !sameFingerprint(deps.env.keyring, existing.fingerprint, procedure, rawInput)
      )
        throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (existing.state === 'done') {
        deps.logger.info({ procedure, requestId: call.requestId }, 'ação repetida: resultado já registrado');
        return {
          replayed: true,
          data: superjson.deserialize(existing.response as Parameters<typeof superjson.deserialize>[0]),
        };
      }
      if (existing.ageMs > options.leaseMs) throw new AppError('ACTION_OUTCOME_UNKNOWN');
      if (Date.now() >= deadline) throw new AppError('REQUEST_IN_PROGRESS');
    }
    // The first request is still running (or has just given the key back): look again shortly.
    await sleep(pause);
    pause = Math.min(pause * 2, 250);
  }

  const result = await call.run();
  const fenced = { ...scope, claimId };
  try {
    const kept = result.ok
      ? await completeIdempotencyKey(deps.db, { ...fenced, response: serializeOutput(result.data) })
      : await releaseIdempotencyKey(deps.db, fenced);
    if (!kept)
      deps.logger.warn(
        { procedure, requestId: call.requestId },
        'chave de idempotência perdida antes do fim',
      );
  } catch (error) {
    // The action is done (or failed) already and its answer goes back to the caller. The key
    // stays "in progress": a retry waits, then is told the outcome is unknown — never re-run.
    deps.logger.error(
      { err: error, procedure, requestId: call.requestId },
      'falha ao registrar a chave de idempotência',
    );
  }
  return { replayed: false };
}

/** Deletes expired keys every `intervalMs` (and once at start); several web processes may run it. */
export function startIdempotencyPurge(
  deps: { db: AppDeps['db']; logger: Logger },
  intervalMs = 10 * 60 * 1000,
): { stop(): Promise<void> } {
  const purge = async () => {
    let deleted = 0;
    for (;;) {
      const n = await purgeExpiredIdempotencyKeys(deps.db);
      deleted += n;
      if (n < 1000) break;
    }
    if (deleted) deps.logger.debug({ deleted }, 'chaves de idempotência expiradas apagadas');
  };
  return startPeriodic(purge, {
    intervalMs,
    logger: deps.logger,
    failure: 'falha ao apagar chaves de idempotência expiradas',
    runNow: true,
  });
}
