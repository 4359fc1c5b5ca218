// pt-BR texts of Relatórios (issue 27; docs/reports.md): the view that generates and lists a
// client's reports, and the public page of a report's private link (/relatorio/<token>). The
// figures' labels and formats are the PDF's (server/src/reports/report-pdf.ts).
import type { BestTimeConfidence } from '../best-time/model.js';
import { MONTH_NAMES_PT as MONTHS } from '../format/dates.js';
import { parseDay, type ReportPeriod } from '../reports/period.js';

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '01/11/2026'. */
function showDay(day: string): string {
  const d = parseDay(day);
  if (!d) return day;
  return `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${d.year}`;
}

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];
const CONFIDENCE: Record<BestTimeConfidence, string> = {
  baixa: 'confiança baixa',
  media: 'confiança média',
  alta: 'confiança alta',
};

/** A rate's change in percentage points (current − previous, one decimal); null when either is missing. */
export function pointsChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  return Math.round((current - previous) * 10) / 10;
}

/** Numbers and periods as the PDF and the page write them (the PDF's font draws "−"). */
export const reportFormat = {
  /** '12.345', or '—' when the network gave no figure. */
  count: (value: number | null): string => (value === null ? '—' : integer.format(value)),
  /** '3,4%'. */
  percent: (value: number | null): string => (value === null ? '—' : `${decimal.format(value)}%`),
  /** '+12,5%', '−3,0%', or 'sem base de comparação'. */
  change: (value: number | null): string => {
    if (value === null) return 'sem base de comparação';
    if (value === 0) return '0,0%';
    return `${value > 0 ? '+' : '−'}${decimal.format(Math.abs(value))}%`;
  },
  /** '+1,2 p.p.', '−0,4 p.p.': a rate's change in percentage points (engagement), not in % of it. */
  points: (current: number | null, previous: number | null): string => {
    const value = pointsChange(current, previous);
    if (value === null) return 'sem base de comparação';
    if (value === 0) return '0,0 p.p.';
    return `${value > 0 ? '+' : '−'}${decimal.format(Math.abs(value))} p.p.`;
  },
  /** '12,5 h', or '—'. */
  hours: (value: number | null): string => (value === null ? '—' : `${decimal.format(value)} h`),
  /** 'terça às 09h, quinta às 12h'. */
  slots: (slots: ReadonlyArray<{ weekday: number; hour: number }>): string =>
    slots.map((s) => `${WEEKDAYS[s.weekday] ?? ''} às ${String(s.hour).padStart(2, '0')}h`).join(', '),
  /** 'confiança alta'. */
  confidence: (confidence: BestTimeConfidence): string => CONFIDENCE[confidence] ?? confidence,
  /** '01/11/2026 a 30/11/2026'. */
  period: (period: ReportPeriod): string => `${showDay(period.from)} a ${showDay(period.to)}`,
  /** 'outubro de 2026' for a whole month, else the period. */
  monthName: (year: number, month: number): string => `${MONTHS[month - 1] ?? ''} de ${year}`,
};

