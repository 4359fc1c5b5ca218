// Turns whatever a tRPC call threw into the pt-BR toast the spec asks for. The server sends an
// ErrorCode as the error message (core/messages/error-codes) plus structured `data.details`.
import type { ErrorCode, ErrorDetailsByCode, MediaRejection, PasswordIssue } from '@pauta/core';
import {
  getErrorMessage,
  isErrorCode,
  mediaRejectionMessage,
  messages,
  PasswordIssue as PasswordIssues,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { isTRPCClientError } from '@trpc/client';

export interface ErrorText {
  title: string;
  message: string;
}

interface ErrorData {
  httpStatus?: number;
  /** The AppError's details: their type is given by the code (core/messages/app-error). */
  details?: unknown;
  zodError?: { formErrors: string[]; fieldErrors: Record<string, string[] | undefined> } | null;
}

/** `data` of a server error, as the server's error formatter shapes it (server/src/trpc/error-format.ts). */
function dataOf(error: unknown): ErrorData | undefined {
  return isTRPCClientError<AppRouter>(error) ? (error.data ?? undefined) : undefined;
}

/** The HTTP status of a tRPC error (`undefined` for a network failure or a non-tRPC error). */
export function httpStatusOf(error: unknown): number | undefined {
  return dataOf(error)?.httpStatus;
}

/** The server's ErrorCode (`'EMAIL_TAKEN'` …) or, for an input rejected by zod, `'VALIDATION_FAILED'`. */
export function errorCodeOf(error: unknown): string | null {
  if (!isTRPCClientError(error)) return null;
  if (isErrorCode(error.message)) return error.message;
  if (dataOf(error)?.zodError) return 'VALIDATION_FAILED';
  return null;
}

/** The pt-BR text of a date past the 2-year horizon (edit, calendar drag, drafts), or null. */
export function scheduleRangeText(error: unknown): string | null {
  return errorCodeOf(error) === 'SCHEDULE_OUT_OF_RANGE' ? getErrorMessage('SCHEDULE_OUT_OF_RANGE') : null;
}

/**
 * The typed details of a refusal with `code` (core ErrorDetailsByCode), or null for any other
 * error. The server sends each code's details in the declared shape (server/src/trpc/errors.ts).
 */
export function errorDetails<C extends ErrorCode & keyof ErrorDetailsByCode>(
  error: unknown,
  code: C,
): Partial<ErrorDetailsByCode[C]> | null {
  if (!isTRPCClientError(error) || error.message !== code) return null;
  const details = dataOf(error)?.details;
  return typeof details === 'object' && details !== null ? details : null;
}

/** A request that never got an answer (offline, server down): a tRPC error without data. */
function isNetworkError(error: unknown): boolean {
  return isTRPCClientError(error) && error.data === undefined;
}

const REQUEST_STATE_CODES = new Set([
  'REQUEST_IN_PROGRESS',
  'ACTION_OUTCOME_UNKNOWN',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_REQUIRED',
]);

/**
 * The text of a refusal about the request rather than the item (docs/idempotency.md: the same
 * action still running, an outcome to check, a key reused), which says more than a screen's
 * generic 'Erro ao …'; null for any other error.
 */
export function requestStateText(error: unknown): string | null {
  const code = errorCodeOf(error);
  return code && REQUEST_STATE_CODES.has(code) ? getErrorMessage(code) : null;
}

/** Fields the server's zod validation rejected (`['email']`). */
export function invalidFieldsOf(error: unknown): string[] {
  const fieldErrors = dataOf(error)?.zodError?.fieldErrors ?? {};
  return Object.keys(fieldErrors).filter((field) => (fieldErrors[field]?.length ?? 0) > 0);
}

const PASSWORD_ISSUES = new Set<string>(Object.values(PasswordIssues));

/** The reasons of a WEAK_PASSWORD rejection, in the server's order. */
export function passwordIssuesOf(error: unknown): PasswordIssue[] {
  const issues = errorDetails(error, 'WEAK_PASSWORD')?.passwordIssues;
  if (!Array.isArray(issues)) return [];
  return issues.filter((issue): issue is PasswordIssue => PASSWORD_ISSUES.has(issue));
}

/** The estimator's pt-BR warning and suggestions of a WEAK_PASSWORD rejection (TOO_WEAK), if any. */
export function passwordFeedbackOf(error: unknown): string[] {
  const feedback = errorDetails(error, 'WEAK_PASSWORD')?.passwordFeedback;
  if (!Array.isArray(feedback)) return [];
  return feedback.filter((line): line is string => typeof line === 'string').slice(0, 5);
}

/**
 * The generic mapping: a known code → its text under `title`; a network failure → the
 * connection text; anything else → 'Erro' / 'Ocorreu um erro inesperado.'.
 */
export function describeError(error: unknown, title: string = messages.common.error): ErrorText {
  const code = errorCodeOf(error);
  if (code === 'VALIDATION_FAILED' && invalidFieldsOf(error).includes('email'))
    return { title, message: messages.auth.invalidEmail };
  if (code === 'MEDIA_REJECTED') {
    const rejection = errorDetails(error, 'MEDIA_REJECTED');
    if (rejection?.reason) return { title, message: mediaRejectionMessage(rejection as MediaRejection) };
  }
  if (code && code !== 'INTERNAL') return { title, message: getErrorMessage(code) };
  if (isNetworkError(error)) return { title: messages.common.error, message: messages.errors.network };
  return { title: messages.common.error, message: messages.common.unexpectedError };
}

/** Spec §8, login: 'Erro no login' with the server's reason; unexpected → 'Erro'. */
export function describeSignInError(error: unknown): ErrorText {
  return describeError(error, messages.auth.loginErrorTitle);
}

/** Spec §8, sign-up: 'Erro no cadastro' with the server's reason (weak passwords list theirs). */
export function describeSignUpError(error: unknown): ErrorText {
  const issues = passwordIssuesOf(error);
  if (errorCodeOf(error) === 'WEAK_PASSWORD' && issues.length > 0)
    return {
      title: messages.auth.weakPasswordTitle,
      message: [
        ...issues.map((issue) => messages.auth.passwordIssues[issue]),
        ...passwordFeedbackOf(error),
      ].join(' '),
    };
  return describeError(error, messages.auth.signupErrorTitle);
}

/**
 * Spec §8, social sign-in return: an `?error=` code of the callback URL or the code of a failed
 * `auth.completeOAuth`, as the 'Erro de Autenticação' text.
 */
export function describeOAuthError(code: string | null, providerLabel: string | null): ErrorText {
  const title = messages.auth.authErrorTitle;
  switch (code) {
    case 'OAUTH_FAILED':
      return { title, message: messages.auth.oauthInvalidCredentials };
    case 'EMAIL_NOT_CONFIRMED':
      return { title, message: messages.auth.emailNotConfirmed };
    case 'access_denied':
      return {
        title,
        message: providerLabel ? messages.auth.connectError(providerLabel) : messages.auth.callbackUnexpected,
      };
    case 'redirect_uri_mismatch':
    case 'invalid_redirect_uri':
      return { title, message: messages.auth.redirectConfigError };
    case 'PLATFORM_NOT_CONFIGURED':
    case 'RATE_LIMITED':
      return { title, message: getErrorMessage(code) };
    default:
      return { title, message: messages.auth.callbackUnexpected };
  }
}
