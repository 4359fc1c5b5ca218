// pt-BR texts of network budgets (docs/budgets.md): the composer's usage and warning, the calendar's
// usage panel, the theme-creation notice and the administrator's editor.
import { PLATFORM_LABELS, type Platform } from '../constants/platforms.js';
import { MONTH_NAMES_PT as MONTHS } from '../format/dates.js';
import type { BudgetOverrun, BudgetPeriod, BudgetScope } from './budget.js';

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** 1500 → '1.500'. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** 'YYYY-MM' → 'março de 2027'. */
export function formatMonthKey(key: string): string {
  const [year, month] = key.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1] ?? ''} de ${year}`;
}

/** 'YYYY-MM-DD' → '12/03/2027'. */
export function formatDayKey(key: string): string {
  const [year, month, day] = key.split('-');
  return `${day}/${month}/${year}`;
}

/** How a period is named beside today's: 'hoje', 'em 12/03/2027', 'este mês', 'em março de 2027'. */
export function periodPhrase(period: BudgetPeriod, key: string, current: string): string {
  if (period === 'day') return key === current ? 'hoje' : `em ${formatDayKey(key)}`;
  return key === current ? 'este mês' : `em ${formatMonthKey(key)}`;
}

const scopeText: Record<BudgetScope, string> = {
  installation: 'somando todos os usuários desta instalação',
  account: 'contando só os posts desta conta',
};

/**
 * A network as the budget names it: 'Instagram', or 'Instagram · @loja_centro' for a per-account
 * budget where the workspace has several accounts of the network (`account` is then the handle).
 */
export function budgetNetworkName(platform: Platform, account?: string | null): string {
  return account ? `${PLATFORM_LABELS[platform]} · ${account}` : PLATFORM_LABELS[platform];
}

export const budgetMessages = {
  title: 'Orçamento das redes',
  calendarTitle: (monthKey: string) => `Orçamento das redes em ${formatMonthKey(monthKey)}`,
  loading: 'Carregando orçamento das redes…',
  loadError: 'Não foi possível carregar o orçamento das redes.',
  /**
   * 'X (Twitter): 37 de 1.500 posts este mês'; with an account (several of the network in the
   * workspace): 'Instagram · @loja_centro: 12 de 50 posts em 12/03/2027'.
   */
  usage: (platform: Platform, used: number, budget: number, phrase: string, account?: string | null) =>
    `${budgetNetworkName(platform, account)}: ${formatCount(used)} de ${formatCount(budget)} posts ${phrase}`,
  /** A network with a daily budget only: 'Instagram: 12 posts este mês'. */
  monthCount: (platform: Platform, used: number, phrase: string, account?: string | null) =>
    `${budgetNetworkName(platform, account)}: ${formatCount(used)} ${used === 1 ? 'post' : 'posts'} ${phrase}`,
  scope: (scope: BudgetScope) => scopeText[scope],
  scopeNote: (scope: BudgetScope) =>
    scope === 'installation'
      ? 'Conta os posts de todos os usuários desta instalação (o limite é do app na rede).'
      : 'Conta só os posts desta conta conectada (o limite é de cada conta na rede).',
  overDays: (platform: Platform, budget: number, days: readonly string[], account?: string | null) =>
    `${budgetNetworkName(platform, account)}: ${days.length === 1 ? 'o dia' : 'os dias'} ${days
      .map((day) => formatDayKey(day).slice(0, 5))
      .join(
        ', ',
      )} ${days.length === 1 ? 'passa' : 'passam'} do limite de ${formatCount(budget)} posts por dia.`,
  overMonth: (platform: Platform, used: number, budget: number, monthKey: string) =>
    `${PLATFORM_LABELS[platform]}: ${formatCount(used)} posts em ${formatMonthKey(monthKey)} passam do orçamento de ${formatCount(budget)} por mês.`,
  dayLimit: (platform: Platform, budget: number, account?: string | null) =>
    `${budgetNetworkName(platform, account)}: limite de ${formatCount(budget)} posts por dia; nenhum dia acima.`,
  dayBadge: (count: number, budget: number) => `${formatCount(count)}/${formatCount(budget)}`,
  dayBadgeLabel: (platform: Platform, count: number, budget: number, account?: string | null) =>
    `${budgetNetworkName(platform, account)}: ${formatCount(count)} posts, acima do limite de ${formatCount(budget)} por dia`,
  /** One overrun, as the composer's warning says it. */
  overrun: (overrun: BudgetOverrun, current: string) => {
    const phrase = periodPhrase(overrun.period, overrun.periodKey, current);
    const limit = overrun.period === 'day' ? 'por dia' : 'por mês';
    return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)} já há ${formatCount(overrun.used)} ${
      overrun.used === 1 ? 'post' : 'posts'
    } no ${budgetNetworkName(overrun.platform, overrun.account)}, e o orçamento é de ${formatCount(overrun.budget)} ${limit} (${
      scopeText[overrun.scope]
    }).`;
  },
  overrunTitle: 'Acima do orçamento da rede',
  overrunConsequence:
    'Passando do limite, a rede pode recusar a publicação; o Pauta tenta de novo quando o limite passar, e o post sai mais tarde.',
  confirm: 'Agendar mesmo assim',
  confirmTitle: 'Agendar acima do orçamento?',
  keep: 'Escolher outra data',
  /** Theme creation scheduled posts past a budget (the posts are kept). */
  themeOverrunTitle: 'Orçamento das redes',
  /** New posts (a theme's calendar, a scheduled draft) that went past budgets; they stay scheduled. */
  newPostsOver: (overruns: readonly BudgetOverrun[]) => {
    const shown = overruns.slice(0, 3).map((overrun) => {
      const when =
        overrun.period === 'day' ? formatDayKey(overrun.periodKey) : formatMonthKey(overrun.periodKey);
      const limit = overrun.period === 'day' ? 'por dia' : 'por mês';
      return `${budgetNetworkName(overrun.platform, overrun.account)} em ${when} (${formatCount(overrun.used)} de ${formatCount(
        overrun.budget,
      )} ${limit})`;
    });
    const more = overruns.length > 3 ? ` e mais ${overruns.length - 3}` : '';
    return `Alguns posts novos passam do orçamento das redes e foram agendados assim mesmo: ${shown.join(
      '; ',
    )}${more}. Veja o calendário e mova-os se preferir.`;
  },
  // Configurações do Sistema
  admin: {
    title: 'Orçamento de posts por rede',
    description:
      'Quantos posts esta instalação pretende enviar a cada rede por mês e por dia. Ao agendar acima disso, o Pauta avisa e pede confirmação; nada é descartado. Vazio ou 0 = sem orçamento.',
    network: 'Rede',
    month: 'Posts por mês',
    day: 'Posts por dia',
    scope: 'Contar os posts de',
    scopeInstallation: 'Todos os usuários',
    scopeAccount: 'Cada conta conectada',
    defaultHint: (month: number | null, day: number | null) => {
      const parts = [
        month === null ? null : `${formatCount(month)} por mês`,
        day === null ? null : `${formatCount(day)} por dia`,
      ].filter(Boolean);
      return parts.length === 0
        ? 'Padrão da rede: sem limite conhecido.'
        : `Padrão da rede: ${parts.join(', ')}.`;
    },
    restore: 'Restaurar padrão',
    custom: 'Alterado',
    invalid: (max: number) =>
      `Informe um número inteiro entre 0 e ${formatCount(max)} (vazio ou 0 = sem orçamento).`,
    saved: 'Orçamento salvo com sucesso.',
    fieldLabel: (platform: Platform, field: string) => `${field} — ${PLATFORM_LABELS[platform]}`,
  },
} as const;
