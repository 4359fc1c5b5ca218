// live.events: the browser's stream of live updates over SSE (docs/live-updates.md). Each message
// is tracked() with its event id, so a browser that reconnects sends the last id it saw and gets
// what it missed from live_events; a new stream replays the last seconds (CATCH_UP_MS) and starts
// at the newest id (`sync`); when the replay
// cannot be complete (too many, or purged) the browser is told to refetch (`resync`).
import { AppError, type LiveMessage } from '@pauta/core';
import { findMembership, latestLiveEventId, listLiveEventsSince } from '@pauta/db';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { toTRPCError } from './errors.js';
import { router, workspaceProcedure } from './trpc.js';

/** Most events replayed after a reconnect; beyond this the browser refetches instead. */
export const MAX_REPLAY = 200;
/**
 * A new stream also replays the user's events of the last few seconds: the screen's data was
 * fetched a moment before the stream opened, and a change in between would otherwise be missed.
 */
export const CATCH_UP_MS = 10_000;
/** How often an administrator's stream re-checks the role (a demoted admin stops getting others' events). */
const ROLE_RECHECK_MS = 30_000;
/**
 * How often a stream re-reads its membership while events flow (docs/workspaces.md): a removed
 * member's open stream ends at its next event after this, whichever web process serves it.
 */
export const MEMBERSHIP_RECHECK_MS = 5_000;

export const liveRouter = router({
  events: workspaceProcedure('workspace.read')
    .input(
      z
        .strictObject({
          lastEventId: z
            .string()
            .regex(/^\d{1,15}$/)
            .nullish(),
        })
        .nullish(),
    )
    .subscription(async function* ({ ctx, input, signal }) {
      const hub = ctx.deps.live;
      if (!hub) {
        // No live updates in this process (API-only tests): a quiet stream, not an error.
        yield tracked('0', { type: 'sync' } as LiveMessage);
        await new Promise<void>((resolve) =>
          signal?.addEventListener('abort', () => resolve(), { once: true }),
        );
        return;
      }
      const userId = ctx.user.id;
      const workspaceId = ctx.workspace.id;
      let admin = await ctx.deps.roles.isAdmin(userId);
      let roleCheckedAt = Date.now();
      let memberCheckedAt = Date.now();
      // Listen first, then read the history: nothing committed in between is lost (duplicates
      // are skipped by id below).
      const subscriber = hub.subscribe({ workspaceId, all: admin });
      const stop = () => subscriber.close();
      signal?.addEventListener('abort', stop, { once: true });
      // An idle workspace sends no events: the membership is also re-read on a timer, so a removed
      // member's open page hears WORKSPACE_UNAVAILABLE within seconds (docs/workspaces.md).
      let removed = false;
      const recheck = setInterval(() => {
        if (Date.now() - memberCheckedAt < MEMBERSHIP_RECHECK_MS) return;
        void findMembership(ctx.deps.db, workspaceId, userId).then(
          (membership) => {
            memberCheckedAt = Date.now();
            if (membership) return;
            removed = true;
            subscriber.close();
          },
          () => {
            // PostgreSQL away: the next tick (or the next event) checks again.
          },
        );
      }, MEMBERSHIP_RECHECK_MS);
      recheck.unref?.();
      try {
        let lastId: number;
        if (!input?.lastEventId) {
          lastId = await latestLiveEventId(ctx.deps.db);
          const recent = await listLiveEventsSince(ctx.deps.db, {
            workspaceId,
            afterId: 0,
            limit: MAX_REPLAY,
            newerThanMs: CATCH_UP_MS,
          });
          for (const event of recent) {
            if (Number(event.id) > lastId) break;
            yield tracked(event.id, { type: 'event', event, replayed: true } as LiveMessage);
          }
          yield tracked(String(lastId), { type: 'sync' } as LiveMessage);
        } else {
          lastId = Number(input.lastEventId);
          const missed = await listLiveEventsSince(ctx.deps.db, {
            workspaceId: admin ? null : workspaceId,
            afterId: lastId,
            limit: MAX_REPLAY + 1,
          });
          if (missed.length > MAX_REPLAY) {
            lastId = await latestLiveEventId(ctx.deps.db);
            yield tracked(String(lastId), { type: 'resync' } as LiveMessage);
          } else {
            for (const event of missed) {
              lastId = Number(event.id);
              yield tracked(event.id, { type: 'event', event, replayed: true } as LiveMessage);
            }
          }
        }
        for await (const message of subscriber) {
          if (message.type !== 'event') {
            // Every message is tracked, so the browser always has an id to reconnect with.
            yield tracked(String(lastId), message);
            continue;
          }
          const id = Number(message.event.id);
          if (id <= lastId) continue;
          if (Date.now() - memberCheckedAt > MEMBERSHIP_RECHECK_MS) {
            // Removed from the workspace: the stream ends with the refusal.
            if (!(await findMembership(ctx.deps.db, workspaceId, userId))) {
              removed = true;
              break;
            }
            memberCheckedAt = Date.now();
          }
          if (message.event.workspaceId !== workspaceId) {
            if (Date.now() - roleCheckedAt > ROLE_RECHECK_MS) {
              admin = await ctx.deps.roles.isAdmin(userId);
              roleCheckedAt = Date.now();
            }
            if (!admin) continue;
          }
          lastId = id;
          yield tracked(message.event.id, message);
        }
        // The stream ends with the refusal itself, so the browser moves the person elsewhere.
        if (removed) throw toTRPCError(new AppError('WORKSPACE_UNAVAILABLE'));
      } finally {
        clearInterval(recheck);
        signal?.removeEventListener('abort', stop);
        subscriber.close();
      }
    }),
});
