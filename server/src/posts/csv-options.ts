// The network options of the CSV import and export (docs/csv-import.md "Opções das redes"): one
// column per declared option, `opcoes_<rede>.<opção>` (`opcoes_google_business.postType`), read
// and written from the networks' registry (NETWORK_PROFILES[platform].postOptions), so this file
// names no network. Each row's cells become the values `validatePostOptions` checks — the same
// validator as Editar Post — and its refusals are the row's pt-BR errors in the preview.
import {
  csvMessages,
  normalizeCsvKey,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
  unescapeCsvFormula,
} from '@pauta/core';
import {
  NETWORK_PROFILES,
  type PostOptionField,
  type PostOptionValues,
  parsePostOptionDateTime,
  validatePostOptions,
} from '@pauta/networks/browser';

/** A header cell that names one option of one network. */
export interface OptionColumn {
  position: number;
  /** As the export writes it: `opcoes_google_business.postType`. */
  name: string;
  platform: Platform;
  field: PostOptionField;
}

const PREFIX = 'opcoes_';

/** The column name of `field` on `platform`, as the export writes it. */
export function optionColumnName(platform: Platform, field: Pick<PostOptionField, 'key'>): string {
  return `${PREFIX}${platform}.${field.key}`;
}

const KNOWN = new Map(
  PLATFORMS.flatMap((platform) =>
    (NETWORK_PROFILES[platform].postOptions ?? []).map(
      (field) => [normalizeCsvKey(optionColumnName(platform, field)), { platform, field }] as const,
    ),
  ),
);

/**
 * The header's option columns (matched without case or accents: `Opções_Google_Business.posttype`
 * is one). A cell that starts like one (`opcoes_`) but names no declared option is a file error:
 * a typo would otherwise drop the option silently.
 */
export function optionColumnsOf(
  header: readonly string[],
): { columns: OptionColumn[] } | { fileError: string } {
  const columns: OptionColumn[] = [];
  for (const [position, cell] of header.entries()) {
    const key = normalizeCsvKey(cell);
    if (!key.startsWith(PREFIX)) continue;
    const known = KNOWN.get(key);
    if (!known) return { fileError: csvMessages.file.optionColumnUnknown(cell.trim()) };
    if (columns.some((c) => c.platform === known.platform && c.field.key === known.field.key)) continue;
    columns.push({ position, name: optionColumnName(known.platform, known.field), ...known });
  }
  return { columns };
}

const YES = new Set(['sim', 's', 'true', 'verdadeiro', '1', 'x']);
const NO = new Set(['nao', 'n', 'false', 'falso', '0']);

/** 'dd/mm/aaaa HH:mm' (the export's form) or 'aaaa-mm-ddTHH:mm' → 'aaaa-mm-ddTHH:mm', else null. */
function dateTimeOf(text: string): string | null {
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})[ T]+(\d{1,2}):(\d{2})$/.exec(text);
  if (br) {
    const pad = (v: string | undefined) => (v ?? '').padStart(2, '0');
    return parsePostOptionDateTime(`${br[3]}-${pad(br[2])}-${pad(br[1])}T${pad(br[4])}:${br[5]}`);
  }
  return parsePostOptionDateTime(text);
}

/** One cell as the validator's value: a choice by its value or its pt-BR label, sim/não, a date. */
function cellValue(field: PostOptionField, text: string): { value: string | boolean } | { message: string } {
  switch (field.kind) {
    case 'choice': {
      const key = normalizeCsvKey(text);
      const choice = (field.choices ?? []).find(
        (c) => normalizeCsvKey(c.value) === key || normalizeCsvKey(c.label) === key,
      );
      return choice
        ? { value: choice.value }
        : {
            message: csvMessages.option.choice(
              field.label,
              text,
              (field.choices ?? []).map((c) => c.label),
            ),
          };
    }
    case 'boolean': {
      const key = normalizeCsvKey(text);
      if (YES.has(key)) return { value: true };
      if (NO.has(key)) return { value: false };
      return { message: csvMessages.option.yesNo(field.label, text) };
    }
    case 'datetime': {
      const parsed = dateTimeOf(text);
      return parsed === null
        ? { message: csvMessages.option.dateTime(field.label, text) }
        : { value: parsed };
    }
    default:
      return { value: text };
  }
}

/**
 * A row's options for its network: the validated values (what is stored with the post; `{}` when
 * the row sets none: the network's defaults), or the row's pt-BR errors. A cell of another
 * network's option must be empty. A CSV post has no video (images are not imported either).
 */
export function rowOptions(
  cells: readonly string[],
  columns: readonly OptionColumn[],
  platform: Platform,
): { values: PostOptionValues } | { errors: string[] } {
  const errors: string[] = [];
  const values: Record<string, string | boolean> = {};
  const columnOf = new Map<string, string>();
  for (const column of columns) {
    const text = unescapeCsvFormula((cells[column.position] ?? '').trim());
    if (text === '') continue;
    if (column.platform !== platform) {
      errors.push(
        csvMessages.option.otherNetwork(
          column.name,
          PLATFORM_LABELS[column.platform],
          PLATFORM_LABELS[platform],
        ),
      );
      continue;
    }
    columnOf.set(column.field.key, column.name);
    const read = cellValue(column.field, text);
    if ('message' in read) errors.push(csvMessages.option.inColumn(read.message, column.name));
    else values[column.field.key] = read.value;
  }
  if (errors.length > 0) return { errors };
  const checked = validatePostOptions(platform, { hasVideo: false, values });
  if (checked.ok) return { values: checked.values };
  return {
    errors: checked.issues.map((issue) =>
      csvMessages.option.inColumn(
        issue.message,
        columnOf.get(issue.key) ?? optionColumnName(platform, { key: issue.key }),
      ),
    ),
  };
}

/** The export's option columns: every declared option of the networks among `platforms`, in registry order. */
export function exportOptionColumns(
  platforms: ReadonlySet<Platform>,
): { platform: Platform; field: PostOptionField; name: string }[] {
  return PLATFORMS.filter((p) => platforms.has(p)).flatMap((platform) =>
    (NETWORK_PROFILES[platform].postOptions ?? []).map((field) => ({
      platform,
      field,
      name: optionColumnName(platform, field),
    })),
  );
}

/** A stored value as the export writes it (and the import reads back): label, sim/não, dd/mm/aaaa HH:mm. */
export function exportOptionCell(field: PostOptionField, value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (field.kind) {
    case 'choice':
      return field.choices?.find((c) => c.value === value)?.label ?? String(value);
    case 'boolean':
      return value === true ? 'sim' : value === false ? 'não' : '';
    case 'datetime': {
      const parsed = typeof value === 'string' ? parsePostOptionDateTime(value) : null;
      if (parsed === null) return String(value);
      const [day, time] = parsed.split('T') as [string, string];
      const [y, m, d] = day.split('-');
      return `${d}/${m}/${y} ${time}`;
    }
    default:
      return String(value);
  }
}
