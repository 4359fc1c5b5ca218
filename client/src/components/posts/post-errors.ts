// The pt-BR reason of a failed `posts.update` (shown inside the Editar Post dialog).
import type { Platform } from '@pauta/core';
import { isPlatform, messages, PLATFORM_LABELS, PLATFORM_TEXT_LIMITS } from '@pauta/core';
import { isTRPCClientError } from '@trpc/client';
import { describeError, errorCodeOf, invalidFieldsOf } from '../../lib/errors';
import { isConflict } from './usePostActions';

const text = messages.posts;

function detailsOf(error: unknown): Record<string, unknown> {
  if (!isTRPCClientError(error)) return {};
  const details = (error.data as { details?: unknown } | undefined)?.details;
  return details !== null && typeof details === 'object' ? (details as Record<string, unknown>) : {};
}

/** The network a VALIDATION_FAILED answer says the text is too long for (`details.tooLongFor`). */
function tooLongPlatform(value: unknown, fallback: Platform): Platform | null {
  if (isPlatform(value)) return value;
  if (Array.isArray(value)) return value.find(isPlatform) ?? fallback;
  return value ? fallback : null;
}

export function describeUpdateError(error: unknown, platform: Platform): string {
  if (isConflict(error)) return text.notEditable;
  const details = detailsOf(error);
  if (errorCodeOf(error) === 'VALIDATION_FAILED') {
    const tooLong = tooLongPlatform(details.tooLongFor, platform);
    if (tooLong) return text.tooLongFor(PLATFORM_LABELS[tooLong], PLATFORM_TEXT_LIMITS[tooLong]);
    const fields = invalidFieldsOf(error);
    if (details.field === 'scheduledFor' || fields.includes('scheduledFor')) return text.invalidSchedule;
    if (details.field === 'title' || fields.includes('title')) return text.titleRequired;
    if (details.field === 'content' || fields.includes('content')) return text.contentRequired;
  }
  return describeError(error, messages.common.error).message;
}
