/**
 * Error codes the server sends (tRPC error `cause`/data) and the worker stores; the client
 * turns a code into pt-BR text through these maps. A code without a text fails the type check.
 */
import { INPUT_LIMITS, MAX_SCHEDULE_AHEAD_DAYS } from '../constants/limits.js';
import { QUEUE_LOOKAHEAD_WEEKS } from '../scheduling/queue-slots.js';

export const ErrorCode = {
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  EMAIL_NOT_CONFIRMED: 'EMAIL_NOT_CONFIRMED',
  RATE_LIMITED: 'RATE_LIMITED',
  THEME_LIMIT_REACHED: 'THEME_LIMIT_REACHED',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  FORBIDDEN: 'FORBIDDEN',
  /** The workspace named by the request does not exist or the person is not (or no longer) a member. */
  WORKSPACE_UNAVAILABLE: 'WORKSPACE_UNAVAILABLE',
  /** The person already created as many workspaces as max_workspaces_per_user allows. */
  WORKSPACE_LIMIT_REACHED: 'WORKSPACE_LIMIT_REACHED',
  /** A workspace being deleted has a post the worker is publishing at this moment. */
  WORKSPACE_PUBLISHING: 'WORKSPACE_PUBLISHING',
  /** The personal workspace cannot be deleted. */
  WORKSPACE_PERSONAL: 'WORKSPACE_PERSONAL',
  /** The name typed to confirm a workspace's deletion is not its name. */
  WORKSPACE_NAME_MISMATCH: 'WORKSPACE_NAME_MISMATCH',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PLATFORM_NOT_CONFIGURED: 'PLATFORM_NOT_CONFIGURED',
  OAUTH_FAILED: 'OAUTH_FAILED',
  AI_UNAVAILABLE: 'AI_UNAVAILABLE',
  AI_MALFORMED: 'AI_MALFORMED',
  /** A feature that only the AI does (e.g. alt text suggestions) and no AI key is configured. */
  AI_NOT_CONFIGURED: 'AI_NOT_CONFIGURED',
  SCHEDULE_OUT_OF_RANGE: 'SCHEDULE_OUT_OF_RANGE',
  /** Posting queue (docs/posting-queue.md): the post's network has no connected account in this workspace. */
  QUEUE_NO_ACCOUNT: 'QUEUE_NO_ACCOUNT',
  /** Posting queue: the account has no slots yet. */
  QUEUE_NO_SLOTS: 'QUEUE_NO_SLOTS',
  /** Posting queue: every slot of the look-ahead is taken. */
  QUEUE_FULL: 'QUEUE_FULL',
  /** The new date goes past a network budget and the user did not confirm it (docs/budgets.md). */
  BUDGET_EXCEEDED: 'BUDGET_EXCEEDED',
  MALFORMED_REQUEST: 'MALFORMED_REQUEST',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** A mutation without a valid Idempotency-Key (docs/idempotency.md): only an outdated or foreign client. */
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
  /** The same key was already used for another action or other data. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** The same action is still running (another request with the same key). */
  REQUEST_IN_PROGRESS: 'REQUEST_IN_PROGRESS',
  /** The same action started long ago and never finished (a crashed process): check before repeating. */
  ACTION_OUTCOME_UNKNOWN: 'ACTION_OUTCOME_UNKNOWN',
  /** An image refused by content, size, dimensions or a network's limits (details: MediaRejection). */
  MEDIA_REJECTED: 'MEDIA_REJECTED',
  /** A signed image URL that is forged, altered or expired (GET /media/…). */
  MEDIA_LINK_INVALID: 'MEDIA_LINK_INVALID',
  /** A signed image URL whose image is gone (deleted with its post). */
  MEDIA_NOT_FOUND: 'MEDIA_NOT_FOUND',
  /**
   * PostgreSQL is away (restarting, unreachable): nothing was done, the same action can be sent
   * again in a few seconds (HTTP 503; docs/operations.md, "PostgreSQL away").
   */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  /** A webhook address refused: not http(s), or a private/internal address (details: reason). */
  WEBHOOK_URL_REFUSED: 'WEBHOOK_URL_REFUSED',
  /** A saved snippet refused: empty, too long, a bad hashtag, a taken name, the cap (details: SnippetIssue). */
  SNIPPET_REFUSED: 'SNIPPET_REFUSED',
  /** An AI carousel's slides or their use on the post were refused (details: CarouselIssue). */
  CAROUSEL_REFUSED: 'CAROUSEL_REFUSED',
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const ERROR_CODES = Object.values(ErrorCode) as readonly ErrorCode[];

export const errorMessages = {
  INVALID_CREDENTIALS: 'Email ou senha incorretos.',
  EMAIL_TAKEN: 'Este email já está cadastrado. Faça login ou use outro email.',
  WEAK_PASSWORD: 'A senha é muito fraca. Escolha uma senha mais forte.',
  EMAIL_NOT_CONFIRMED: 'Email não confirmado. Verifique sua caixa de entrada.',
  RATE_LIMITED: 'Muitas tentativas em pouco tempo. Aguarde um momento e tente novamente.',
  THEME_LIMIT_REACHED: 'Você atingiu o limite de temas permitido. Exclua um tema para criar outro.',
  VALIDATION_FAILED: 'Alguns dados estão inválidos. Verifique os campos e tente novamente.',
  NOT_FOUND: 'O item solicitado não foi encontrado.',
  CONFLICT: 'Este item foi alterado por outra ação. Recarregue a página e tente novamente.',
  FORBIDDEN: 'Você não tem permissão para realizar esta ação.',
  WORKSPACE_UNAVAILABLE: 'Este cliente não existe ou você não tem mais acesso a ele. Escolha outro cliente.',
  WORKSPACE_LIMIT_REACHED: 'Você atingiu o limite de clientes permitido. Exclua um cliente para criar outro.',
  WORKSPACE_PUBLISHING:
    'Um post deste cliente está sendo publicado agora. Nada foi excluído: aguarde alguns segundos e tente de novo.',
  WORKSPACE_PERSONAL: 'O seu espaço pessoal não pode ser excluído. Você pode renomeá-lo.',
  WORKSPACE_NAME_MISMATCH:
    'O nome digitado não é o nome do cliente. Digite-o exatamente como aparece para confirmar a exclusão.',
  UNAUTHORIZED: 'Sua sessão expirou. Faça login novamente.',
  PLATFORM_NOT_CONFIGURED: 'Esta rede social ainda não foi configurada pelo administrador.',
  OAUTH_FAILED: 'Credenciais inválidas. Tente novamente.',
  AI_UNAVAILABLE: 'O serviço de IA está indisponível no momento. Tente novamente mais tarde.',
  AI_MALFORMED: 'Formato de resposta inválido da IA',
  AI_NOT_CONFIGURED:
    'A IA não está configurada neste servidor, então não há sugestões. Escreva o texto alternativo você mesmo.',
  SCHEDULE_OUT_OF_RANGE: `A data de publicação pode ser no máximo daqui a ${MAX_SCHEDULE_AHEAD_DAYS / 365} anos. Escolha uma data mais próxima.`,
  QUEUE_NO_ACCOUNT:
    'Não há conta conectada desta rede neste cliente. Conecte a conta em Contas Conectadas para usar a fila.',
  QUEUE_NO_SLOTS:
    'Esta conta ainda não tem horários na fila. Crie os horários em Fila de publicação e tente de novo.',
  QUEUE_FULL: `Todos os horários da fila desta conta nas próximas ${QUEUE_LOOKAHEAD_WEEKS} semanas estão ocupados. Crie mais horários em Fila de publicação.`,
  BUDGET_EXCEEDED:
    'Esta data passa do orçamento de posts da rede. Confirme para agendar mesmo assim ou escolha outra data.',
  MALFORMED_REQUEST: 'A requisição não pôde ser entendida. Recarregue a página e tente novamente.',
  PAYLOAD_TOO_LARGE: 'Os dados enviados são grandes demais.',
  IDEMPOTENCY_KEY_REQUIRED: 'Não foi possível identificar esta ação. Recarregue a página e tente novamente.',
  IDEMPOTENCY_KEY_REUSED:
    'Esta ação já foi enviada com outros dados. Recarregue a página e faça a alteração de novo.',
  REQUEST_IN_PROGRESS:
    'Esta ação já está em andamento. Aguarde alguns segundos: o resultado aparece em seguida.',
  ACTION_OUTCOME_UNKNOWN:
    'Não foi possível confirmar se esta ação foi concluída. Recarregue a página e confira antes de repetir.',
  MEDIA_REJECTED: 'A imagem foi recusada. Verifique o formato e o tamanho e tente novamente.',
  MEDIA_LINK_INVALID: 'Link de imagem inválido ou expirado.',
  MEDIA_NOT_FOUND: 'Imagem não encontrada.',
  DATABASE_UNAVAILABLE: 'Estamos com uma instabilidade temporária. Tente de novo em alguns instantes.',
  WEBHOOK_URL_REFUSED: 'Este endereço não pode receber webhooks. Use um endereço https público.',
  SNIPPET_REFUSED: 'Este trecho não pôde ser salvo. Confira o nome e o texto.',
  CAROUSEL_REFUSED: 'O carrossel não pôde ser salvo. Confira os slides e tente de novo.',
  INTERNAL: 'Ocorreu um erro inesperado.',
} as const satisfies Record<ErrorCode, string>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(errorMessages, value);
}

