// What the owner is told about a network failure: each network keeps one table
// (networks/src/<network>/errors.ts) from the network's own code to a pt-BR message that says what
// happened and what to do. The table only explains: the kind (retry, wait, refresh, stop, check by
// hand) is decided by the classification in each adapter and publishing/http.ts, unchanged.
import { PLATFORM_LABELS, type Platform } from '@pauta/core';
import { type NetworkAdapter, PublishError } from './types.js';

/**
 * One row: `key` is what the adapter recorded as `details.networkCode` (`190/463`, `187`,
 * `ACCESS_DENIED`), or `HTTP <status>` for a status with no code of its own. `when` says in words
 * what the network sent (docs/networks.md prints the tables).
 */
export interface NetworkErrorRow {
  readonly key: string;
  readonly when: string;
  readonly message: string;
}

export type NetworkErrorTable = readonly NetworkErrorRow[];

/** Failures before or without an HTTP answer (publishing/http.ts), the same on every network. */
export const TRANSPORT_ERRORS: NetworkErrorTable = [
  {
    key: 'TIMEOUT',
    when: 'no answer within NETWORK_TIMEOUT_MS',
    message:
      'A rede não respondeu a tempo e o post pode ter sido publicado. Confira o seu perfil na rede antes de tentar de novo, para não publicar duas vezes.',
  },
  {
    key: 'ABORTED',
    when: 'the call was cut short (worker stopping, deadline)',
    message:
      'O envio foi interrompido no meio e o post pode ter sido publicado. Confira o seu perfil na rede antes de tentar de novo.',
  },
  {
    key: 'ECONNRESET',
    when: 'connection reset after the request may have been sent',
    message:
      'A conexão com a rede caiu durante o envio e o post pode ter sido publicado. Confira o seu perfil na rede antes de tentar de novo.',
  },
  {
    key: 'UND_ERR_SOCKET',
    when: 'the socket closed after the request may have been sent',
    message:
      'A conexão com a rede caiu durante o envio e o post pode ter sido publicado. Confira o seu perfil na rede antes de tentar de novo.',
  },
  {
    key: 'ECONNREFUSED',
    when: 'connection refused: nothing was sent',
    message:
      'Não foi possível conectar à rede; nada foi enviado. Uma nova tentativa será feita automaticamente.',
  },
  {
    key: 'ENOTFOUND',
    when: 'DNS lookup failed: nothing was sent',
    message:
      'O endereço da rede não foi encontrado (DNS); nada foi enviado. Uma nova tentativa será feita automaticamente; se persistir, avise o administrador.',
  },
  {
    key: 'EAI_AGAIN',
    when: 'DNS temporarily unavailable: nothing was sent',
    message: 'O DNS não respondeu; nada foi enviado. Uma nova tentativa será feita automaticamente.',
  },
  {
    key: 'HTTP 500',
    when: 'internal error at the network: the post may exist',
    message:
      'A rede teve um erro interno (HTTP 500) e o post pode ter sido publicado. Confira o seu perfil na rede antes de tentar de novo.',
  },
  {
    key: 'HTTP 502',
    when: 'bad gateway: nothing was published',
    message:
      'A rede está instável (HTTP 502); nada foi publicado. Uma nova tentativa será feita automaticamente.',
  },
  {
    key: 'HTTP 503',
    when: 'service unavailable: nothing was published',
    message:
      'A rede está indisponível no momento (HTTP 503); nada foi publicado. Uma nova tentativa será feita automaticamente.',
  },
  {
    key: 'HTTP 504',
    when: 'gateway timeout: nothing was published',
    message:
      'A rede demorou demais (HTTP 504); nada foi publicado. Uma nova tentativa será feita automaticamente.',
  },
];

/** The keys a failure is looked up by, most specific first. */
function keysOf(error: PublishError): string[] {
  const keys: string[] = [];
  const code = error.details.networkCode;
  if (code !== undefined && code !== '') {
    keys.push(code);
    const slash = code.indexOf('/');
    if (slash > 0) keys.push(code.slice(0, slash));
  }
  if (error.details.status !== undefined) keys.push(`HTTP ${error.details.status}`);
  return keys;
}

