// pt-BR texts of "Datas comemorativas" (issue 30 item 9; docs/commemorative-dates.md): the
// calendar's day labels and their toggle, and the theme form's ideas for the AI.
import type { CommemorativeCategory } from '../commemorative-dates/dates.js';

export const COMMEMORATIVE_CATEGORY_LABELS: Record<CommemorativeCategory, string> = {
  nacional: 'Nacional',
  varejo: 'Varejo',
  tematica: 'Profissões e temáticas',
};

/** '2026-11-27' → '27/11'. */
function dayMonth(isoDate: string): string {
  const [, month, day] = isoDate.split('-');
  return `${day}/${month}`;
}

export const commemorativeMessages = {
  toggle: 'Datas comemorativas',
  toggleHint: 'Mostrar as datas comemorativas no calendário',
  holiday: 'Feriado nacional',
  /** The marker's accessible name. */
  markerLabel: (name: string, holiday: boolean) =>
    `Data comemorativa: ${name}${holiday ? ' (feriado nacional)' : ''}`,
  /** The marker's tooltip. */
  markerTooltip: (name: string, category: CommemorativeCategory, description: string) =>
    `${name} — ${COMMEMORATIVE_CATEGORY_LABELS[category]}. ${description}`,
  sectionTitle: 'Datas comemorativas',
  sectionHint:
    'Escolha datas dos próximos 60 dias para a IA aproveitar: o post agendado na data, ou pouco antes, cita cada data escolhida. As datas ficam salvas no tema e valem também para “Gerar 5 Posts”.',
  none: 'Nenhuma data comemorativa nos próximos 60 dias.',
  chosen: (count: number) =>
    count === 0 ? 'Nenhuma data escolhida' : count === 1 ? '1 data escolhida' : `${count} datas escolhidas`,
  optionLabel: (name: string, isoDate: string) => `${name} (${dayMonth(isoDate)})`,
  unknownDate: 'Data comemorativa desconhecida. Escolha uma das datas sugeridas.',
  tooManyDates: (max: number) => `Escolha no máximo ${max} datas comemorativas.`,
};