/** pt-BR text for a server error code; the generic text for anything unknown. */
export function getErrorMessage(code: unknown): string {
  return isErrorCode(code) ? errorMessages[code] : errorMessages.INTERNAL;
}

/** Why the server rejected a password (sent with WEAK_PASSWORD). */
export const PasswordIssue = {
  TOO_SHORT: 'TOO_SHORT',
  TOO_LONG: 'TOO_LONG',
  TOO_COMMON: 'TOO_COMMON',
  /** zxcvbn (pt-BR and common dictionaries) scores it below 3 of 4: guessable in well under 10^10 tries. */
  TOO_WEAK: 'TOO_WEAK',
  CONTAINS_EMAIL: 'CONTAINS_EMAIL',
} as const;
export type PasswordIssue = (typeof PasswordIssue)[keyof typeof PasswordIssue];

export const passwordIssueMessages = {
  TOO_SHORT: `A senha deve ter pelo menos ${INPUT_LIMITS.passwordMin} caracteres.`,
  TOO_LONG: `A senha deve ter no máximo ${INPUT_LIMITS.passwordMax} caracteres.`,
  TOO_COMMON: 'Esta senha é muito comum. Escolha outra.',
  TOO_WEAK: 'Esta senha é fácil de adivinhar. Use uma frase com palavras pouco comuns.',
  CONTAINS_EMAIL: 'A senha não pode conter o seu email.',
} as const satisfies Record<PasswordIssue, string>;

