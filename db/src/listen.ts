// LISTEN on one PostgreSQL channel for the life of a process (live updates, docs/live-updates.md).
// A pool cannot LISTEN (its clients come and go), so this is one dedicated connection that comes
// back on its own after PostgreSQL restarts or the connection drops; `onReconnect` tells the
// caller that notifications sent while it was away are lost (they are still in live_events).
import pg from 'pg';

export interface ListenOptions {
  /** Called with each notification's payload, in commit order. */
  onMessage(payload: string): void;
  /** Called after the connection was lost and LISTEN is active again. */
  onReconnect?(): void;
  /** Called when the connection is lost: notifications are missed until `onReconnect`. */
  onDisconnect?(): void;
  onError?(error: unknown): void;
}

export interface Listener {
  close(): Promise<void>;
}

const MAX_BACKOFF_MS = 10_000;
const CONNECT_TIMEOUT_MS = 10_000;

export async function listenPostgres(
  connectionString: string,
  channel: string,
  options: ListenOptions,
): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let failures = 0;

  const connect = async (isReconnect: boolean): Promise<void> => {
    // A host that stops answering (not refusing) must not hold a reconnect for the OS's TCP
    // timeout, and keepalive notices a connection that died silently.
    const c = new pg.Client({
      connectionString,
      application_name: 'pauta-live',
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    c.on('error', (error) => {
      options.onError?.(error);
      void drop(c);
    });
    c.on('end', () => void drop(c));
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) options.onMessage(message.payload);
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    failures = 0;
    if (isReconnect) options.onReconnect?.();
  };

  const scheduleReconnect = () => {
    if (closed || retryTimer) return;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** failures);
    failures++;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect(true).catch((error: unknown) => {
        options.onError?.(error);
        scheduleReconnect();
      });
    }, delay);
    retryTimer.unref();
  };

  const drop = async (c: pg.Client) => {
    if (client !== c && client !== null) return;
    client = null;
    if (!closed) options.onDisconnect?.();
    await c.end().catch(() => {});
    scheduleReconnect();
  };

  await connect(false);
  return {
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
