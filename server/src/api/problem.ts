// RFC 9457 problem details (application/problem+json) for the REST API (docs/api.md "Erros"):
// every refusal carries the app's ErrorCode (`code`), its HTTP status, and the pt-BR `detail` the
// UI shows for the same code (core/messages/error-codes) — one error model for both.
import { type ErrorCode, errorMessages } from '@pauta/core';
import type { Response } from 'express';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
/** Base of each problem's `type`: the API reference's section on error codes. */
const TYPE_BASE = '/api/v1/docs#erro-';

/** Titles (pt-BR, short) of the statuses the API answers with. */
const TITLES: Record<number, string> = {
  400: 'Requisição inválida',
  401: 'Não autenticado',
  403: 'Sem permissão',
  404: 'Não encontrado',
  409: 'Conflito',
  412: 'Pré-condição não atendida',
  413: 'Dados grandes demais',
  422: 'Não processável',
  429: 'Muitas requisições',
  500: 'Erro interno',
  502: 'Falha em serviço externo',
  503: 'Serviço indisponível',
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  /** Request id: what to quote to support. */
  instance?: string;
  /** Rejected fields and zod's issue codes (VALIDATION_FAILED). */
  errors?: { field: string; issues: string[] }[];
  /** An AppError's typed details (e.g. which networks a text is too long for). */
  details?: unknown;
}

export function problemOf(
  status: number,
  code: ErrorCode,
  extra: { detail?: string; requestId?: string; errors?: Problem['errors']; details?: unknown } = {},
): Problem {
  return {
    type: `${TYPE_BASE}${code.toLowerCase().replaceAll('_', '-')}`,
    title: TITLES[status] ?? 'Erro',
    status,
    detail: extra.detail ?? errorMessages[code],
    code,
    ...(extra.requestId ? { instance: `urn:pauta:request:${extra.requestId}` } : {}),
    ...(extra.errors?.length ? { errors: extra.errors } : {}),
    ...(extra.details !== undefined && extra.details !== null ? { details: extra.details } : {}),
  };
}

export function sendProblem(res: Response, problem: Problem): void {
  res.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}
