// pt-BR texts of recurring and evergreen posts (docs/recurring-posts.md): Editar Post's "Repetir"
// section, the cards' badge and the toasts.
export const recurrenceMessages = {
  section: 'Repetir',
  hint: 'Depois de cada publicação, a Pauta cria a próxima como um novo post, com o mesmo texto, imagens e opções.',
  badge: 'Recorrente',
  badgeTitle: (label: string) => `Post recorrente (${label})`,
  mode: 'Repetição',
  modes: {
    none: 'Não repetir',
    days: 'A cada N dias',
    weeks: 'A cada N semanas',
    evergreen: 'Evergreen',
  },
  modeHints: {
    none: '',
    days: 'No mesmo horário, a cada N dias.',
    weeks: 'No mesmo dia da semana e horário.',
    evergreen: 'De novo N dias depois de cada publicação, no mesmo horário.',
  },
  interval: {
    days: 'A cada quantos dias',
    weeks: 'A cada quantas semanas',
    evergreen: 'Quantos dias depois',
  },
  stop: 'Termina',
  stopCount: 'Após N publicações',
  stopDate: 'Numa data',
  count: 'Número de publicações (contando esta)',
  until: 'Última data',
  pickDate: 'Escolha a data',
  save: 'Salvar repetição',
  saved: 'Repetição salva. As próximas publicações seguem esta regra.',
  stopAction: 'Parar repetição',
  stopped: 'Repetição parada. Nenhum post novo será criado depois deste.',
  position: (label: string) => `Publicação ${label}`,
  nextAt: (when: string) => `Próxima publicação: ${when}`,
  noNext: 'A próxima será criada depois desta publicação.',
  stateStopped: 'Repetição parada',
  stateEnded: 'Repetição concluída',
  duplicateTextHint: (network: string) =>
    `O ${network} recusa textos repetidos: a IA escreve uma variação para cada repetição. Sem a IA, a repetição fica como "Falhou", com o motivo, para você editar.`,
  errors: {
    interval: 'Informe um número de 1 a 365.',
    count: 'Informe de 2 a 100 publicações.',
    countBelow: (n: number) => `Esta já é a publicação ${n}: informe pelo menos ${n}.`,
    until: 'Escolha a última data.',
    untilPast: 'A última data não pode estar no passado.',
    generic: 'Não foi possível salvar a repetição. Tente novamente.',
    notEditable:
      'Este post já está sendo publicado ou foi publicado: a repetição não pode mais ser alterada nele.',
  },
} as const;
