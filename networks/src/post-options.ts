// The one check of a post's network options (docs/post-options.md): the server runs it before a
// post is saved or scheduled, the Editar Post dialog runs it as the person types, so both refuse
// the same values with the same pt-BR words. Browser-safe: it reads only the profile's declaration.
import type { NetworkProfile, PostOptionField } from './profile.js';
import type { PostOptionValues } from './publishing/types.js';

/** What is wrong with one option: its key ('' for the whole set) and the pt-BR sentence to show. */
export interface PostOptionIssue {
  readonly key: string;
  readonly message: string;
}

export type PostOptionsCheck =
  | { readonly ok: true; readonly values: PostOptionValues }
  | { readonly ok: false; readonly issues: readonly PostOptionIssue[] };

export interface PostOptionsInput {
  /** Whether the post has a video (the options declared `media: 'video'` apply only then). */
  hasVideo: boolean;
  /** The values as sent (the request's JSON, the stored column); absent or null: none set. */
  values: Readonly<Record<string, unknown>> | null | undefined;
}

type Value = string | boolean;

/** A local date-time without a zone, as the network's place reads it: '2026-12-24T18:30'. */
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** '2026-12-24T18:30' for a real calendar day and time, else null. */
export function parsePostOptionDateTime(text: string): string | null {
  const match = DATETIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59) return null;
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}`;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Whether `field` applies, given the values (or defaults) of the options declared before it. */
function applies(field: PostOptionField, hasVideo: boolean, effective: ReadonlyMap<string, Value>): boolean {
  if (field.media === 'video' && !hasVideo) return false;
  if (field.media === 'no-video' && hasVideo) return false;
  if (field.when && effective.get(field.when.key) !== field.when.equals) return false;
  if (field.whenIn) {
    const value = effective.get(field.whenIn.key);
    if (value === undefined || !field.whenIn.values.includes(value)) return false;
  }
  return true;
}

/** The options the form shows for these values: declared order, hidden ones left out. */
export function visiblePostOptions(
  fields: readonly PostOptionField[],
  input: PostOptionsInput,
): PostOptionField[] {
  const effective = new Map<string, Value>();
  const shown: PostOptionField[] = [];
  for (const field of fields) {
    if (!applies(field, input.hasVideo, effective)) continue;
    shown.push(field);
    const raw = input.values?.[field.key];
    const value = raw === undefined || raw === null || raw === '' ? field.default : raw;
    if (typeof value === 'string' || typeof value === 'boolean') effective.set(field.key, value);
  }
  return shown;
}

/** One value checked against its field: the normalised value, undefined (unset) or a refusal. */
function checkValue(field: PostOptionField, raw: unknown): { value?: Value; message?: string } {
  const label = `“${field.label}”`;
  if (raw === undefined || raw === null) return {};
  switch (field.kind) {
    case 'boolean':
      return typeof raw === 'boolean' ? { value: raw } : { message: `Marque ou desmarque ${label}.` };
    case 'choice': {
      if (raw === '') return {};
      const known = typeof raw === 'string' && (field.choices ?? []).some((c) => c.value === raw);
      return known ? { value: raw } : { message: `Escolha uma das opções de ${label}.` };
    }
    case 'text':
    case 'url': {
      if (typeof raw !== 'string') return { message: `${label} precisa ser um texto.` };
      const text = raw.trim();
      if (text === '') return {};
      const length = [...text].length;
      if (field.maxLength !== undefined && length > field.maxLength)
        return {
          message: `${label} tem ${length} caracteres e o máximo é ${field.maxLength}. Encurte o texto.`,
        };
      if (field.kind === 'url' && !isHttpUrl(text))
        return { message: `${label} precisa ser um link completo, como https://seusite.com.br/pagina.` };
      return { value: text };
    }
    case 'datetime': {
      if (typeof raw !== 'string') return { message: `Informe a data e a hora de ${label}.` };
      if (raw.trim() === '') return {};
      const parsed = parsePostOptionDateTime(raw);
      return parsed === null
        ? { message: `Informe uma data e uma hora válidas em ${label}.` }
        : { value: parsed };
    }
  }
}

/**
 * Checks a post's options against its network's declaration: every key is a declared option, each
 * value fits its field (a listed choice, a boolean, a text within `maxLength`, an http(s) link, a
 * real date-time not before its `notBefore`), every `required` option that applies is set. An option
 * that does not apply (its `when`/`whenIn` fails, or its `media` is the other kind) is dropped
 * silently, so switching Oferta back to Novidade keeps no coupon. Unset keys stay absent: the
 * adapter uses the field's default. A network that declares no options takes only `{}`.
 */
export function checkPostOptions(
  profile: Pick<NetworkProfile, 'label' | 'postOptions'>,
  input: PostOptionsInput,
): PostOptionsCheck {
  const fields = profile.postOptions ?? [];
  const values = input.values ?? {};
  const issues: PostOptionIssue[] = [];
  const declared = new Set(fields.map((f) => f.key));
  for (const key of Object.keys(values)) {
    if (!declared.has(key))
      issues.push({ key, message: `O ${profile.label} não tem a opção “${key}”. Recarregue a página.` });
  }
  const effective = new Map<string, Value>();
  const normalised: Record<string, Value> = {};
  for (const field of fields) {
    if (!applies(field, input.hasVideo, effective)) continue;
    const { value, message } = checkValue(field, values[field.key]);
    if (message !== undefined) {
      issues.push({ key: field.key, message });
      continue;
    }
    if (value === undefined) {
      if (field.required && (field.default === undefined || field.default === null))
        issues.push({
          key: field.key,
          message: `${field.kind === 'choice' ? 'Escolha' : field.kind === 'boolean' ? 'Responda' : 'Preencha'} “${field.label}” nas Opções do ${profile.label} antes de agendar.`,
        });
      else if (field.default !== undefined && field.default !== null) effective.set(field.key, field.default);
      continue;
    }
    if (field.notBefore !== undefined) {
      const start = normalised[field.notBefore];
      if (typeof start === 'string' && typeof value === 'string' && value < start) {
        const other = fields.find((f) => f.key === field.notBefore)?.label ?? field.notBefore;
        issues.push({ key: field.key, message: `“${field.label}” precisa ser depois de “${other}”.` });
        continue;
      }
    }
    normalised[field.key] = value;
    effective.set(field.key, value);
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, values: normalised };
}
