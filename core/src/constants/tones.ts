/**
 * Content style options of a theme: tones of voice and topics to avoid (spec §5). Stored as
 * stable ids; the pt-BR labels are for display and for the AI prompt.
 */

export const TONES = ['inspirational', 'professional', 'empathetic', 'informative', 'casual'] as const;
export type Tone = (typeof TONES)[number];

export const TONE_LABELS = {
  inspirational: 'Inspirador',
  professional: 'Profissional',
  empathetic: 'Empático',
  informative: 'Informativo',
  casual: 'Descontraído',
} as const satisfies Record<Tone, string>;

/** A theme without tones is treated as Profissional (spec §3). */
export const DEFAULT_TONE: Tone = 'professional';
export const DEFAULT_TONES: readonly Tone[] = [DEFAULT_TONE];

export const AVOID_TOPICS = ['politics', 'religion', 'controversy', 'specific_products'] as const;
export type AvoidTopic = (typeof AVOID_TOPICS)[number];

export const AVOID_TOPIC_LABELS = {
  politics: 'Política',
  religion: 'Religião',
  controversy: 'Polêmicas',
  specific_products: 'Produtos específicos',
} as const satisfies Record<AvoidTopic, string>;

export function isTone(value: unknown): value is Tone {
  return typeof value === 'string' && (TONES as readonly string[]).includes(value);
}

export function isAvoidTopic(value: unknown): value is AvoidTopic {
  return typeof value === 'string' && (AVOID_TOPICS as readonly string[]).includes(value);
}

/** The tones to use for a theme: its own, or Profissional when it has none. */
export function effectiveTones(tones: readonly Tone[] | null | undefined): readonly Tone[] {
  return tones && tones.length > 0 ? tones : DEFAULT_TONES;
}
