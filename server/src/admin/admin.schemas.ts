// Request shapes of the admin router: strict objects with a size limit on every string and list.
import {
  DELETION_REQUEST_STATUSES,
  INPUT_LIMITS,
  PLATFORMS,
  PUBLISHING_LOG_STATUSES,
  ROLES,
} from '@pauta/core';
import { z } from 'zod';
import { parseLocalDate } from '../posts/post-filters.js';

const id = z.uuid();
/** Absent and null both mean "no filter" (a cleared select gives null). */
const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);
const localDate = z
  .string()
  .max(10)
  .refine((text) => parseLocalDate(text) !== null, { message: 'YYYY-MM-DD' });
const page = z.number().int().min(1).max(100_000).default(1);

export const USERS_PAGE_SIZE_MAX = 100;

export const listUsersSchema = z.strictObject({
  search: optional(z.string().trim().max(INPUT_LIMITS.searchQuery)),
  page,
  limit: z.number().int().min(1).max(USERS_PAGE_SIZE_MAX).default(20),
});

export const setRoleSchema = z.strictObject({ userId: id, role: z.enum(ROLES) });

const personName = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v));

export const updateProfileSchema = z.strictObject({
  userId: id,
  firstName: personName(INPUT_LIMITS.firstName),
  lastName: personName(INPUT_LIMITS.lastName),
  email: z.string().trim().min(1).max(INPUT_LIMITS.email).pipe(z.email()),
});

/**
 * Placeholder names: letters, digits and underscores (`{{first_name}}`). The names of an object's
 * own machinery are refused: superjson will not carry `constructor`, `prototype` or `__proto__`
 * keys (a prototype-pollution guard), so a template holding one made the template list answer 500.
 */
const RESERVED_VARIABLE_NAMES = new Set(['constructor', 'prototype', '__proto__']);
const variableName = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,64}$/)
  .refine((name) => !RESERVED_VARIABLE_NAMES.has(name), {
    message: 'este nome é reservado; escolha outro nome para a variável',
  });

/** The template body must fit the 100 kB request limit with room for the other fields. */
export const TEMPLATE_HTML_MAX = Math.min(INPUT_LIMITS.templateHtml, 90_000);

const templateFields = {
  templateName: z
    .string()
    .trim()
    .min(1)
    .max(INPUT_LIMITS.templateName)
    .regex(/^[a-z0-9_-]+$/, 'use letras minúsculas, números, - e _'),
  subject: z.string().trim().min(1).max(INPUT_LIMITS.templateSubject),
  htmlContent: z.string().min(1).max(TEMPLATE_HTML_MAX),
  variables: z
    .record(variableName, z.string().max(500))
    .refine((v) => Object.keys(v).length <= INPUT_LIMITS.templateVariables, {
      message: `no máximo ${INPUT_LIMITS.templateVariables} variáveis`,
    }),
  isActive: z.boolean(),
};

export const createTemplateSchema = z.strictObject(templateFields);
export const updateTemplateSchema = z.strictObject({ id, ...templateFields });
export const idSchema = z.strictObject({ id });

export const listLogsSchema = z.strictObject({
  page,
  status: optional(z.enum(PUBLISHING_LOG_STATUSES)),
  platform: optional(z.enum(PLATFORMS)),
  userId: optional(id),
  from: optional(localDate),
  to: optional(localDate),
});

export const listOutboxSchema = z.strictObject({ page });

export const updateSettingSchema = z.strictObject({
  key: z.string().trim().min(1).max(INPUT_LIMITS.settingKey),
  value: z.union([z.boolean(), z.number().finite(), z.string().max(INPUT_LIMITS.settingValue)]),
  /** True when `value` is JSON text to be parsed and stored as JSON (rejected when invalid). */
  json: z.boolean().optional(),
});

export const listDeletionRequestsSchema = z.strictObject({
  status: optional(z.enum(DELETION_REQUEST_STATUSES)),
});

/** The browser's window.location.origin, compared with APP_URL by the Diagnóstico. */
export const doctorInputSchema = z.strictObject({
  origin: z
    .string()
    .max(300)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
      } catch {
        return false;
      }
    }, 'deve ser uma origem http(s)://host[:porta]'),
});
