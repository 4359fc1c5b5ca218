// Templates de Email (spec §7 call 10) and the outbox list, as plain functions. Only the active
// template of each name is used for sending; names are unique.
import { AppError, messages, redactSecrets } from '@pauta/core';
import {
  type Database,
  deleteEmailTemplate,
  type EmailTemplate,
  insertEmailTemplate,
  listEmailTemplates,
  listOutboxEmails,
  type OutboxStatus,
  type TemplateFields,
  updateEmailTemplate,
} from '@pauta/db';
import type { Kysely } from 'kysely';

export interface TemplateItem {
  id: string;
  templateName: string;
  subject: string;
  htmlContent: string;
  variables: Record<string, string>;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

function present(row: EmailTemplate): TemplateItem {
  const variables =
    row.variables && typeof row.variables === 'object' && !Array.isArray(row.variables) ? row.variables : {};
  return {
    id: row.id,
    templateName: row.template_name,
    subject: row.subject,
    htmlContent: row.html_content,
    variables: Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, String(v)])),
    isActive: row.is_active,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return String((error as { code?: string }).code) === '23505';
}

export async function listTemplates(db: Kysely<Database>): Promise<TemplateItem[]> {
  return (await listEmailTemplates(db)).map(present);
}

export async function createTemplate(db: Kysely<Database>, fields: TemplateFields): Promise<TemplateItem> {
  try {
    return present(await insertEmailTemplate(db, fields));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { reason: 'NAME_TAKEN' });
    throw error;
  }
}

export async function updateTemplate(
  db: Kysely<Database>,
  id: string,
  fields: TemplateFields,
): Promise<TemplateItem> {
  try {
    const row = await updateEmailTemplate(db, id, fields);
    if (!row) throw new AppError('NOT_FOUND');
    return present(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', { reason: 'NAME_TAKEN' });
    throw error;
  }
}

export async function deleteTemplate(db: Kysely<Database>, id: string): Promise<{ ok: true }> {
  if (!(await deleteEmailTemplate(db, id))) throw new AppError('NOT_FOUND');
  return { ok: true };
}

export const OUTBOX_PAGE_SIZE = 20;

export interface OutboxItem {
  id: string;
  to: string;
  templateName: string | null;
  subject: string;
  html: string;
  status: OutboxStatus;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * The local outbox, newest first: what was sent, kept (no SMTP) or failed. A token-bearing link
 * shows as '[link oculto]': its stored copy only ever held a placeholder.
 */
export async function listOutbox(
  db: Kysely<Database>,
  page: number,
): Promise<{ items: OutboxItem[]; total: number; page: number; pageSize: number }> {
  const { rows, total } = await listOutboxEmails(db, {
    offset: (page - 1) * OUTBOX_PAGE_SIZE,
    limit: OUTBOX_PAGE_SIZE,
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      templateName: row.template_name,
      subject: redactSecrets(row.subject, messages.admin.templates.outbox.redactedLink),
      html: redactSecrets(row.html, messages.admin.templates.outbox.redactedLink),
      status: row.status,
      error: row.error,
      createdAt: row.created_at,
      sentAt: row.status === 'pending' ? null : row.sent_at,
    })),
    total,
    page,
    pageSize: OUTBOX_PAGE_SIZE,
  };
}
