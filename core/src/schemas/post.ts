// The 'Editar Post' form's schema: the dialog validates with it (one rule per field, the spec's
// pt-BR messages), and the server applies the same limits (server/src/posts/posts.schemas.ts and
// the network limit in posts.service.ts).
import { z } from 'zod';
import { INPUT_LIMITS } from '../constants/limits.js';
import { PLATFORM_LABELS, PLATFORM_TEXT_LIMITS, type Platform } from '../constants/platforms.js';
import { messages } from '../messages/messages.js';
import { measurePostLength } from '../text/post-length.js';

const text = messages.posts;

export const postTitleSchema = z
  .string()
  .trim()
  .min(1, text.titleRequired)
  .max(INPUT_LIMITS.postTitle, text.titleTooLong(INPUT_LIMITS.postTitle));

/**
 * A post's text for `platform`: not blank, within that network's limit (X in weighted characters),
 * or within `limit` — the connected account's own, where its server declares one (Mastodon).
 */
export function postContentSchema(platform: Platform, limit: number = PLATFORM_TEXT_LIMITS[platform]) {
  const tooLong = text.tooLongFor(PLATFORM_LABELS[platform], limit);
  return z
    .string()
    .refine((value) => value.trim() !== '', { message: text.contentRequired, abort: true })
    .refine(
      (value) => value.length <= INPUT_LIMITS.postContent && measurePostLength(platform, value) <= limit,
      {
        message: tooLong,
      },
    );
}

function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() + 1 === month && check.getUTCDate() === day;
}

/** A local day, 'YYYY-MM-DD' (the date picker's value); null when none is picked. */
export const postDaySchema = z
  .string()
  .nullable()
  .refine((value) => value !== null && isCalendarDay(value), text.dateRequired);

/** A 24 h local time, 'HH:mm'. */
export const postTimeSchema = z
  .string()
  .trim()
  .min(1, { message: text.timeRequired, abort: true })
  .regex(/^([01]?\d|2[0-3]):[0-5]\d(:\d{2})?$/, text.invalidTime);

/** The fields of 'Editar Post' for a post of `platform`; the date-time is combined in the user's zone after. */
export function postEditFormSchema(platform: Platform, limit?: number) {
  return z.object({
    title: postTitleSchema,
    content: postContentSchema(platform, limit),
    date: postDaySchema,
    time: postTimeSchema,
  });
}
export type PostEditForm = z.input<ReturnType<typeof postEditFormSchema>>;

/** The first message of each field that failed (what the form shows under it). */
export function firstIssuePerField(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in found)) found[field] = issue.message;
  }
  return found;
}
