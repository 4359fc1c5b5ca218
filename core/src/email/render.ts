/**
 * Email templates (spec §3 email_templates): `{{name}}` placeholders filled from a variables
 * object. Pure (no I/O), shared by the web process, the worker and the admin preview.
 * In the HTML every value is HTML-escaped (docs/security.md V3); in the subject values are plain text
 * with CR/LF removed, so a value can never add a mail header.
 */

export type TemplateVariables = Readonly<Record<string, string | number | null | undefined>>;

export interface RenderableTemplate {
  readonly subject: string;
  readonly html_content: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]{1,64})\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text safe to place in HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A header-safe single line: CR, LF and other control characters become spaces. */
export function toHeaderText(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point.
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

function variableText(variables: TemplateVariables, name: string): string {
  if (!Object.hasOwn(variables, name)) return '';
  const value = variables[name];
  return value === null || value === undefined ? '' : String(value);
}

/**
 * Fills `{{name}}` placeholders: HTML-escaped values in the HTML, plain one-line values in the
 * subject. An unknown placeholder becomes empty text (never the raw `{{name}}`).
 */
export function renderTemplate(template: RenderableTemplate, variables: TemplateVariables): RenderedEmail {
  const subject = toHeaderText(
    template.subject.replace(PLACEHOLDER, (_all, name: string) =>
      toHeaderText(variableText(variables, name)),
    ),
  );
  const html = template.html_content.replace(PLACEHOLDER, (_all, name: string) =>
    escapeHtml(variableText(variables, name)),
  );
  return { subject, html };
}

// ---- token-bearing links --------------------------------------------------------------------

/**
 * The stored copy of an email never holds a token-bearing link (a password-reset or a
 * deletion-confirmation link): such "secret" variables are rendered as a placeholder, the value
 * is sealed apart, and only the sender puts it back (issue 11, item 6).
 */
const SECRET_PLACEHOLDER = /\[\[secret:([A-Za-z0-9_]{1,64})\]\]/g;

/** What secret variable `name` becomes in the stored copy (only [, ], letters: survives escaping). */
export function secretPlaceholder(name: string): string {
  return `[[secret:${name}]]`;
}

/** Renders with each of `secretNames` as its placeholder instead of its value. */
export function renderTemplateRedacted(
  template: RenderableTemplate,
  variables: TemplateVariables,
  secretNames: readonly string[],
): RenderedEmail {
  const withPlaceholders: Record<string, string | number | null | undefined> = { ...variables };
  for (const name of secretNames) withPlaceholders[name] = secretPlaceholder(name);
  return renderTemplate(template, withPlaceholders);
}

/** The message as sent: placeholders filled from `secrets` (escaped as renderTemplate would). */
export function fillSecrets(email: RenderedEmail, secrets: TemplateVariables): RenderedEmail {
  return {
    subject: toHeaderText(
      email.subject.replace(SECRET_PLACEHOLDER, (_all, name: string) =>
        toHeaderText(variableText(secrets, name)),
      ),
    ),
    html: email.html.replace(SECRET_PLACEHOLDER, (_all, name: string) =>
      escapeHtml(variableText(secrets, name)),
    ),
  };
}

/** The stored copy as administrators see it: every placeholder reads `replacement`. */
export function redactSecrets(text: string, replacement: string): string {
  return text.replace(SECRET_PLACEHOLDER, replacement);
}
