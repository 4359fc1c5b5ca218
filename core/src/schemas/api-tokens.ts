// The "Criar token" form (Integrações; docs/api.md), shared by the client form and the server's input.
import { z } from 'zod';
import { API_TOKEN_NAME_MAX, API_TOKEN_PATTERN, API_TOKEN_SCOPES } from '../constants/api-tokens.js';
import { apiMessages } from '../messages/api.js';

export const apiTokenCreateSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, apiMessages.tokens.nameRequired)
    .max(API_TOKEN_NAME_MAX, apiMessages.tokens.nameTooLong(API_TOKEN_NAME_MAX)),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES))
    .max(API_TOKEN_SCOPES.length * 2)
    .transform((values) => API_TOKEN_SCOPES.filter((scope) => values.includes(scope)))
    .pipe(z.array(z.enum(API_TOKEN_SCOPES)).min(1, apiMessages.tokens.scopesRequired)),
  /**
   * The token itself, made by the browser (generateApiToken): the server stores only its hash,
   * and never sends it back. Fewer than 20 distinct characters is not a random token.
   */
  token: z
    .string()
    .regex(API_TOKEN_PATTERN, apiMessages.tokens.badToken)
    .refine((token) => new Set(token.slice(10)).size >= 20, apiMessages.tokens.badToken),
  /** One of API_TOKEN_EXPIRY_DAYS: 30, 90 or 365 days, or null (never expires). */
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()]),
});
export type ApiTokenCreateInput = z.input<typeof apiTokenCreateSchema>;
