// The live preview of a template: its sample variables substituted (HTML-escaped, by the same
// core renderer the server sends with), then sanitised by SafeHtmlFrame before display.
import { renderTemplate } from '@pauta/core';

type VariablesParse = { ok: true; value: Record<string, string> } | { ok: false };

/** The variables editor's text as a flat object of strings, or `{ ok: false }`. */
export function parseVariables(text: string): VariablesParse {
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false };
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.some(([key]) => !/^[A-Za-z0-9_]{1,64}$/.test(key))) return { ok: false };
    return { ok: true, value: Object.fromEntries(entries.map(([key, v]) => [key, String(v ?? '')])) };
  } catch {
    return { ok: false };
  }
}

export function previewOf(subject: string, html: string, variables: Record<string, string>) {
  return renderTemplate({ subject, html_content: html }, variables);
}
