/**
 * Posting frequencies of a theme. The stored ids are the spec's; note that the labels do not
 * follow the ids: 'weekly' means three posts a week and 'monthly' means one post a week
 * (spec §5 and §9), which is what the scheduler implements.
 */

export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const FREQUENCY_LABELS = {
  daily: 'Diário',
  weekly: '3x por semana',
  monthly: 'Semanal',
} as const satisfies Record<Frequency, string>;

export const DEFAULT_FREQUENCY: Frequency = 'weekly';

export function isFrequency(value: unknown): value is Frequency {
  return typeof value === 'string' && (FREQUENCIES as readonly string[]).includes(value);
}
