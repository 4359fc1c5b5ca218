// Shapes of the admin API as the client sees them (inferred from the router's type), plus the
// reason a refusal carries in its details ('LAST_ADMIN', 'INVALID_JSON' …).
import type { ConflictReason, ValidationReason } from '@pauta/core';
import type { inferRouterClient } from '@trpc/client';
import { errorDetails } from '../../lib/errors';
import type { AppRouter } from '../../lib/trpc';

type Admin = inferRouterClient<AppRouter>['admin'];

export type AdminUser = Awaited<ReturnType<Admin['users']['list']['query']>>['items'][number];
export type EmailTemplate = Awaited<ReturnType<Admin['templates']['list']['query']>>[number];
export type OutboxEmail = Awaited<ReturnType<Admin['outbox']['list']['query']>>['items'][number];
type LogsPage = Awaited<ReturnType<Admin['logs']['list']['query']>>;
export type PublishingLog = LogsPage['items'][number];
export type AdminSetting = Awaited<ReturnType<Admin['settings']['list']['query']>>[number];
export type DoctorCheck = Awaited<ReturnType<Admin['doctor']['run']['query']>>[number];
type WorkersStatus = Awaited<ReturnType<Admin['workers']['status']['query']>>;
export type WorkerRow = WorkersStatus['workers'][number];
export type DeletionRequest = Awaited<ReturnType<Admin['deletionRequests']['list']['query']>>[number];

/** The `details.reason` of a refused admin call ('LAST_ADMIN', 'INVALID_JSON' …), or null. */
export function refusalReason(error: unknown): ConflictReason | ValidationReason | null {
  return errorDetails(error, 'CONFLICT')?.reason ?? errorDetails(error, 'VALIDATION_FAILED')?.reason ?? null;
}

/** Display name of a person: 'Maria Silva', or the fallback when both names are empty. */
export function personName(first: string | null, last: string | null, fallback: string): string {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name === '' ? fallback : name;
}
