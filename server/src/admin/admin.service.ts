// Administration as plain functions (tested without tRPC): users and roles, headline stats,
// publishing logs, system settings and data-deletion requests. The router only maps errors.
import type { DeletionRequestStatus, PublishingLogStatus } from '@pauta/core';
import {
  AppError,
  addDays,
  BUDGET_MAX,
  LOG_TITLE_TRUNCATE,
  LOGS_PAGE_SIZE,
  MAX_THEMES_PER_USER_RANGE,
  MAX_WORKSPACES_PER_USER_RANGE,
  NEW_USERS_WINDOW_DAYS,
  type Platform,
  parseBudgetOverrides,
  type Role,
  SETTING_KEYS,
  truncate,
  utcToZonedParts,
  zonedTimeToUtc,
} from '@pauta/core';
import {
  type AdminStats,
  adminStats,
  changeUserRole,
  type Database,
  eraseUser,
  findSetting,
  isLastAdmin,
  listDeletionRequests,
  listPublishingLogs,
  listSettings,
  listUsersWithRoles,
  lockPendingDeletionRequest,
  markDeletionRequest,
  type SettingValue,
  updateSettingValue,
  updateUserProfile,
} from '@pauta/db';
import type { Kysely } from 'kysely';
import { parseLocalDate } from '../posts/post-filters.js';
import { userTimeZone } from '../posts/user-time-zone.js';

interface Db {
  db: Kysely<Database>;
  now?: () => Date;
}

const DAY_MS = 86_400_000;

// ---- users -------------------------------------------------------------------------------------

export interface AdminUserItem {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: Role;
  createdAt: Date;
}

export async function listUsers(
  deps: Db,
  input: { search?: string | undefined; page: number; limit: number },
): Promise<{ items: AdminUserItem[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await listUsersWithRoles(deps.db, {
    search: input.search,
    offset: (input.page - 1) * input.limit,
    limit: input.limit,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      role: row.role,
      createdAt: row.created_at,
    })),
    total,
    page: input.page,
    pageSize: input.limit,
  };
}

/**
 * Spec §4: delete + insert in one transaction, sessions revoked; the last admin stays admin.
 * A self-change keeps the asking session, so a self-demoted admin stays signed in as a user.
 */
export async function setUserRole(
  deps: Db,
  input: { actorId: string; actorSessionId?: string; userId: string; role: Role },
): Promise<{ changed: boolean; selfDemoted: boolean }> {
  const keep = input.userId === input.actorId ? input.actorSessionId : undefined;
  const result = await changeUserRole(deps.db, input.userId, input.role, keep);
  if (result === 'not_found') throw new AppError('NOT_FOUND');
  if (result === 'last_admin') throw new AppError('CONFLICT', { reason: 'LAST_ADMIN' });
  return {
    changed: result === 'changed',
    selfDemoted: result === 'changed' && input.userId === input.actorId && input.role !== 'admin',
  };
}

export async function updateProfile(
  deps: Db,
  input: { userId: string; firstName: string | null; lastName: string | null; email: string },
): Promise<{ ok: true }> {
  const result = await updateUserProfile(deps.db, input.userId, input);
  if (result === 'not_found') throw new AppError('NOT_FOUND');
  if (result === 'email_taken') throw new AppError('EMAIL_TAKEN');
  return { ok: true };
}

// ---- stats -------------------------------------------------------------------------------------

/** Headline numbers of the panel; "today" is the admin's calendar day in their profile zone. */
export async function getStats(deps: Db, adminId: string): Promise<AdminStats & { timeZone: string }> {
  const now = deps.now?.() ?? new Date();
  const timeZone = await userTimeZone(deps.db, adminId);
  const { year, month, day } = utcToZonedParts(now, timeZone);
  const today = { year, month, day };
  const stats = await adminStats(deps.db, {
    todayStart: zonedTimeToUtc({ ...today, hour: 0, minute: 0 }, timeZone),
    tomorrowStart: zonedTimeToUtc({ ...addDays(today, 1), hour: 0, minute: 0 }, timeZone),
    newUsersSince: new Date(now.getTime() - NEW_USERS_WINDOW_DAYS * DAY_MS),
    failuresSince: new Date(now.getTime() - DAY_MS),
  });
  return { ...stats, timeZone };
}