/** The row of `table` (then of the transport table) that explains `error`; null when none does. */
export function findErrorRow(table: NetworkErrorTable, error: PublishError): NetworkErrorRow | null {
  for (const key of keysOf(error)) {
    const row = table.find((r) => r.key === key) ?? TRANSPORT_ERRORS.find((r) => r.key === key);
    if (row !== undefined) return row;
  }
  return null;
}

/** The network's own code as the owner sees it beside a message: "código 190/463, HTTP 400". */
export function networkCodeLabel(error: PublishError): string | null {
  const parts: string[] = [];
  if (error.details.networkCode !== undefined && error.details.networkCode !== '')
    parts.push(`código ${error.details.networkCode}`);
  if (error.details.status !== undefined) parts.push(`HTTP ${error.details.status}`);
  return parts.length === 0 ? null : parts.join(', ');
}

/** What to do, by kind, when no row knows the code (the code is always shown beside it). */
const FALLBACK_BY_KIND: Record<PublishError['kind'], string> = {
  retryable: 'nada foi publicado e uma nova tentativa será feita automaticamente.',
  rate_limited: 'a rede limitou as chamadas; uma nova tentativa será feita quando o limite passar.',
  auth: 'reconecte a conta em Contas Conectadas.',
  permanent:
    'revise o post e a conta conectada e reagende; se repetir, informe este código ao administrador.',
  unknown: 'o post pode ter sido publicado: confira o seu perfil na rede antes de tentar de novo.',
};

/**
 * The pt-BR message for a failure: the table's row, else a sentence naming the network and its
 * code. Failures the adapter raised itself with a specific code and no network code (too long,
 * media required) keep their core message (null here).
 */
export function describeFailure(
  platform: Platform,
  table: NetworkErrorTable,
  error: PublishError,
): string | null {
  const row = findErrorRow(table, error);
  const label = networkCodeLabel(error);
  if (row !== null)
    return label === null || row.message.includes(label) ? row.message : `${row.message} (${label})`;
  if (label === null) return null;
  return `${PLATFORM_LABELS[platform]} respondeu com um erro (${label}): ${FALLBACK_BY_KIND[error.kind]}`;
}

/** `error` with its pt-BR reason from `table` (same kind, code, detail: only the explanation is added). */
export function explainFailure(platform: Platform, table: NetworkErrorTable, error: unknown): unknown {
  if (!(error instanceof PublishError) || error.details.reason !== undefined) return error;
  const reason = describeFailure(platform, table, error);
  if (reason === null) return error;
  const explained = new PublishError(error.kind, error.code, error.message, { ...error.details, reason });
  explained.stack = error.stack;
  return explained;
}

/** The adapter whose publish and metrics failures carry their pt-BR reason from `table`. */
export function explainedBy(table: NetworkErrorTable, adapter: NetworkAdapter): NetworkAdapter {
  const explain = (error: unknown): never => {
    throw explainFailure(adapter.platform, table, error);
  };
  return {
    ...adapter,
    publish: (request, callOptions) => adapter.publish(request, callOptions).catch(explain),
    fetchMetrics: (request) => adapter.fetchMetrics(request).catch(explain),
  };
}

/**
 * The network's codes that mean the person (or the network) revoked Pauta's access — the app was
 * removed, the password changed — as opposed to a token that merely expired. Core accountHealth
 * shows such an account as revoked.
 */
export const REVOCATION_CODES: readonly string[] = [
  // LinkedIn: the member removed the app (serviceErrorCode 65601).
  'REVOKED_ACCESS_TOKEN',
  // Meta: the user removed the app / changed the password / the session was invalidated.
  '190/458',
  '190/460',
  '190/467',
];

/** Why a refused token (kind `auth`) stopped working: revoked at the network, or expired. */
export function tokenLossOf(error: PublishError): 'revoked' | 'expired' {
  const code = error.details.networkCode;
  return code !== undefined && REVOCATION_CODES.includes(code) ? 'revoked' : 'expired';
}
