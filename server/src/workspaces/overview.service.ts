// "Todos os clientes" (docs/workspaces.md): every workspace the person is in, with what needs them
// today. Two statements for all of them — the posts' counts (one correlated, index-led subquery per
// count and workspace inside PostgreSQL) and the accounts' health columns — never a query per
// workspace from here. What a role may see comes from core's permission table: a role that may not
// `workspace.read` (Cliente) gets only the count `posts.readClientView` covers.
import {
  addDays,
  type CalendarDate,
  can,
  utcToZonedParts,
  WORKSPACE_ROLES,
  type WorkspaceRole,
  zonedTimeToUtc,
} from '@pauta/core';
import { listOverviewAccounts, readWorkspaceOverview } from '@pauta/db';
import { healthOfAccount } from '@pauta/networks';
import { formatLocalDate } from '../dashboard/dashboard.service.js';
import type { AppDeps } from '../deps.js';
import { browserMediaUrl } from '../media/media.service.js';
import { userTimeZone } from '../posts/user-time-zone.js';

export interface OverviewCounts {
  /** Posts still to go out today (the person's time zone). Null: the role may not see it. */
  dueToday: number | null;
  /** Waiting for the team (Rascunho, Em revisão, Ajustes). */
  approvalInternal: number | null;
  /** Waiting for the client (Aprovação do cliente). */
  approvalClient: number | null;
  /** Falhou, Precisa de atenção or Perdido. */
  attention: number | null;
  /** Active accounts whose connection must be renewed (expired, revoked or flagged by the network). */
  accountsToReconnect: number | null;
}

export interface OverviewCliente {
  id: string;
  name: string;
  color: string | null;
  logoUrl: string | null;
  personal: boolean;
  role: WorkspaceRole;
  counts: OverviewCounts;
}

export interface Overview {
  /** Today's date (YYYY-MM-DD) in `timeZone`: the "due today" links filter on it. */
  today: string;
  timeZone: string;
  clientes: OverviewCliente[];
}

/** The roles that may read a whole workspace (the others see only the client's view). */
const FULL_ROLES = WORKSPACE_ROLES.filter((role) => can(role, 'workspace.read'));

function dayBounds(today: CalendarDate, timeZone: string): { start: Date; end: Date } {
  return {
    start: zonedTimeToUtc({ ...today, hour: 0, minute: 0 }, timeZone),
    end: zonedTimeToUtc({ ...addDays(today, 1), hour: 0, minute: 0 }, timeZone),
  };
}

export async function readOverview(
  deps: Pick<AppDeps, 'db' | 'media'>,
  options: { userId: string; timeZone?: string | undefined; now?: Date },
): Promise<Overview> {
  const now = options.now ?? new Date();
  const timeZone = options.timeZone ?? (await userTimeZone(deps.db, options.userId));
  const today = utcToZonedParts(now, timeZone);
  const { start, end } = dayBounds(today, timeZone);
  const [rows, accounts] = await Promise.all([
    readWorkspaceOverview(deps.db, {
      userId: options.userId,
      dayStart: start,
      dayEnd: end,
      fullRoles: FULL_ROLES,
    }),
    listOverviewAccounts(deps.db, { userId: options.userId, fullRoles: FULL_ROLES }),
  ]);
  const reconnect = new Map<string, number>();
  for (const account of accounts) {
    const health = healthOfAccount(account, now);
    if (health.state === 'needs_reconnect' || health.state === 'revoked')
      reconnect.set(account.workspace_id, (reconnect.get(account.workspace_id) ?? 0) + 1);
  }
  const signingKey = deps.media?.signingKey;
  return {
    today: formatLocalDate(today),
    timeZone,
    clientes: rows.map((row) => {
      const full = can(row.role, 'workspace.read');
      const clientView = can(row.role, 'posts.readClientView');
      return {
        id: row.id,
        name: row.name,
        color: row.color,
        logoUrl: row.logo_key && signingKey ? browserMediaUrl(signingKey, row.logo_key, now.getTime()) : null,
        personal: row.personal_of === options.userId,
        role: row.role,
        counts: {
          dueToday: full ? row.due_today : null,
          approvalInternal: full ? row.approval_internal : null,
          approvalClient: clientView ? row.approval_client : null,
          attention: full ? row.attention : null,
          accountsToReconnect: full ? (reconnect.get(row.id) ?? 0) : null,
        },
      };
    }),
  };
}
