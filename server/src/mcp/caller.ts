// The tRPC caller an MCP tool runs through: the SAME procedures as the UI (createCaller on the app
// router), with a context built from the API token instead of a session cookie. The token names
// the person and the workspace; the scoped procedure (trpc.ts workspaceProcedure) re-reads the
// membership and checks the role against core's permission table on every call, exactly as for
// the UI, so a token never does more than its owner may do in that workspace today.
import type { ApiPrincipal } from '../api/tokens.js';
import { cookieNames } from '../auth/cookies.js';
import type { AppDeps } from '../deps.js';
import { appRouter } from '../trpc/router.js';
import { createCallerFactory } from '../trpc/trpc.js';

const createCaller = createCallerFactory(appRouter);

export type PautaCaller = ReturnType<typeof createCaller>;

/**
 * A caller for one tool call. `idempotencyKey` is the key of the tool's mutation (each write tool
 * derives one per sub-call, docs/mcp.md). No `req`: the scoped procedure then always reads the
 * membership row (never the in-memory copy), so a removed member's token stops at once.
 */
export function callerFor(
  deps: AppDeps,
  identity: ApiPrincipal,
  call: { requestId: string; ip: string; idempotencyKey?: string | null },
): PautaCaller {
  return createCaller({
    deps,
    user: {
      id: identity.userId,
      email: identity.email,
      // Not a session: no procedure a tool calls signs anything out (tools.ts).
      sessionId: `api-token:${identity.tokenId}`,
      timeZone: identity.timeZone,
    },
    requestId: call.requestId,
    ip: call.ip,
    cookies: cookieNames(deps.env.appUrl),
    requestedWorkspaceId: identity.workspaceId,
    idempotencyKey: call.idempotencyKey ?? null,
  });
}
