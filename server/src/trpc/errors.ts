// From the one application error (core AppError) to tRPC: each ErrorCode's tRPC code, hence its
// HTTP status. Services and routers only `throw new AppError(code, details)`; the middleware of
// every procedure (trpc.ts) turns it into a TRPCError with this code, and the error formatter
// (error-format.ts) sends the code, its pt-BR text and the typed details (docs/architecture.md).
import {
  type AppError,
  type CarouselIssue,
  type ConnectionFailure,
  carouselRefusalMessage,
  classifyConnectionError,
  connectionErrorMessage,
  type ErrorCode,
  type ErrorDetailsByCode,
  getErrorMessage,
  isPlatform,
  type MediaRejection,
  mediaRejectionMessage,
  type SnippetIssue,
  snippetRefusalMessage,
  type WebhookUrlRefusal,
  webhookUrlRefusalMessage,
} from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';

export type TrpcCode = TRPCError['code'];

/** The tRPC code (and so the HTTP status) of each ErrorCode. */
export const TRPC_CODE_OF = {
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  EMAIL_TAKEN: 'CONFLICT',
  WEAK_PASSWORD: 'BAD_REQUEST',
  EMAIL_NOT_CONFIRMED: 'BAD_REQUEST',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  THEME_LIMIT_REACHED: 'FORBIDDEN',
  VALIDATION_FAILED: 'BAD_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  FORBIDDEN: 'FORBIDDEN',
  WORKSPACE_UNAVAILABLE: 'NOT_FOUND',
  WORKSPACE_LIMIT_REACHED: 'FORBIDDEN',
  WORKSPACE_PUBLISHING: 'CONFLICT',
  WORKSPACE_PERSONAL: 'FORBIDDEN',
  WORKSPACE_NAME_MISMATCH: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PLATFORM_NOT_CONFIGURED: 'BAD_REQUEST',
  OAUTH_FAILED: 'BAD_REQUEST',
  AI_UNAVAILABLE: 'BAD_GATEWAY',
  AI_MALFORMED: 'BAD_GATEWAY',
  AI_NOT_CONFIGURED: 'PRECONDITION_FAILED',
  SCHEDULE_OUT_OF_RANGE: 'BAD_REQUEST',
  QUEUE_NO_ACCOUNT: 'CONFLICT',
  QUEUE_NO_SLOTS: 'CONFLICT',
  QUEUE_FULL: 'CONFLICT',
  BUDGET_EXCEEDED: 'PRECONDITION_FAILED',
  MALFORMED_REQUEST: 'BAD_REQUEST',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  IDEMPOTENCY_KEY_REQUIRED: 'BAD_REQUEST',
  IDEMPOTENCY_KEY_REUSED: 'UNPROCESSABLE_CONTENT',
  REQUEST_IN_PROGRESS: 'CONFLICT',
  ACTION_OUTCOME_UNKNOWN: 'CONFLICT',
  MEDIA_REJECTED: 'BAD_REQUEST',
  MEDIA_LINK_INVALID: 'FORBIDDEN',
  MEDIA_NOT_FOUND: 'NOT_FOUND',
  DATABASE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  WEBHOOK_URL_REFUSED: 'BAD_REQUEST',
  SNIPPET_REFUSED: 'BAD_REQUEST',
  CAROUSEL_REFUSED: 'BAD_REQUEST',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
} as const satisfies Record<ErrorCode, TrpcCode>;

/** The TRPCError an AppError leaves a procedure as; the AppError stays its cause. */
export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({
    code: error.upstream ? 'BAD_GATEWAY' : TRPC_CODE_OF[error.code],
    message: error.code,
    cause: error,
  });
}

/**
 * The HTTP status of an AppError on the routes that are not tRPC (media uploads and reads): the
 * status tRPC gives its code, except an upload refused for its size, which is a 413.
 */
export function httpStatusOf(error: AppError): number {
  const rejection =
    error.code === 'MEDIA_REJECTED' ? (error.details as MediaRejection | undefined) : undefined;
  if (rejection?.reason === 'UPLOAD_TOO_LARGE') return 413;
  if (
    rejection?.reason === 'VIDEO_REFUSED' &&
    rejection.rejections.some((r) => r.reason === 'VIDEO_UPLOAD_TOO_LARGE')
  )
    return 413;
  return getHTTPStatusCodeFromError(toTRPCError(error));
}

/**
 * The pt-BR text of a failed connection (OAUTH_FAILED): the network's own refusal (its profile's
 * `accountCard.refusals`), else the guidance for the kind of failure (the network could not be
 * reached, a redirect URL not authorised …), else the code's "Credenciais inválidas".
 */
function connectionFailureText(failure: Partial<ConnectionFailure>): string {
  const platform = isPlatform(failure.platform) ? failure.platform : undefined;
  const { reason } = failure;
  if (reason) {
    const own = platform ? NETWORK_PROFILES[platform].accountCard.refusals?.[reason] : undefined;
    if (own) return own;
    const kind = classifyConnectionError(reason);
    if (kind) return connectionErrorMessage(kind, platform);
  }
  return getErrorMessage('OAUTH_FAILED');
}

/** The pt-BR text of an AppError: a media rejection's or a failed connection's own, else its code's. */
export function userMessageOf(error: AppError): string {
  if (error.code === 'OAUTH_FAILED' && error.details)
    return connectionFailureText(error.details as Partial<ConnectionFailure>);
  if (error.code === 'WEBHOOK_URL_REFUSED' && error.details)
    return webhookUrlRefusalMessage((error.details as { reason: WebhookUrlRefusal }).reason);
  // A post's network options: the first refusal's own sentence (it names the network and the field).
  if (error.code === 'VALIDATION_FAILED') {
    const first = (error.details as ErrorDetailsByCode['VALIDATION_FAILED'] | undefined)?.optionIssues?.[0];
    if (first) return first.message;
    // The composer's refusals (docs/composer.md): the first network's, which names it.
    const network = (error.details as ErrorDetailsByCode['VALIDATION_FAILED'] | undefined)
      ?.networkIssues?.[0];
    if (network) return network.message;
  }
  if (error.code === 'CAROUSEL_REFUSED')
    return carouselRefusalMessage(error.details as CarouselIssue | undefined);
  if (error.code === 'SNIPPET_REFUSED')
    return snippetRefusalMessage(error.details as SnippetIssue | undefined);
  return error.code === 'MEDIA_REJECTED' && error.details
    ? mediaRejectionMessage(error.details as MediaRejection)
    : getErrorMessage(error.code);
}
