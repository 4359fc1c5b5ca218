// pt-BR texts of the approval workflow (issue 17; docs/approval.md): the theme switch, the board,
// "Mover para…", the history and comments, and the overdue notice.
import { APPROVAL_STAGE_LABELS, type BoardColumn } from '../constants/approval.js';
import { PLATFORM_LABELS, type Platform } from '../constants/platforms.js';

export const approvalMessages = {
  navLabel: 'Aprovação',
  boardLink: 'Quadro de aprovação',
  themeSwitch: 'Exige aprovação antes de publicar',
  themeSwitchHint:
    'Os posts deste tema passam por Rascunho, Em revisão, Aprovação do cliente e Ajustes; só os aprovados são publicados. Um post que chega ao horário sem aprovação não é publicado e você é avisado.',
  filterTheme: 'Tema',
  allThemes: 'Todos os temas com aprovação',
  column: (column: BoardColumn, count: number) => `${APPROVAL_STAGE_LABELS[column]} (${count})`,
  emptyColumn: 'Nenhum post',
  emptyBoard: 'Nenhum post em aprovação',
  emptyBoardHint:
    'Ative "Exige aprovação antes de publicar" na edição de um tema para que os posts dele passem por este quadro.',
  loadError: 'Não foi possível carregar o quadro de aprovação.',
  moveTo: 'Mover para…',
  /** The accessible name of a card's button: its visible text, then the post (label-in-name). */
  forPost: (title: string) => `— ${title}`,
  moveToLabel: (title: string) => `Mover para… — ${title}`,
  moved: (title: string, column: BoardColumn) => `"${title}" movido para ${APPROVAL_STAGE_LABELS[column]}.`,
  moveError: 'Não foi possível mover o post.',
  dragHint: 'Arraste o cartão para outra coluna ou use "Mover para…".',
  overdue: 'Horário passou sem aprovação',
  overdueHint: 'Não foi publicado. Ao aprovar, sai imediatamente; ou reagende.',
  history: 'Histórico e comentários',
  historyShort: 'Histórico',
  historyLabel: (title: string) => `Histórico — ${title}`,
  historyTitle: 'Histórico e comentários',
  historyEmpty: 'Nada ainda.',
  historyError: 'Não foi possível carregar o histórico.',
  comments: (count: number) => (count === 1 ? '1 comentário' : `${count} comentários`),
  commentLabel: 'Comentário',
  commentPlaceholder: 'Escreva um comentário. Use @ e o seu nome (ou @autor) para mencionar o autor do post.',
  commentSubmit: 'Comentar',
  commentSaved: 'Comentário salvo.',
  commentError: 'Não foi possível salvar o comentário.',
  mentionBadge: 'Menciona o autor',
  someone: 'Alguém',
  system: 'Pauta',
  moveEntry: (who: string, from: BoardColumn | null, to: BoardColumn | null) =>
    from && to
      ? `${who} moveu de ${APPROVAL_STAGE_LABELS[from]} para ${APPROVAL_STAGE_LABELS[to]}`
      : to
        ? `${who} ativou a aprovação: ${APPROVAL_STAGE_LABELS[to]}`
        : `${who} desativou a aprovação do tema`,
  editedEntry: (who: string) => `${who} editou o texto aprovado: voltou para Em revisão`,
  refusals: {
    APPROVAL_NOT_REQUIRED: 'O tema deste post não exige aprovação.',
    ALREADY_PUBLISHED: 'Este post já foi publicado.',
    SENDING: 'O post já está sendo enviado à rede; não dá mais para tirar a aprovação.',
  },
  overdueToastTitle: (platform: Platform) =>
    `Post não publicado no ${PLATFORM_LABELS[platform]}: falta aprovação`,
  viewBoard: 'Abrir o quadro de aprovação',
} as const;
