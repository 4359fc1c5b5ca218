/** pt-BR texts of the posting queue (docs/posting-queue.md): "Fila de publicação" and "Adicionar à fila". */
import { formatSlotTime, QUEUE_LOOKAHEAD_WEEKS } from '../scheduling/queue-slots.js';
import { WEEKDAY_NAMES } from './best-time.js';

export const postingQueueMessages = {
  menu: 'Fila',
  title: 'Fila de publicação',
  subtitle:
    'Defina os horários fixos de cada conta. "Adicionar à fila" coloca um post no próximo horário livre da conta da rede dele.',
  readOnly:
    'Você pode ver a fila deste cliente, mas só Proprietários e Editores mudam os horários e a ordem.',
  timeZoneLabel: 'Fuso horário da fila',
  timeZoneHint: 'Os horários valem neste fuso, para todas as contas deste cliente.',
  timeZoneSaved: 'Fuso horário da fila salvo.',
  noAccountsTitle: 'Nenhuma conta conectada',
  noAccounts: 'Conecte uma conta em Contas Conectadas para criar a fila de publicação dela.',
  slotsTitle: 'Horários',
  noSlots: 'Nenhum horário ainda. Adicione um horário ou crie a partir dos melhores horários.',
  weekdayLabel: 'Dia da semana',
  timeLabel: 'Horário',
  addSlot: 'Adicionar horário',
  removeSlot: (weekday: number, minute: number) =>
    `Remover o horário de ${WEEKDAY_NAMES[weekday]} às ${formatSlotTime(minute)}`,
  slotsSaved: 'Horários da fila salvos.',
  slotExists: 'Este horário já está na fila desta conta.',
  invalidTime: 'Informe um horário válido, como 10:00.',
  fromBestTimes: 'Criar horários a partir dos melhores horários',
  fromBestTimesDone: (count: number) =>
    count === 0
      ? 'Os melhores horários desta rede já estão na fila.'
      : count === 1
        ? '1 horário criado a partir dos melhores horários.'
        : `${count} horários criados a partir dos melhores horários.`,
  upcomingTitle: 'Próximos horários',
  emptySlot: 'Horário livre',
  queuedBadge: 'Na fila',
  manualBadge: 'Agendado neste horário',
  moveUp: (title: string) => `Subir "${title}" na fila`,
  moveDown: (title: string) => `Descer "${title}" na fila`,
  reordered: 'Ordem da fila atualizada.',
  dragHint: 'Arraste um post da fila para outro horário com post da fila, ou use as setas.',
  dragLabel: (title: string) => `Arrastar "${title}" para outro horário da fila`,
  addToQueue: 'Adicionar à fila',
  inQueue: 'Na fila',
  queuedAt: (when: string) => `Post adicionado à fila: ${when}.`,
  alreadyQueued: (when: string) => `Este post já está na fila: ${when}.`,
  themeOption: 'Preencher a fila de publicação',
  themeOptionHint: `Os posts gerados ocupam os próximos horários livres da fila de cada conta (nas próximas ${QUEUE_LOOKAHEAD_WEEKS} semanas), em vez das 10:00. Uma rede sem conta ou sem horários livres fica às 10:00.`,
  loadError: 'Não foi possível carregar a fila de publicação.',
} as const;

/** "segunda, 10:00" for a slot. */
export function slotLabel(weekday: number, minute: number): string {
  return `${WEEKDAY_NAMES[weekday]}, ${formatSlotTime(minute)}`;
}
