// The theme form's schema, shared by the client form and the server's tRPC input (one schema,
// two sides). Messages are the spec's pt-BR validation texts.
import { z } from 'zod';
import { findCommemorativeDate, MAX_COMMEMORATIVE_DATES } from '../commemorative-dates/dates.js';
import { FREQUENCIES } from '../constants/frequencies.js';
import { INPUT_LIMITS } from '../constants/limits.js';
import { isHexColor, isPaletteColorId } from '../constants/palette.js';
import { PLATFORMS, type Platform } from '../constants/platforms.js';
import { AVOID_TOPICS, TONES } from '../constants/tones.js';
import { commemorativeMessages } from '../messages/commemorative-dates.js';
import { messages } from '../messages/messages.js';

const unique = <T>(values: T[]) => [...new Set(values)];

export const themeInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, messages.themes.missingNameOrDescription)
    .max(INPUT_LIMITS.themeName, messages.common.tooLong(INPUT_LIMITS.themeName)),
  description: z
    .string()
    .trim()
    .min(1, messages.themes.missingNameOrDescription)
    .max(INPUT_LIMITS.themeDescription, messages.common.tooLong(INPUT_LIMITS.themeDescription)),
  toneOfVoice: z
    .array(z.enum(TONES))
    .max(TONES.length * 2)
    .transform(unique)
    .pipe(z.array(z.enum(TONES)).min(1, messages.themes.missingTone)),
  avoidTopics: z
    .array(z.enum(AVOID_TOPICS))
    .max(AVOID_TOPICS.length * 2)
    .transform(unique),
  socialNetworks: z
    .array(z.enum(PLATFORMS))
    .max(PLATFORMS.length * 2)
    .transform(unique)
    .pipe(z.array(z.enum(PLATFORMS)).min(1, messages.themes.missingNetwork)),
  frequency: z.enum(FREQUENCIES),
  colorPalette: z
    .string()
    .trim()
    .max(7)
    .refine((v) => isPaletteColorId(v) || isHexColor(v), messages.themes.invalidHex)
    .transform((v) => (isHexColor(v) ? v.toUpperCase() : v)),
  /** "Exige aprovação antes de publicar" (docs/approval.md); absent: off at creation, unchanged on update. */
  requiresApproval: z.boolean().optional(),
  /** "Usar o melhor horário de cada rede" (docs/best-time.md); absent: off at creation, unchanged on update. */
  useBestTime: z.boolean().optional(),
  /** "Preencher a fila de publicação" (docs/posting-queue.md); absent: off at creation, unchanged on update. */
  useQueue: z.boolean().optional(),
  /**
   * Commemorative date keys ('black-friday-2026', docs/commemorative-dates.md), stored with the
   * theme; absent: none at creation, unchanged on update. Unknown key or more than 10: refused.
   */
  commemorativeDates: z
    .array(z.string().max(60))
    .max(MAX_COMMEMORATIVE_DATES, commemorativeMessages.tooManyDates(MAX_COMMEMORATIVE_DATES))
    .transform(unique)
    .pipe(
      z.array(
        z
          .string()
          .refine((key) => findCommemorativeDate(key) !== undefined, commemorativeMessages.unknownDate),
      ),
    )
    .optional(),
});
export type ThemeInput = z.input<typeof themeInputSchema>;
export type ThemeValues = z.output<typeof themeInputSchema>;

/**
 * A drafted post (AI or templates) before it is scheduled: `post_order` 1, 2, 3… is the order the
 * posts are scheduled in; `platform` the network it was written for.
 */
export interface DraftPost {
  title: string;
  content: string;
  post_order: number;
  platform: Platform;
  /** The body written for each network (local templates); `content` where a network has none. */
  variants?: Partial<Record<Platform, string>>;
}
