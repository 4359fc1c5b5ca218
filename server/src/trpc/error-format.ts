// The one shape every tRPC error leaves the server in: `message` is an ErrorCode
// (core/messages/error-codes), `data.userMessage` its pt-BR text, `data.details` the typed details
// of an AppError (core/messages/app-error), `data.httpStatus` the status of its code, and `data.zodError` only the names of rejected fields with
// zod's issue codes. Whatever tRPC, superjson, JSON.parse or zod said ("Maximum call stack size
// exceeded", "Cannot destructure property 'json'…", "Unexpected end of JSON input", zod's English
// issues, "No procedure found on path …") stays on the server (issue 11, item 9).
import { AppError, type ErrorCode, errorMessages, isErrorCode } from '@pauta/core';
import { isDatabaseUnavailable } from '@pauta/db';
import type { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { toTRPCError, userMessageOf } from './errors.js';

/** The ErrorCode a client sees for a tRPC error code that carries no ErrorCode of ours. */
const BY_TRPC_CODE: Partial<Record<TRPCError['code'], ErrorCode>> = {
  PARSE_ERROR: 'MALFORMED_REQUEST',
  BAD_REQUEST: 'MALFORMED_REQUEST',
  METHOD_NOT_SUPPORTED: 'MALFORMED_REQUEST',
  UNSUPPORTED_MEDIA_TYPE: 'MALFORMED_REQUEST',
  UNPROCESSABLE_CONTENT: 'MALFORMED_REQUEST',
  NOT_FOUND: 'NOT_FOUND',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'RATE_LIMITED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
};

export interface FieldIssues {
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
}

/** The rejected fields of a zod error, each with its issue codes ('invalid_type', 'too_big' …). */
export function fieldIssues(error: ZodError): FieldIssues {
  const result: FieldIssues = { formErrors: [], fieldErrors: {} };
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) {
      result.formErrors.push(issue.code);
      continue;
    }
    const key = String(field);
    result.fieldErrors[key] = [...(result.fieldErrors[key] ?? []), issue.code];
  }
  return result;
}

export function publicErrorCode(error: TRPCError, invalidInput: boolean): ErrorCode {
  if (isErrorCode(error.message) && error.code !== 'INTERNAL_SERVER_ERROR') return error.message;
  if (invalidInput) return 'VALIDATION_FAILED';
  return BY_TRPC_CODE[error.code] ?? 'INTERNAL';
}

/** What errorFormatter returns for `shape` (tRPC's default) and `error`. */
export function formatError<
  Shape extends {
    code: number;
    message: string;
    data: { stack?: string; code: TRPCError['code']; httpStatus: number };
  },
>(shape: Shape, thrown: TRPCError) {
  // An AppError that reached here without the procedures' middleware (trpc.ts) is mapped here,
  // and so is PostgreSQL being away (a 503 to try again, whatever statement met it).
  const error =
    thrown.code !== 'INTERNAL_SERVER_ERROR'
      ? thrown
      : thrown.cause instanceof AppError
        ? toTRPCError(thrown.cause)
        : isDatabaseUnavailable(thrown.cause)
          ? toTRPCError(new AppError('DATABASE_UNAVAILABLE'))
          : thrown;
  const zodError =
    error.code === 'BAD_REQUEST' && error.cause instanceof ZodError ? fieldIssues(error.cause) : null;
  const code = publicErrorCode(error, zodError !== null);
  const details = error.cause instanceof AppError ? (error.cause.details ?? null) : null;
  const { stack: _stack, ...data } = shape.data;
  return {
    ...shape,
    code: TRPC_ERROR_CODES_BY_KEY[error.code],
    message: code,
    data: {
      ...data,
      code: error.code,
      httpStatus: getHTTPStatusCodeFromError(error),
      zodError,
      details,
      // A refused webhook address says why (which kind of address), a failed connection why
      // (the network's refusal, or that it could not be reached), and a refused snippet which
      // field or hashtag, and a post's refused network option its field and network
      // (docs/post-options.md) — not only the code's text.
      userMessage: answeredUserMessage(code, error.cause instanceof AppError ? error.cause : undefined),
    },
  };
}

/**
 * The `userMessage` an error answer carries: for a refused webhook address, a failed connection, a
 * refused snippet or carousel and a post's refused network option, the reason's own text (userMessageOf);
 * for every other code, the code's text (a media rejection's own sentence is drawn by the client
 * from its details). The security fuzz checks every answer against this.
 */
export function answeredUserMessage(code: ErrorCode, cause: AppError | undefined): string {
  return cause !== undefined &&
    (code === 'WEBHOOK_URL_REFUSED' ||
      code === 'OAUTH_FAILED' ||
      code === 'SNIPPET_REFUSED' ||
      code === 'CAROUSEL_REFUSED' ||
      (code === 'VALIDATION_FAILED' && cause.details !== undefined))
    ? userMessageOf(cause)
    : errorMessages[code];
}
