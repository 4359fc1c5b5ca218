// Pre-flight (issue 30 item 10; docs/preflight.md): what will happen to a post on its network, said
// before it is scheduled. The server computes the checks (posts.preflight); the types, the levels
// and the pt-BR sentences live here so the panel and the tests read the same words.
import { budgetNetworkName } from '../budget/messages.js';
import { PLATFORM_LABELS, type Platform } from '../constants/platforms.js';

/** ok: nothing to do; warning: it will go out, but not as the person may expect; blocking: saving refuses it. */
export const PREFLIGHT_LEVELS = ['ok', 'warning', 'blocking'] as const;
export type PreflightLevel = (typeof PREFLIGHT_LEVELS)[number];

/** Each check, in the order the panel lists them. */
export const PREFLIGHT_CHECK_KINDS = [
  'schedule',
  'text',
  'media',
  'options',
  'mediaUrl',
  'dailyCap',
  'privacy',
  'price',
] as const;
export type PreflightCheckKind = (typeof PREFLIGHT_CHECK_KINDS)[number];

export interface PreflightCheck {
  kind: PreflightCheckKind;
  level: PreflightLevel;
  /** pt-BR, naming the network and the limit. */
  message: string;
}

export interface PreflightReport {
  platform: Platform;
  /** The worst level of the checks: what the panel's heading says. */
  level: PreflightLevel;
  checks: PreflightCheck[];
}

const RANK: Record<PreflightLevel, number> = { ok: 0, warning: 1, blocking: 2 };

export function worstPreflightLevel(checks: readonly Pick<PreflightCheck, 'level'>[]): PreflightLevel {
  let worst: PreflightLevel = 'ok';
  for (const check of checks) if (RANK[check.level] > RANK[worst]) worst = check.level;
  return worst;
}

/** Checks in panel order: blocking first, then warnings, then the rest, each group by kind. */
export function sortPreflightChecks(checks: readonly PreflightCheck[]): PreflightCheck[] {
  return [...checks].sort(
    (a, b) =>
      RANK[b.level] - RANK[a.level] ||
      PREFLIGHT_CHECK_KINDS.indexOf(a.kind) - PREFLIGHT_CHECK_KINDS.indexOf(b.kind),
  );
}

const usd = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** "US$ 0,015": a per-post price, three decimals as X publishes them. */
export function formatUsd(amount: number): string {
  return `US$ ${usd.format(amount)}`;
}

const count = new Intl.NumberFormat('pt-BR');

/** The pt-BR sentences of the checks that are not a save's refusal (those reuse the refusal's own text). */
export const preflightMessages = {
  title: 'Antes de agendar',
  subtitle: (network: string) => `O que vai acontecer no ${network}, conferido enquanto você edita.`,
  loading: 'Conferindo o post…',
  failed: 'Não foi possível conferir o post agora. As verificações voltam quando você editar de novo.',
  summary: {
    ok: 'Tudo certo para agendar.',
    warning: 'Pode ser agendado, com avisos.',
    blocking: 'Não pode ser agendado assim.',
  } satisfies Record<PreflightLevel, string>,
  levelLabel: { ok: 'OK', warning: 'Aviso', blocking: 'Impede o agendamento' } satisfies Record<
    PreflightLevel,
    string
  >,
  scheduleOk: 'Data e horário de publicação no futuro.',
  textOk: (platform: Platform, length: number, limit: number) =>
    `${PLATFORM_LABELS[platform]}: ${count.format(length)} de ${count.format(limit)} caracteres.`,
  textOver: (platform: Platform, length: number, limit: number) =>
    `O conteúdo ultrapassa o limite de ${count.format(limit)} caracteres do ${PLATFORM_LABELS[platform]} (${count.format(length)} de ${count.format(limit)}). Encurte o texto para salvar.`,
  mediaOk: (platform: Platform, items: number) =>
    items === 0
      ? `${PLATFORM_LABELS[platform]}: post só de texto, aceito pela rede.`
      : `${PLATFORM_LABELS[platform]}: ${items === 1 ? 'a mídia do post está' : `as ${items} mídias do post estão`} dentro dos limites da rede.`,
  mediaMissing: (platform: Platform) =>
    `O ${PLATFORM_LABELS[platform]} só publica posts com imagem: sem uma, a publicação vai falhar no horário. Adicione uma imagem antes disso.`,
  optionsOk: (platform: Platform) => `Opções do ${PLATFORM_LABELS[platform]} completas.`,
  mediaUrlPublic: (platform: Platform, host: string) =>
    `${PLATFORM_LABELS[platform]} baixa as imagens e vídeos pelo endereço da Pauta (${host}), que é público.`,
  mediaUrlPrivate: (platform: Platform, host: string, address: string) =>
    `${PLATFORM_LABELS[platform]} baixa as imagens e vídeos pelo endereço da Pauta (${host}), mas ele aponta para um endereço privado (${address}) que a rede não alcança: a publicação vai falhar. Configure APP_URL com um endereço público (um domínio ou um túnel).`,
  mediaUrlUnresolved: (platform: Platform, host: string) =>
    `${PLATFORM_LABELS[platform]} baixa as imagens e vídeos pelo endereço da Pauta (${host}), mas esse nome não foi encontrado no DNS: a rede não vai conseguir baixá-los. Confira APP_URL.`,
  mediaUrlSandbox: ' No modo Sandbox a publicação funciona, porque o Sandbox roda nesta máquina.',
  /**
   * The network's publishing cap. `account`: counted per account (the network's budget is) — its
   * name where the workspace has several of the network, else null; absent: the client's posts.
   */
  dailyCap: (platform: Platform, used: number, cap: number, account?: { label: string | null }) =>
    `${budgetNetworkName(platform, account?.label)}: com este, ${count.format(used)} de ${count.format(cap)} posts ${
      account ? 'desta conta' : 'deste cliente'
    } nas 24 horas até o horário escolhido (o limite de publicação da rede).`,
  dailyCapOver: (platform: Platform, used: number, cap: number, account?: { label: string | null }) =>
    `${budgetNetworkName(platform, account?.label)}: com este, ${count.format(used)} posts ${
      account ? 'desta conta' : 'deste cliente'
    } nas 24 horas até o horário escolhido, acima do limite de ${count.format(cap)} da rede. A rede recusa os excedentes, e este post atrasa até abrir vaga. Escolha outro horário.`,
  privateOnly: (platform: Platform, variable: string) =>
    `${PLATFORM_LABELS[platform]}: o app desta instalação ainda não passou pela auditoria da rede (${variable}), então este post será publicado como privado ("Somente eu"), seja qual for a privacidade escolhida.`,
  price: (platform: Platform, amount: number, source: string) =>
    `${PLATFORM_LABELS[platform]}: este post custa ${formatUsd(amount)} ao app (preço por post da API paga do ${PLATFORM_LABELS[platform]}; ${source}).`,
  priceWithLink: (platform: Platform, amount: number, without: number, source: string) =>
    `${PLATFORM_LABELS[platform]}: este post tem um link e custa ${formatUsd(amount)} ao app, em vez de ${formatUsd(without)} sem link (preço por post da API paga do ${PLATFORM_LABELS[platform]}; ${source}).`,
} as const;