export const reportMessages = {
  navLabel: 'Relatórios',
  dashboardLink: 'Relatórios',
  settingsCardDescription: 'Relatórios mensais em PDF e link para o cliente.',

  // The form
  formTitle: 'Gerar relatório',
  formHint: 'O relatório reúne os resultados do período, compara com o período anterior e gera um PDF.',
  periodKind: 'Período',
  periodMonth: 'Mês',
  periodCustom: 'Outro período',
  month: 'Mês do relatório',
  from: 'De',
  to: 'Até',
  note: 'Nota para o cliente (opcional)',
  notePlaceholder: 'Ex.: Em dezembro vamos testar vídeos curtos no Instagram.',
  noteCount: (length: number, max: number) => `${length}/${max} caracteres`,
  noteTooLong: (max: number) => `A nota pode ter até ${max} caracteres.`,
  periodInvalid: 'Escolha um período de até 366 dias, com a data final depois da inicial.',
  generate: 'Gerar relatório',
  generating: 'Gerando…',
  generateError: 'Não foi possível pedir o relatório. Tente de novo.',
  generated: 'Relatório pedido: acompanhe o progresso na lista.',
  noPermission: 'Você pode ver os relatórios deste cliente, mas só o dono e os editores podem gerá-los.',

  // The list
  listTitle: 'Relatórios gerados',
  loadError: 'Não foi possível carregar os relatórios.',
  empty: 'Nenhum relatório ainda',
  emptyHint: 'Gere o primeiro relatório acima: em poucos segundos ele fica pronto para baixar.',
  status: {
    queued: 'Na fila',
    running: 'Gerando',
    done: 'Pronto',
    failed: 'Falhou',
  } as const,
  progressLabel: (period: string) => `Progresso do relatório de ${period}`,
  progress: (percent: number) => `${percent}%`,
  failedText: 'Algo deu errado ao gerar este relatório.',
  retry: 'Tentar de novo',
  download: 'Baixar PDF',
  downloadLabel: (period: string) => `Baixar PDF do relatório de ${period}`,
  createdAt: (when: string) => `Pedido em ${when}`,
  finishedAt: (when: string) => `Pronto em ${when}`,
  noteShown: (note: string) => `Nota: ${note}`,

  // Delete
  delete: 'Excluir',
  deleteLabel: (period: string) => `Excluir o relatório de ${period}`,
  deleteTitle: (period: string) => `Excluir o relatório de ${period}?`,
  deleteConfirm:
    'O PDF e os links enviados ao cliente deixam de funcionar na hora. Esta ação não pode ser desfeita.',
  deleteConfirmButton: 'Excluir relatório',
  deleted: (period: string) => `Relatório de ${period} excluído.`,
  deleteError: 'Não foi possível excluir o relatório.',
  deleteBusy: 'Este relatório está sendo gerado agora. Aguarde ficar pronto para excluí-lo.',

  // Private links
  linkCreate: 'Criar link para o cliente',
  linkCreateLabel: (period: string) => `Criar link para o cliente do relatório de ${period}`,
  linkDays: 'Validade do link',
  linkDaysOption: (days: number) => `${days} ${days === 1 ? 'dia' : 'dias'}`,
  linkCreated: 'Link criado. Copie agora: ele não será mostrado de novo.',
  linkCopy: 'Copiar link',
  linkCopied: 'Link copiado',
  linkCreateError: 'Não foi possível criar o link.',
  linkRevoke: 'Revogar',
  linkRevokeLabel: (expires: string) => `Revogar o link que expira em ${expires}`,
  linkRevokeError: 'Não foi possível revogar o link.',
  linkStatus: { active: 'Ativo', expired: 'Expirado', revoked: 'Revogado' } as const,
  linkExpires: (when: string) => `Expira em ${when}`,
  linksTitle: 'Links para o cliente',

  // The public page
  pageTitle: 'Relatório',
  pageHeading: 'Relatório de resultados nas redes sociais',
  pagePeriod: (period: string) => `Período: ${period}`,
  pagePrevious: (period: string) => `Comparado com ${period}`,
  pageExpires: (when: string) => `Este link expira em ${when}.`,
  summaryTitle: 'Resumo do período',
  figures: {
    published: 'Posts publicados',
    planned: 'Posts planejados',
    reach: 'Alcance',
    likes: 'Curtidas',
    comments: 'Comentários',
    engagement: 'Engajamento médio',
    followerGrowth: 'Novos seguidores',
  } as const,
  previousValue: (value: string) => `Anterior: ${value}`,
  change: 'Variação',
  tableFigure: 'Indicador',
  tablePeriod: 'Período',
  tablePrevious: 'Anterior',
  cadenceTitle: 'Cadência de publicação',
  cadenceHint: 'Posts planejados e publicados por semana (segunda a domingo).',
  cadenceSummary: (published: number, planned: number, weeks: number) =>
    `${published} posts publicados de ${planned} planejados em ${weeks} semanas.`,
  seriesPlanned: 'Planejados',
  seriesPublished: 'Publicados',
  axisWeek: 'Semana',
  axisPosts: 'Posts',
  noCadence: 'Nenhum post planejado ou publicado no período.',
  networksTitle: 'Resultados por rede',
  bestPosts: 'Melhores posts',
  noBestPosts: 'Nenhum post publicado nesta rede no período.',
  worstPosts: 'Posts com menor resultado',
  noWorstPosts: 'Poucos posts no período para listar os de menor resultado.',
  bestTimesTitle: 'Melhores horários (mapa de calor)',
  bestTimesHint:
    'Os três horários com melhor resultado de cada rede até o fim do período, no fuso do relatório.',
  bestTimesNone: 'sem dados',
  bestTimesLine: (network: string, slots: string, confidence: string) =>
    `${network}: ${slots} (${confidence})`,
  approvalTitle: 'Aprovação',
  approvedPosts: 'Posts aprovados',
  approvalHours: 'Tempo médio até a aprovação',
  approvalText: (
    approved: string,
    approvedBefore: string,
    hours: string,
    hoursBefore: string,
    change: string,
  ) =>
    `${approved} posts aprovados (anterior: ${approvedBefore}). Tempo médio até a aprovação: ${hours} (anterior: ${hoursBefore}; ${change}).`,
  postMetrics: (reach: string, engagement: string) => `Alcance ${reach} · engajamento ${engagement}`,
  openPost: 'Ver na rede',
  analysisAi: 'Análise (escrita pela IA)',
  analysisLocal: 'Análise automática',
  analysisAiHint:
    'Texto escrito por inteligência artificial a partir dos números acima; os números são calculados pela Pauta.',
  noteTitle: 'Nota da equipe',
  downloadPdf: 'Baixar PDF',
  invalidTitle: 'Este link não abre nenhum relatório',
  invalidText: 'Confira se o endereço foi copiado inteiro ou peça um novo link a quem enviou.',
  revokedTitle: 'Este link foi revogado',
  revokedText: 'Quem compartilhou o relatório desativou este link. Peça um novo link, se precisar.',
  expiredTitle: 'Este link expirou',
  expiredText: 'O prazo deste link terminou. Peça um novo link a quem enviou o relatório.',
  rateLimited: 'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente de novo.',
  pageLoadError: 'Não foi possível carregar o relatório. Tente de novo em instantes.',
} as const;