/**
 * Why a publication failed: the worker records the code with the post (suggested_posts.last_error)
 * and the client shows its text to the owner; publishing_logs keeps the technical detail.
 */
export const PublishErrorCode = {
  ACCOUNT_NOT_CONNECTED: 'ACCOUNT_NOT_CONNECTED',
  ACCOUNT_NEEDS_RECONNECT: 'ACCOUNT_NEEDS_RECONNECT',
  PLATFORM_NOT_CONFIGURED: 'PLATFORM_NOT_CONFIGURED',
  CONTENT_TOO_LONG: 'CONTENT_TOO_LONG',
  DUPLICATE_CONTENT: 'DUPLICATE_CONTENT',
  REJECTED: 'REJECTED',
  RATE_LIMITED: 'RATE_LIMITED',
  NETWORK_UNAVAILABLE: 'NETWORK_UNAVAILABLE',
  UNKNOWN_OUTCOME: 'UNKNOWN_OUTCOME',
  MEDIA_REQUIRED: 'MEDIA_REQUIRED',
  MISSED: 'MISSED',
  /** Its time came and the post was not approved (a theme that requires approval): not sent. */
  APPROVAL_OVERDUE: 'APPROVAL_OVERDUE',
  /**
   * A recurring post's next occurrence on a network that refuses repeated text: the AI could not
   * write a variation, so it was not scheduled with the same text (docs/recurring-posts.md).
   */
  NO_TEXT_VARIATION: 'NO_TEXT_VARIATION',
  INTERNAL: 'INTERNAL',
} as const;
export type PublishErrorCode = (typeof PublishErrorCode)[keyof typeof PublishErrorCode];

