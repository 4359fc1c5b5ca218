// Bulk actions on a selection of posts (issue 30 item 3; docs/bulk-actions.md): the texts shared by
// the server's refusals and the screens (sticky bar, confirmation, result toast).

/** Most posts one bulk call may touch; a bigger selection is refused (tooMany). */
export const BULK_MAX_POSTS = 500;

/** Why a selected post was left as it was (the server counts them per reason). */
export const BULK_SKIP_LABELS = {
  not_found: 'não encontrados',
  publishing: 'sendo publicados agora',
  published: 'já publicados',
  not_in_workflow: 'de temas sem aprovação',
  unchanged: 'já estavam assim',
  past: 'ficariam no passado',
  out_of_range: 'passariam de 2 anos à frente',
  network_not_in_theme: 'de redes que o tema não usa',
  video_not_published: 'com vídeo, que a rede ainda não publica pela Pauta (remova o vídeo em Editar)',
  image_required: 'sem a imagem que a rede exige (adicione uma em Editar)',
  video_required: 'sem o vídeo que a rede exige (adicione um em Editar)',
  options_missing: 'sem as opções que a rede exige (preencha em Editar)',
  changed_since: 'alterados depois',
  already_queued: 'já estavam na fila',
  queue_no_account: 'de redes sem conta conectada',
  queue_no_slots: 'de contas sem horários na fila (crie em Fila)',
  queue_full: 'de contas com a fila cheia',
  draft: 'em rascunho (agende cada um em Editar)',
} as const;
export type BulkSkipReasonKey = keyof typeof BULK_SKIP_LABELS;

const posts = (n: number) => (n === 1 ? '1 post' : `${n} posts`);

export const bulkMessages = {
  tooMany: (max: number) => `Selecione no máximo ${max} posts por vez.`,
  zeroOffset: 'Escolha um deslocamento diferente de zero.',
  selectionShape: 'Selecione ao menos um post.',
  selected: (n: number) => (n === 1 ? '1 selecionado' : `${n} selecionados`),
  selectAllFiltered: (n: number) => `Selecionar todos os ${n} filtrados`,
  selectAllBoard: (n: number) => `Selecionar todos os ${n} do quadro`,
  selectAllShown: (n: number) => `Selecionar todos os ${n} na tela`,
  clear: 'Limpar seleção',
  selectMode: 'Selecionar posts',
  calendarHint:
    'Modo de seleção: clique nos posts (ou Enter) para marcá-los; clique em Selecionar posts de novo para sair.',
  select: (title: string) => `Selecionar "${title}"`,
  approve: 'Aprovar',
  move: 'Mover etapa',
  reschedule: 'Reagendar',
  theme: 'Mudar tema',
  delete: 'Excluir',
  queue: 'Para a fila',
  bar: 'Ações em massa',
  confirmApprove: (n: number) => `Aprovar ${posts(n)}?`,
  confirmMove: (n: number, stage: string) => `Mover ${posts(n)} para ${stage}?`,
  confirmReschedule: (n: number, offset: string) => `Reagendar ${posts(n)} (${offset})?`,
  confirmTheme: (n: number, theme: string) => `Mover ${posts(n)} para o tema ${theme}?`,
  confirmDelete: (n: number) => `Excluir ${posts(n)}?`,
  confirmQueue: (n: number) => `Colocar ${posts(n)} na fila?`,
  queueNote:
    'Cada post vai para o próximo horário livre da fila da sua conta, na ordem das datas atuais. Posts já na fila, de contas sem horários ou com a fila cheia ficam como estão e são contados.',
  undoable: 'Você poderá desfazer logo depois.',
  notUndoable: 'Esta ação não pode ser desfeita.',
  approveNote: 'Posts fora das etapas de aprovação ou sendo publicados serão ignorados e contados.',
  offsetLabel: 'Deslocamento',
  offsetUnit: 'Unidade',
  units: { minutes: 'minutos', hours: 'horas', days: 'dias' },
  offsetText: (amount: number, unit: 'minutes' | 'hours' | 'days') =>
    `${amount > 0 ? '+' : ''}${amount} ${{ minutes: 'min', hours: 'h', days: amount === 1 || amount === -1 ? 'dia' : 'dias' }[unit]}`,
  stageLabel: 'Etapa',
  themeLabel: 'Tema',
  confirm: 'Confirmar',
  cancel: 'Cancelar',
  running: 'Aplicando...',
  changed: (n: number) => (n === 1 ? '1 post alterado' : `${n} posts alterados`),
  deleted: (n: number) => (n === 1 ? '1 post excluído' : `${n} posts excluídos`),
  skipped: (parts: string[]) => `Ignorados: ${parts.join(', ')}.`,
  skippedPart: (n: number, label: string) => `${n} ${label}`,
  undo: 'Desfazer',
  undone: (n: number) => (n === 1 ? '1 post restaurado' : `${n} posts restaurados`),
  alreadyUndone: 'Esta ação já foi desfeita.',
  undoExpired: 'Passou o prazo para desfazer esta ação (24 horas).',
  nothingChanged: 'Nenhum post foi alterado.',
  overBudget: 'Reagendar assim passa do orçamento da rede em algum dia ou mês.',
  overBudgetConfirm: 'Reagendar mesmo assim',
} as const;

/** "Ignorados: 3 sendo publicados agora, 2 já publicados." or null when nothing was skipped. */
export function bulkSkippedText(skipped: Partial<Record<BulkSkipReasonKey, number>>): string | null {
  const parts = (Object.keys(BULK_SKIP_LABELS) as BulkSkipReasonKey[])
    .filter((reason) => (skipped[reason] ?? 0) > 0)
    .map((reason) => bulkMessages.skippedPart(skipped[reason]!, BULK_SKIP_LABELS[reason]));
  return parts.length > 0 ? bulkMessages.skipped(parts) : null;
}