// ---- publishing logs ---------------------------------------------------------------------------

export interface LogItem {
  id: string;
  status: PublishingLogStatus;
  title: string;
  platform: Platform;
  scheduledFor: Date | null;
  attemptedAt: Date;
  attempt: number;
  platformPostId: string | null;
  errorMessage: string | null;
  errorLocation: string | null;
  user: { id: string; name: string | null; email: string } | null;
}

function startOfLocalDay(text: string, timeZone: string, plusDays = 0): Date | undefined {
  const date = parseLocalDate(text);
  return date ? zonedTimeToUtc({ ...addDays(date, plusDays), hour: 0, minute: 0 }, timeZone) : undefined;
}

/** Spec §7 call 11: 20 per page, attempted_at descending, exact total; one joined query. */
export async function listLogs(
  deps: Db,
  adminId: string,
  input: {
    page: number;
    status?: PublishingLogStatus | undefined;
    platform?: Platform | undefined;
    userId?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
): Promise<{ items: LogItem[]; total: number; page: number; pageSize: number; timeZone: string }> {
  const timeZone = await userTimeZone(deps.db, adminId);
  const { rows, total } = await listPublishingLogs(deps.db, {
    filter: {
      status: input.status,
      platform: input.platform,
      userId: input.userId,
      from: input.from ? startOfLocalDay(input.from, timeZone) : undefined,
      before: input.to ? startOfLocalDay(input.to, timeZone, 1) : undefined,
    },
    offset: (input.page - 1) * LOGS_PAGE_SIZE,
    limit: LOGS_PAGE_SIZE,
  });
  return {
    items: rows.map((row) => {
      const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
      return {
        id: row.id,
        status: row.status,
        title: truncate(row.title, LOG_TITLE_TRUNCATE),
        platform: row.platform,
        scheduledFor: row.scheduled_for,
        attemptedAt: row.attempted_at,
        attempt: row.attempt,
        platformPostId: row.platform_post_id,
        errorMessage: row.error_message,
        errorLocation: row.error_location,
        user:
          row.user_id && row.email
            ? { id: row.user_id, name: name === '' ? null : name, email: row.email }
            : null,
      };
    }),
    total,
    page: input.page,
    pageSize: LOGS_PAGE_SIZE,
    timeZone,
  };
}

// ---- settings ----------------------------------------------------------------------------------

export const MAX_THEMES_RANGE = MAX_THEMES_PER_USER_RANGE;
export const MAX_WORKSPACES_RANGE = MAX_WORKSPACES_PER_USER_RANGE;

export interface SettingItem {
  key: string;
  value: SettingValue;
  description: string | null;
  updatedAt: Date;
}

export async function listSettingItems(deps: Db): Promise<SettingItem[]> {
  const rows = await listSettings(deps.db);
  return rows.map((row) => ({
    key: row.setting_key,
    value: row.setting_value,
    description: row.description,
    updatedAt: row.updated_at,
  }));
}

/** The value to store for `key`, or an AppError: known keys are typed, others text or JSON. */
export function parseSettingValue(
  key: string,
  value: boolean | number | string,
  json: boolean,
): SettingValue {
  if (key === SETTING_KEYS.emailNotificationsEnabled || key === SETTING_KEYS.webhooksAllowPrivateAddresses) {
    if (typeof value !== 'boolean')
      throw new AppError('VALIDATION_FAILED', { reason: 'INVALID_VALUE', key, expected: 'boolean' });
    return value;
  }
  if (key === SETTING_KEYS.maxThemesPerUser || key === SETTING_KEYS.maxWorkspacesPerUser) {
    const range = key === SETTING_KEYS.maxThemesPerUser ? MAX_THEMES_RANGE : MAX_WORKSPACES_RANGE;
    const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < range.min || number > range.max)
      throw new AppError('VALIDATION_FAILED', {
        reason: 'INVALID_VALUE',
        key,
        expected: 'integer',
        ...range,
      });
    return number;
  }
  if (key === SETTING_KEYS.networkBudgets) {
    // docs/budgets.md: `{ "<platform>": { month, day, scope } }`, whole numbers 0..BUDGET_MAX.
    let parsed: unknown = value;
    if (typeof value === 'string') {
      try {
        parsed = JSON.parse(value);
      } catch {
        throw new AppError('VALIDATION_FAILED', { reason: 'INVALID_JSON', key });
      }
    }
    const overrides = parseBudgetOverrides(parsed);
    if (!overrides)
      throw new AppError('VALIDATION_FAILED', {
        reason: 'INVALID_VALUE',
        key,
        expected: 'budgets',
        min: 0,
        max: BUDGET_MAX,
      });
    return overrides as SettingValue;
  }
  if (json) {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as SettingValue;
    } catch {
      throw new AppError('VALIDATION_FAILED', { reason: 'INVALID_JSON', key });
    }
  }
  return value;
}

