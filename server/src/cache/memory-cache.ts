// Sessions and system settings in memory (issue 12; docs/performance.md "Sessions and settings in
// memory"). Every signed-in request used to read its session from PostgreSQL — a third of the
// statements of the web under load — and every save of a post the budgets setting. A web process
// now keeps the rows it has read, and PostgreSQL tells every process, in the transaction that
// makes a copy wrong, to drop it (migration 2026-11-28T00-00-cache-invalidation: `session:<id>`
// when a session is deleted, `user:<id>` when its email or time zone changes, `setting:<key>`
// when an administrator changes a setting, `member:<workspaceId>:<userId>` when a workspace
// membership is added, changed or removed — migration 2026-11-29T00-00-workspaces).
//
// The rules that keep a copy from outliving what it copies:
// - Nothing is cached unless the notices are being received: before LISTEN is active, and from the
//   moment the connection is lost until it is back, every lookup goes to PostgreSQL (and the copies
//   of before are dropped, since the notices of the gap are lost).
// - A row read from PostgreSQL is kept only if no notice arrived while it was being read (the
//   generation did not move): a read that began before a sign-out committed and ended after its
//   notice must not bring the deleted session back.
// - Each copy lives at most TTL_MS, however quiet the channel.
// - The process that deletes a session drops its own copy at once, not when the notice comes back.
// The secret is still compared, the idle and absolute limits still checked, on every request.
import type { DbHandle, Listener, SessionRow } from '@pauta/db';
import type { Logger } from '../logger.js';

export const CACHE_CHANNEL = 'pauta_cache';
/** The longest a copy is used, even with no notice at all. */
const TTL_MS = 30_000;
/** Copies kept at most; the oldest go first. */
const MAX_ENTRIES = 20_000;

export interface MemoryCache {
  /** A system setting read through `load`, or its live copy (same rules as sessions). */
  setting<T>(key: string, load: () => Promise<T>, now?: number): Promise<T>;
  /**
   * A person's membership of a workspace read through `load` (`key`: `<workspaceId>:<userId>`, or
   * `default:<userId>` for their default workspace), or its live copy. Only a membership found is
   * kept; `member:<workspaceId>:<userId>` (any change of that row) drops both keys of the person.
   */
  membership<T extends object>(
    key: string,
    load: () => Promise<T | undefined>,
    now?: number,
  ): Promise<T | undefined>;
  /** The cached row of a session, if the cache is live and the copy is fresh. */
  get(id: string, now?: number): SessionRow | undefined;
  /** Taken before reading PostgreSQL; `put` keeps the row only if nothing was invalidated since. */
  ticket(): number;
  put(id: string, row: SessionRow, ticket: number, now?: number): void;
  /** Drops one session's copy (this process deleted it). */
  evict(id: string): void;
  /** Applies one notice of the channel. */
  apply(payload: string): void;
  /** Whether copies are used: the notices are being received. */
  setLive(live: boolean): void;
  readonly size: number;
}

export function createMemoryCache(): MemoryCache {
  const entries = new Map<string, { row: SessionRow; at: number }>();
  const settings = new Map<string, { value: unknown; at: number }>();
  const memberships = new Map<string, { value: object; at: number }>();
  let generation = 0;
  let live = false;
  const invalidate = () => {
    generation++;
  };
  return {
    async setting<T>(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
      const entry = live ? settings.get(key) : undefined;
      if (entry && now - entry.at < TTL_MS) return entry.value as T;
      const ticket = generation;
      const value = await load();
      if (live && ticket === generation) settings.set(key, { value, at: now });
      return value;
    },
    async membership<T extends object>(
      key: string,
      load: () => Promise<T | undefined>,
      now = Date.now(),
    ): Promise<T | undefined> {
      const entry = live ? memberships.get(key) : undefined;
      if (entry && now - entry.at < TTL_MS) return entry.value as T;
      const ticket = generation;
      const value = await load();
      if (value && live && ticket === generation) {
        memberships.delete(key);
        memberships.set(key, { value, at: now });
        if (memberships.size > MAX_ENTRIES) {
          const oldest = memberships.keys().next().value;
          if (oldest !== undefined) memberships.delete(oldest);
        }
      }
      return value;
    },
    get(id, now = Date.now()) {
      if (!live) return undefined;
      const entry = entries.get(id);
      if (!entry) return undefined;
      if (now - entry.at >= TTL_MS) {
        entries.delete(id);
        return undefined;
      }
      return entry.row;
    },
    ticket: () => generation,
    put(id, row, ticket, now = Date.now()) {
      if (!live || ticket !== generation) return;
      entries.delete(id);
      entries.set(id, { row, at: now });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    evict(id) {
      invalidate();
      entries.delete(id);
    },
    apply(payload) {
      const colon = payload.indexOf(':');
      const kind = payload.slice(0, colon);
      const id = payload.slice(colon + 1);
      if (kind === 'session') {
        invalidate();
        entries.delete(id);
      } else if (kind === 'user') {
        invalidate();
        for (const [key, entry] of entries) if (entry.row.user_id === id) entries.delete(key);
      } else if (kind === 'setting') {
        invalidate();
        settings.delete(id);
      } else if (kind === 'member') {
        // `<workspaceId>:<userId>`: that membership and the person's default workspace.
        invalidate();
        const userId = id.slice(id.indexOf(':') + 1);
        memberships.delete(id);
        memberships.delete(`default:${userId}`);
      }
    },
    setLive(value) {
      invalidate();
      live = value;
      if (!value) {
        entries.clear();
        settings.clear();
        memberships.clear();
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/** The cache of a web process, fed by LISTEN on `pauta_cache`; without LISTEN it caches nothing. */
export async function startMemoryCache(options: {
  listen: DbHandle['listen'];
  logger: Logger;
}): Promise<{ cache: MemoryCache; close(): Promise<void> }> {
  const cache = createMemoryCache();
  let listener: Listener | null = null;
  try {
    listener = await options.listen(CACHE_CHANNEL, {
      onMessage: (payload) => cache.apply(payload),
      onDisconnect: () => cache.setLive(false),
      onReconnect: () => cache.setLive(true),
      onError: (error) =>
        options.logger.warn({ err: error }, 'LISTEN do cache caiu; sessões e configurações lidas do banco'),
    });
    cache.setLive(true);
  } catch (error) {
    options.logger.warn(
      { err: error },
      'sem LISTEN do cache: sessões e configurações lidas do banco a cada uso',
    );
  }
  return {
    cache,
    close: async () => {
      cache.setLive(false);
      await listener?.close();
    },
  };
}
