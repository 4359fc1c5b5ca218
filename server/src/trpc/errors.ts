// Errors as codes: the server throws an ErrorCode (core/messages), the client shows its pt-BR text.

import type { ErrorCode } from '@pauta/core';
import { TRPCError } from '@trpc/server';

type TrpcCode = ConstructorParameters<typeof TRPCError>[0]['code'];

export class AppErrorDetails extends Error {
  override name = 'AppErrorDetails';
  constructor(readonly details: Record<string, unknown>) {
    super('details');
  }
}

export function appError(code: TrpcCode, errorCode: ErrorCode, details?: Record<string, unknown>): TRPCError {
  return new TRPCError({
    code,
    message: errorCode,
    ...(details ? { cause: new AppErrorDetails(details) } : {}),
  });
}
