// Email: the templates admins edit (spec §3 email_templates), the outbox every email goes through
// (SMTP when configured, otherwise kept for admins to read) and the password-reset tokens.
// A pending outbox row is claimed by setting sent_at (a lease): a sender that dies mid-send
// leaves the row pending and it is tried again once the lease has run out.
// Token-bearing links ("secrets") are never stored in clear: the row keeps a placeholder, the
// values are sealed with the token keyring (AAD email_outbox:<id>:sealed_secrets) and dropped as
// soon as the row leaves 'pending' (sent, stored without SMTP, or failed).
import { randomUUID } from 'node:crypto';
import { renderTemplate, renderTemplateRedacted, type TemplateVariables } from '@pauta/core';
import type { Kysely } from 'kysely';
import { type Keyring, seal, tokenAad, unseal } from '../crypto.js';
import type { Database, EmailTemplate } from '../schema.js';

export type OutboxStatus = 'pending' | 'sent' | 'stored' | 'failed';

export interface OutboxRow {
  id: string;
  to_address: string;
  template_name: string | null;
  subject: string;
  html: string;
  status: OutboxStatus;
  error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

/** A row claimed for sending: with its sealed secrets (never listed for administrators). */
export interface ClaimedOutboxRow extends OutboxRow {
  sealed_secrets: string | null;
  /** A media-storage key to attach at send time (a report's PDF), with its file name. */
  attachment_key: string | null;
  attachment_name: string | null;
}

/** A file in media storage attached when the email is sent (the row keeps only its key). */
export interface OutboxAttachment {
  key: string;
  filename: string;
}

export interface TemplateFields {
  templateName: string;
  subject: string;
  htmlContent: string;
  variables: Record<string, string>;
  isActive: boolean;
}

// ---- templates -------------------------------------------------------------------------------

export async function listEmailTemplates(db: Kysely<Database>): Promise<EmailTemplate[]> {
  return db.selectFrom('email_templates').selectAll().orderBy('template_name').orderBy('id').execute();
}

/** The template of that name when it is active: the only one used for sending. */
export async function findActiveTemplate(
  db: Kysely<Database>,
  templateName: string,
): Promise<EmailTemplate | undefined> {
  return db
    .selectFrom('email_templates')
    .selectAll()
    .where('template_name', '=', templateName)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

/** Inserts a template; a taken name fails with PostgreSQL's unique violation (23505). */
export async function insertEmailTemplate(
  db: Kysely<Database>,
  fields: TemplateFields,
): Promise<EmailTemplate> {
  return db
    .insertInto('email_templates')
    .values({
      template_name: fields.templateName,
      subject: fields.subject,
      html_content: fields.htmlContent,
      variables: JSON.stringify(fields.variables),
      is_active: fields.isActive,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEmailTemplate(
  db: Kysely<Database>,
  id: string,
  fields: TemplateFields,
): Promise<EmailTemplate | undefined> {
  return db
    .updateTable('email_templates')
    .set({
      template_name: fields.templateName,
      subject: fields.subject,
      html_content: fields.htmlContent,
      variables: JSON.stringify(fields.variables),
      is_active: fields.isActive,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEmailTemplate(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('email_templates').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- outbox ----------------------------------------------------------------------------------

const OUTBOX_COLUMNS = [
  'id',
  'to_address',
  'template_name',
  'subject',
  'html',
  'status',
  'error',
  'created_at',
  'sent_at',
] as const;

const secretsAad = (id: string) => tokenAad('email_outbox', id, 'sealed_secrets');

/** Token-bearing values of one message and the keyring that seals them at rest. */
export interface OutboxSecrets {
  values: Readonly<Record<string, string>>;
  keyring: Keyring;
}

export async function insertOutboxEmail(
  db: Kysely<Database>,
  email: {
    to: string;
    templateName: string | null;
    subject: string;
    html: string;
    secrets?: OutboxSecrets | undefined;
    attachment?: OutboxAttachment | undefined;
  },
): Promise<string> {
  const id = randomUUID();
  const secrets = email.secrets;
  await db
    .insertInto('email_outbox')
    .values({
      id,
      to_address: email.to,
      template_name: email.templateName,
      subject: email.subject,
      html: email.html,
      status: 'pending',
      sealed_secrets: secrets ? seal(secrets.keyring, JSON.stringify(secrets.values), secretsAad(id)) : null,
      attachment_key: email.attachment?.key ?? null,
      attachment_name: email.attachment?.filename ?? null,
    })
    .execute();
  return id;
}

/** The secret values of a claimed row (throws UnsealError when its key is gone). */
export function openOutboxSecrets(
  keyring: Keyring,
  row: Pick<ClaimedOutboxRow, 'id' | 'sealed_secrets'>,
): Record<string, string> {
  if (!row.sealed_secrets) return {};
  return JSON.parse(unseal(keyring, row.sealed_secrets, secretsAad(row.id))) as Record<string, string>;
}

/**
 * Renders the active template `templateName` with `variables` (core renderTemplate: escaped
 * HTML, one-line subject) and stores it as a pending outbox row; `secrets` are stored as
 * placeholders and sealed apart (see the top of this file). Returns the row id, or null when no
 * active template has that name (nothing is sent).
 */
export async function queueTemplatedEmail(
  db: Kysely<Database>,
  options: {
    templateName: string;
    to: string;
    variables: TemplateVariables;
    secrets?: OutboxSecrets;
    attachment?: OutboxAttachment;
  },
): Promise<string | null> {
  const template = await findActiveTemplate(db, options.templateName);
  if (!template) return null;
  const secrets = options.secrets;
  const rendered = secrets
    ? renderTemplateRedacted(template, options.variables, Object.keys(secrets.values))
    : renderTemplate(template, options.variables);
  return insertOutboxEmail(db, {
    to: options.to,
    templateName: template.template_name,
    subject: rendered.subject,
    html: rendered.html,
    secrets,
    attachment: options.attachment,
  });
}

/**
 * Claims up to `limit` pending rows whose lease is free (never tried, or tried longer than
 * `leaseMs` ago), oldest first; `ids` narrows the claim to those rows. Concurrent senders never
 * claim the same row (FOR UPDATE SKIP LOCKED).
 */
export async function claimOutboxEmails(
  db: Kysely<Database>,
  options: { limit: number; leaseMs: number; now: Date; ids?: readonly string[] },
): Promise<ClaimedOutboxRow[]> {
  if (options.ids && options.ids.length === 0) return [];
  const leaseCutoff = new Date(options.now.getTime() - options.leaseMs);
  const rows = await db
    .updateTable('email_outbox')
    .set({ sent_at: options.now })
    .where('id', 'in', (eb) => {
      let claim = eb
        .selectFrom('email_outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where((w) => w.or([w('sent_at', 'is', null), w('sent_at', '<', leaseCutoff)]));
      if (options.ids) claim = claim.where('id', 'in', [...options.ids]);
      return claim.orderBy('created_at').limit(options.limit).forUpdate().skipLocked();
    })
    .returning([...OUTBOX_COLUMNS, 'sealed_secrets', 'attachment_key', 'attachment_name'])
    .execute();
  return rows as ClaimedOutboxRow[];
}

export async function finishOutboxEmail(
  db: Kysely<Database>,
  id: string,
  outcome: { status: Exclude<OutboxStatus, 'pending'>; error: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('email_outbox')
    .set({ status: outcome.status, error: outcome.error, sent_at: outcome.at, sealed_secrets: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** One page of the outbox, newest first, with the exact total. */
export async function listOutboxEmails(
  db: Kysely<Database>,
  options: { offset: number; limit: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('email_outbox')
      .select(OUTBOX_COLUMNS)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(options.offset)
      .limit(options.limit)
      .execute(),
    db
      .selectFrom('email_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as OutboxRow[], total: Number(count.n) };
}

// ---- password reset tokens -------------------------------------------------------------------

export async function insertPasswordResetToken(
  db: Kysely<Database>,
  token: { id: string; userId: string; secretHash: Uint8Array; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_reset_tokens')
    .values({
      id: token.id,
      user_id: token.userId,
      secret_hash: token.secretHash,
      expires_at: token.expiresAt,
    })
    .execute();
}

export async function findPasswordResetToken(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('password_reset_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.secret_hash', 't.expires_at', 't.used_at', 'u.email'])
    .where('t.id', '=', id)
    .executeTakeFirst();
}

/** Spends the token once: true only for the caller that flipped used_at (single use). */
export async function markPasswordResetTokenUsed(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Every other open token of the user stops working once the password changed. */
export async function spendUserPasswordResetTokens(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function setPasswordHash(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