export async function updateSetting(
  deps: Db,
  input: { key: string; value: boolean | number | string; json?: boolean | undefined },
): Promise<SettingItem> {
  if (!(await findSetting(deps.db, input.key))) throw new AppError('NOT_FOUND');
  const value = parseSettingValue(input.key, input.value, input.json ?? false);
  const row = await updateSettingValue(deps.db, input.key, value);
  if (!row) throw new AppError('NOT_FOUND');
  return {
    key: row.setting_key,
    value: row.setting_value,
    description: row.description,
    updatedAt: row.updated_at,
  };
}

// ---- data-deletion requests ------------------------------------------------------------------

export interface DeletionRequestItem {
  id: string;
  userId: string | null;
  email: string | null;
  name: string | null;
  reason: string;
  status: DeletionRequestStatus;
  createdAt: Date;
  processedAt: Date | null;
  /** The owner is proven: only a confirmed request can be completed. */
  confirmed: boolean;
  /** 'session': made signed in; 'email': confirmed through the emailed link. */
  confirmedBy: 'session' | 'email' | null;
  /** When the emailed link stops working (unconfirmed requests that were sent one). */
  confirmationExpiresAt: Date | null;
}

export const DELETION_REQUESTS_LIMIT = 200;

export async function listDeletionRequestItems(
  deps: Db,
  input: { status?: DeletionRequestStatus | undefined },
): Promise<DeletionRequestItem[]> {
  const rows = await listDeletionRequests(deps.db, { status: input.status, limit: DELETION_REQUESTS_LIMIT });
  return rows.map((row) => {
    const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
    return {
      id: row.id,
      userId: row.user_id,
      email: row.email,
      name: name === '' ? null : name,
      reason: row.reason,
      status: row.status,
      createdAt: row.created_at,
      processedAt: row.processed_at,
      confirmed: row.confirmed_at !== null,
      confirmedBy: row.confirmed_by,
      confirmationExpiresAt: row.confirmed_at === null ? row.confirm_expires_at : null,
    };
  });
}

/**
 * Carries out a pending request in one transaction: erases the user the request is bound to and
 * marks it completed. Only a confirmed request (made signed in, or confirmed through the emailed
 * link) can be carried out: an anonymous request is never resolved by its email alone. The last
 * administrator cannot be erased. Tokens are revoked at the networks that allow it just before
 * (revoke-network-tokens.ts); deleting the connected_accounts rows then destroys Pauta's sealed copies.
 */
export async function completeDeletionRequest(deps: Db, id: string): Promise<{ erased: boolean }> {
  const now = deps.now?.() ?? new Date();
  return deps.db.transaction().execute(async (trx) => {
    const request = await lockPendingDeletionRequest(trx, id);
    if (!request) throw new AppError('NOT_FOUND');
    if (request.confirmed_at === null) throw new AppError('CONFLICT', { reason: 'NOT_CONFIRMED' });
    let erased = false;
    if (request.user_id) {
      if (await isLastAdmin(trx, request.user_id)) throw new AppError('CONFLICT', { reason: 'LAST_ADMIN' });
      erased = (await eraseUser(trx, request.user_id)) !== undefined;
    }
    if (!(await markDeletionRequest(trx, id, 'completed', now))) throw new AppError('NOT_FOUND');
    return { erased };
  });
}

export async function rejectDeletionRequest(deps: Db, id: string): Promise<{ ok: true }> {
  const now = deps.now?.() ?? new Date();
  if (!(await markDeletionRequest(deps.db, id, 'rejected', now))) throw new AppError('NOT_FOUND');
  return { ok: true };
}
