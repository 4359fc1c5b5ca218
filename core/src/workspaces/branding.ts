// A workspace's branding (docs/workspaces.md, "Dados do cliente"): its name, colour and logo, with
// the rules both the server (zod) and the form (before sending) check.

/** A cliente's name: 1–80 characters after trimming. */
export const WORKSPACE_NAME_MAX = 80;

/** The colour as stored: `#RRGGBB`. */
export const WORKSPACE_COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** The form's palette (Mantine's shade 7 of its hues, readable on light and dark). */
export const WORKSPACE_PALETTE = [
  '#1C7ED6',
  '#0CA678',
  '#F59F00',
  '#E8590C',
  '#E03131',
  '#C2255C',
  '#9C36B5',
  '#6741D9',
  '#1098AD',
  '#495057',
] as const;

/** A logo upload's limit, before processing (the stored logo is a 512 px WebP). */
export const WORKSPACE_LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** The longest side of a stored logo, in pixels. */
export const WORKSPACE_LOGO_SIDE = 512;

/** The upload route of the current cliente's logo (raw body, like a post's image). */
export const WORKSPACE_LOGO_PATH = '/api/workspace/logo';

/** The pt-BR problem with a name, or null when it is fine. */
export function workspaceNameIssue(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Informe o nome do cliente.';
  if (trimmed.length > WORKSPACE_NAME_MAX)
    return `O nome pode ter no máximo ${WORKSPACE_NAME_MAX} caracteres.`;
  return null;
}

/** The pt-BR problem with a custom colour, or null when it is a valid #RRGGBB. */
export function workspaceColorIssue(color: string): string | null {
  const trimmed = color.trim();
  if (trimmed === '') return 'Informe uma cor no formato #RRGGBB, por exemplo #1C7ED6.';
  return WORKSPACE_COLOR_PATTERN.test(trimmed)
    ? null
    : 'Cor inválida. Use o formato #RRGGBB: # seguido de 6 dígitos de 0 a 9 ou letras de A a F (ex.: #1C7ED6).';
}