/** NO_TEXT_VARIATION naming the post's network (stored as the occurrence's reason). */
export function noTextVariationMessage(network: string): string {
  return `O ${network} recusa um texto igual a uma publicação recente, e a IA não conseguiu escrever uma variação para esta repetição, então ela não foi agendada. Edite o texto e clique em "Tentar novamente".`;
}

/**
 * MEDIA_REQUIRED naming the post's own network (`PLATFORM_LABELS`): "O Pinterest exige…", not
 * always Instagram. The worker stores it as the post's reason; the live toast says it too.
 */
export function mediaRequiredMessage(network: string): string {
  return `O ${network} exige uma imagem em cada post. Adicione uma imagem para publicar.`;
}

export const publishErrorMessages = {
  ACCOUNT_NOT_CONNECTED: 'Nenhuma conta conectada para esta rede. Conecte a conta em Contas Conectadas.',
  ACCOUNT_NEEDS_RECONNECT: 'A conexão com a rede expirou. Reconecte a conta em Contas Conectadas.',
  PLATFORM_NOT_CONFIGURED: 'Esta rede social ainda não foi configurada pelo administrador.',
  CONTENT_TOO_LONG: 'O texto ultrapassa o limite de caracteres da rede. Edite o post e reagende.',
  DUPLICATE_CONTENT: 'A rede recusou o post por ser igual a uma publicação recente.',
  REJECTED: 'A rede recusou a publicação.',
  RATE_LIMITED: 'A rede limitou o número de publicações. Uma nova tentativa será feita em breve.',
  NETWORK_UNAVAILABLE: 'A rede está indisponível no momento. Uma nova tentativa será feita em breve.',
  UNKNOWN_OUTCOME:
    'Não foi possível confirmar se o post foi publicado. Verifique na rede antes de reagendar para evitar duplicidade.',
  MEDIA_REQUIRED: 'O Instagram exige uma imagem em cada post. Adicione uma imagem para publicar.',
  MISSED: 'O horário de publicação passou há mais de 24 horas e o post não foi publicado.',
  APPROVAL_OVERDUE:
    'O horário de publicação chegou e o post ainda não foi aprovado, então não foi publicado. Aprove-o no Quadro de aprovação para publicar agora, ou reagende.',
  NO_TEXT_VARIATION:
    'A rede recusa um texto igual a uma publicação recente, e a IA não conseguiu escrever uma variação para esta repetição, então ela não foi agendada. Edite o texto e clique em "Tentar novamente".',
  INTERNAL: 'Ocorreu um erro inesperado ao publicar.',
} as const satisfies Record<PublishErrorCode, string>;

/**
 * Why a post has no account to go out from (docs/workspaces.md "Several accounts of one network"):
 * its own account was disconnected (it never goes out from another one of the network).
 */
export const postAccountMessages = {
  disconnected:
    'A conta escolhida para este post foi desconectada. Reconecte-a em Contas Conectadas ou escolha outra conta em Editar Post e reagende.',
} as const;

export function isPublishErrorCode(value: unknown): value is PublishErrorCode {
  return typeof value === 'string' && Object.hasOwn(publishErrorMessages, value);
}
