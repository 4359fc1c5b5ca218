// The pt-BR reason of a failed `posts.update` (shown inside the Editar Post dialog).
import type { Platform } from '@pauta/core';
import { isPlatform, messages, PLATFORM_LABELS, PLATFORM_TEXT_LIMITS } from '@pauta/core';
import {
  describeError,
  errorCodeOf,
  errorDetails,
  invalidFieldsOf,
  scheduleRangeText,
} from '../../lib/errors';
import { isConflict } from './usePostActions';

const text = messages.posts;

/** The network a VALIDATION_FAILED answer says the text is too long for (`details.tooLongFor`). */
function tooLongPlatform(value: unknown, fallback: Platform): Platform | null {
  if (isPlatform(value)) return value;
  if (Array.isArray(value)) return value.find(isPlatform) ?? fallback;
  return value ? fallback : null;
}

/** The pt-BR reason the server refused a new date (in the past, beyond the horizon); null otherwise. */
export function describeScheduleError(error: unknown): string | null {
  const range = scheduleRangeText(error);
  if (range) return range;
  if (errorCodeOf(error) !== 'VALIDATION_FAILED') return null;
  const details = errorDetails(error, 'VALIDATION_FAILED') ?? {};
  if (details.field !== 'scheduledFor' && !invalidFieldsOf(error).includes('scheduledFor')) return null;
  return details.reason === 'PAST' ? text.pastSchedule : text.invalidSchedule;
}

export function describeUpdateError(error: unknown, platform: Platform): string {
  if (isConflict(error)) return text.notEditable;
  const details = errorDetails(error, 'VALIDATION_FAILED') ?? {};
  if (errorCodeOf(error) === 'VALIDATION_FAILED') {
    const tooLong = tooLongPlatform(details.tooLongFor, platform);
    // `max`: the connected account's own limit (a Mastodon instance's), when the server used it.
    if (tooLong)
      return text.tooLongFor(
        PLATFORM_LABELS[tooLong],
        typeof details.max === 'number' ? details.max : PLATFORM_TEXT_LIMITS[tooLong],
      );
    // A refused network option: its own sentence (it names the option and the network).
    const option = details.optionIssues?.[0];
    if (option) return option.message;
    const fields = invalidFieldsOf(error);
    if (details.field === 'scheduledFor' || fields.includes('scheduledFor'))
      return describeScheduleError(error) ?? text.invalidSchedule;
    if (details.field === 'title' || fields.includes('title')) return text.titleRequired;
    if (details.field === 'content' || fields.includes('content')) return text.contentRequired;
  }
  return describeError(error, messages.common.error).message;
}
