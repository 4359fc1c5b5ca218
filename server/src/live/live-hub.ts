// The web process's end of live updates (docs/live-updates.md). One LISTEN per process on
// PostgreSQL's `pauta_live` channel (the trigger of migration 2026-11-25T00-00-live-events
// notifies it on commit, whichever process made the change), fanned out to this process's open
// subscriptions: the events of the stream's workspace, or everyone's for an administrator's logs screen. Works
// the same behind a load balancer with any number of web processes: each listens for itself.
import { LIVE_CHANNEL, type LiveEvent, type LiveMessage, liveEventSchema } from '@pauta/core';
import { type Database, type DbHandle, type Listener, purgeLiveEvents } from '@pauta/db';
import type { Kysely } from 'kysely';
import type { Logger } from '../logger.js';

/** Events a slow browser may have queued before it is told to refetch instead. */
const MAX_QUEUED = 500;
/** How long events are kept for replay; a browser away longer refetches everything. */
export const LIVE_EVENTS_KEEP_MS = 24 * 3_600_000;
const PURGE_EVERY_MS = 3_600_000;

export interface LiveSubscriber extends AsyncIterable<LiveMessage> {
  close(): void;
}

export interface LiveHub {
  /** Starts buffering this process's live messages for one stream (its workspace's events, or all). */
  subscribe(filter: { workspaceId: string; all: boolean }): LiveSubscriber;
  /** Open streams in this process (metrics, tests). */
  size(): number;
  close(): Promise<void>;
}

class Subscriber implements LiveSubscriber {
  private queue: LiveMessage[] = [];
  private wake: (() => void) | null = null;
  private closed = false;

  constructor(
    readonly filter: { workspaceId: string; all: boolean },
    private readonly onClose: (s: Subscriber) => void,
  ) {}

  push(message: LiveMessage): void {
    if (this.closed) return;
    if (this.queue.length >= MAX_QUEUED) this.queue = [{ type: 'resync' }];
    else this.queue.push(message);
    this.wake?.();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose(this);
    this.wake?.();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<LiveMessage> {
    while (!this.closed) {
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = null;
    }
  }
}

export function parseLiveEvent(payload: string): LiveEvent | null {
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function startLiveHub(options: {
  db: Kysely<Database>;
  listen: DbHandle['listen'];
  logger: Logger;
}): Promise<LiveHub> {
  const subscribers = new Set<Subscriber>();
  const deliver = (event: LiveEvent) => {
    for (const s of subscribers) {
      if (s.filter.all || s.filter.workspaceId === event.workspaceId)
        s.push({ type: 'event', event, replayed: false });
    }
  };
  let listener: Listener | null = null;
  try {
    listener = await options.listen(LIVE_CHANNEL, {
      onMessage(payload) {
        const event = parseLiveEvent(payload);
        if (event) deliver(event);
        else options.logger.warn('evento ao vivo com formato inválido ignorado');
      },
      onReconnect() {
        // Notifications sent while the connection was down are gone: every screen refetches.
        options.logger.info('LISTEN restabelecido: as telas abertas recarregam seus dados');
        for (const s of subscribers) s.push({ type: 'resync' });
      },
      onError(error) {
        options.logger.warn({ err: error }, 'conexão LISTEN das atualizações ao vivo caiu; reconectando');
      },
    });
  } catch (error) {
    // The app still works without live updates (screens show fresh data on navigation).
    options.logger.error({ err: error }, 'atualizações ao vivo indisponíveis: LISTEN falhou');
  }
  const purge = setInterval(() => {
    purgeLiveEvents(options.db, LIVE_EVENTS_KEEP_MS).catch((error: unknown) =>
      options.logger.warn({ err: error }, 'limpeza de live_events falhou'),
    );
  }, PURGE_EVERY_MS);
  purge.unref();

  return {
    subscribe(filter) {
      const s = new Subscriber(filter, (closed) => subscribers.delete(closed));
      subscribers.add(s);
      return s;
    },
    size: () => subscribers.size,
    async close() {
      clearInterval(purge);
      // Ending every stream lets the HTTP server close; browsers reconnect to another process.
      for (const s of [...subscribers]) s.close();
      await listener?.close();
    },
  };
}
