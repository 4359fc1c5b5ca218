/**
 * The CSV format of posts (docs/csv-import.md): its columns, and each row of an import checked
 * against the workspace (themes, connected accounts) before anything is saved. Pure: the caller
 * passes the clock, the person's time zone and what the workspace has.
 */
import { INPUT_LIMITS } from '../constants/limits.js';
import {
  normalizePlatform,
  PLATFORM_LABELS,
  PLATFORM_TEXT_LIMITS,
  PLATFORMS,
  type Platform,
} from '../constants/platforms.js';
import { csvMessages } from '../messages/csv.js';
import { isBeyondScheduleHorizon } from '../scheduling/horizon.js';
import { zonedTimeToUtc } from '../scheduling/zoned-time.js';
import { measurePostLength } from '../text/post-length.js';

/** The header, in this order, as the export writes it and the template shows it. */
export const POST_CSV_COLUMNS = [
  'título',
  'tema',
  'rede',
  'conta',
  'data',
  'hora',
  'texto',
  'imagem',
  'status',
] as const;
export type PostCsvColumn = (typeof POST_CSV_COLUMNS)[number];

/** Columns an import cannot do without; título, conta, imagem and status may be absent or empty. */
export const POST_CSV_REQUIRED_COLUMNS = [
  'tema',
  'rede',
  'data',
  'hora',
  'texto',
] as const satisfies readonly PostCsvColumn[];

/** The separator the export writes: Excel in pt-BR reads `;` as its list separator. Import takes `;` or `,`. */
export const POST_CSV_SEPARATOR = ';';
export const POST_CSV_MAX_ROWS = 500;
export const POST_CSV_MAX_BYTES = 1024 * 1024;

/** One row of an import as the preview shows it: the server checks it, the browser lists it. */
export interface CsvPreviewRow {
  line: number;
  title: string;
  theme: string;
  network: string;
  date: string;
  time: string;
  text: string;
  errors: string[];
  warnings: string[];
}

/** Lower case, no accents, no surrounding blanks: 'Título ' → 'titulo', 'LinkedIn (Página)' → 'linkedin (pagina)'. */
export function normalizeCsvKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

const COLUMN_KEYS = new Map(POST_CSV_COLUMNS.map((column) => [normalizeCsvKey(column), column]));

/** Which column each header cell is (unknown cells are ignored), and the required ones missing. */
export function mapCsvHeader(header: readonly string[]): {
  index: Partial<Record<PostCsvColumn, number>>;
  missing: PostCsvColumn[];
} {
  const index: Partial<Record<PostCsvColumn, number>> = {};
  header.forEach((cell, position) => {
    const column = COLUMN_KEYS.get(normalizeCsvKey(cell));
    if (column && index[column] === undefined) index[column] = position;
  });
  return { index, missing: POST_CSV_REQUIRED_COLUMNS.filter((column) => index[column] === undefined) };
}

/** The network a cell names: its id ('linkedin_page') or its label ('LinkedIn (Página)'), any case and accents; 'X', 'Twitter' too. */
export function platformFromCsv(value: string): Platform | null {
  const key = normalizeCsvKey(value);
  if (!key) return null;
  for (const platform of PLATFORMS) {
    const label = normalizeCsvKey(PLATFORM_LABELS[platform]);
    // A label with its own aside ('X (Twitter)') also answers to the name before it ('X').
    const short = label.replace(/\s*\(.*\)$/, '');
    if (key === platform || key === label || (short !== label && key === short && !hasSameShortLabel(short)))
      return platform;
  }
  return normalizePlatform(key);
}

/** 'LinkedIn' is both the profile's label and the Page's short one: the exact label wins, the short form is ambiguous. */
function hasSameShortLabel(short: string): boolean {
  return PLATFORMS.some((p) => normalizeCsvKey(PLATFORM_LABELS[p]) === short);
}

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const TIME = /^(\d{1,2}):(\d{2})$/;

/** 'dd/mm/aaaa' → a real calendar day, or null. */
export function parseCsvDate(value: string): { year: number; month: number; day: number } | null {
  const match = DATE.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || year < 1) return null;
  const last = new Date(Date.UTC(2000, month, 0));
  last.setUTCFullYear(year, month, 0);
  return day > last.getUTCDate() ? null : { year, month, day };
}

/** 'HH:mm' (or 'H:mm') of a 24-hour clock, or null. */
export function parseCsvTime(value: string): { hour: number; minute: number } | null {
  const match = TIME.exec(value.trim());
  if (!match) return null;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour > 23 || minute > 59 ? null : { hour, minute };
}

/** What an import checks a row against: the workspace's themes and connected accounts. */
export interface PostCsvContext {
  themes: readonly { id: string; name: string; networks: readonly Platform[] }[];
  /** The workspace's active account of each connected network (its username, when known). */
  accounts: Partial<Record<Platform, { username: string | null }>>;
  timeZone: string;
  now: Date;
}

/** A row ready to be stored. */
export interface PostCsvDraft {
  themeId: string;
  platform: Platform;
  title: string;
  content: string;
  scheduledFor: Date;
}

export interface PostCsvRowCheck {
  /** The line in the file (the header is line 1; a cell with line breaks makes later rows' lines larger). */
  line: number;
  cells: { title: string; theme: string; network: string; date: string; time: string; text: string };
  errors: string[];
  warnings: string[];
  /** Present only when the row has no error. */
  draft?: PostCsvDraft;
}

const cell = (row: readonly string[], position: number | undefined) =>
  position === undefined ? '' : unescapeCsvFormula((row[position] ?? '').trim());

/** The title of a row without one: the text's first line, cut at the title limit. */
function titleFromText(text: string): string {
  const first = text.split(/\r?\n/, 1)[0]?.trim() ?? '';
  return [...first].slice(0, Math.min(INPUT_LIMITS.postTitle, 80)).join('');
}

const accountKey = (value: string) => normalizeCsvKey(value).replace(/^@/, '');

/** Checks one data row; every problem is named in pt-BR. */
export function checkPostCsvRow(
  row: readonly string[],
  options: {
    line: number;
    index: Partial<Record<PostCsvColumn, number>>;
    columns: number;
    context: PostCsvContext;
  },
): PostCsvRowCheck {
  const { index, context } = options;
  const m = csvMessages.row;
  const errors: string[] = [];
  const warnings: string[] = [];
  const cells = {
    title: cell(row, index.título),
    theme: cell(row, index.tema),
    network: cell(row, index.rede),
    date: cell(row, index.data),
    time: cell(row, index.hora),
    // The text keeps its inner line breaks; only the ends are trimmed.
    text: cell(row, index.texto),
  };
  const account = cell(row, index.conta);
  const image = cell(row, index.imagem);
  if (row.length !== options.columns) errors.push(m.columnCount(row.length, options.columns));

  let theme: PostCsvContext['themes'][number] | undefined;
  if (!cells.theme) errors.push(m.themeMissing);
  else {
    const key = normalizeCsvKey(cells.theme);
    theme = context.themes.find((t) => normalizeCsvKey(t.name) === key);
    if (!theme) errors.push(m.themeUnknown(cells.theme));
  }

  let platform: Platform | null = null;
  if (!cells.network) errors.push(m.networkMissing);
  else {
    platform = platformFromCsv(cells.network);
    if (!platform) errors.push(m.networkUnknown(cells.network));
  }
  if (platform) {
    const label = PLATFORM_LABELS[platform];
    if (theme && !theme.networks.includes(platform)) errors.push(m.networkNotInTheme(label, theme.name));
    const connected = context.accounts[platform];
    if (!connected) errors.push(m.networkNotConnected(label));
    else if (account && accountKey(account) !== accountKey(connected.username ?? '')) {
      errors.push(m.accountUnknown(account, label));
    }
  }

  const date = cells.date ? parseCsvDate(cells.date) : null;
  if (!cells.date) errors.push(m.dateMissing);
  else if (!date) errors.push(m.dateInvalid(cells.date));
  const time = cells.time ? parseCsvTime(cells.time) : null;
  if (!cells.time) errors.push(m.timeMissing);
  else if (!time) errors.push(m.timeInvalid(cells.time));
  let scheduledFor: Date | null = null;
  if (date && time) {
    scheduledFor = zonedTimeToUtc({ ...date, ...time }, context.timeZone);
    if (scheduledFor.getTime() <= context.now.getTime()) errors.push(m.past);
    else if (isBeyondScheduleHorizon(scheduledFor, context.now)) errors.push(m.beyondHorizon);
  }

  if (!cells.text) errors.push(m.textEmpty);
  else if (platform) {
    const length = measurePostLength(platform, cells.text);
    const max = PLATFORM_TEXT_LIMITS[platform];
    if (length > max) errors.push(m.textTooLong(PLATFORM_LABELS[platform], length, max));
  }
  if ([...cells.title].length > INPUT_LIMITS.postTitle) errors.push(m.titleTooLong(INPUT_LIMITS.postTitle));
  if (!cells.title && cells.text) warnings.push(csvMessages.warning.titleFromText);

  // An http(s) address is fetched and checked by the server (an error there names the row);
  // anything else is an error here.
  if (image && !isCsvImageUrl(image)) errors.push(m.imageNotHttp(image));

  const check: PostCsvRowCheck = { line: options.line, cells, errors, warnings };
  if (errors.length === 0 && theme && platform && scheduledFor) {
    check.draft = {
      themeId: theme.id,
      platform,
      title: cells.title || titleFromText(cells.text),
      content: cells.text,
      scheduledFor,
    };
  }
  return check;
}

/** An `imagem` cell the server may fetch: one http(s) address with a host and no blanks. */
export function isCsvImageUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/]+\S*$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A cell Excel would run as a formula (=, +, -, @, tab, CR first): the export prefixes it with an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

function escapeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The import takes the export's apostrophe back off (also for the option columns, read by the server). */
export function unescapeCsvFormula(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

function quoteCell(value: string, separator: string): string {
  const safe = escapeFormula(value);
  return /["\r\n]/.test(safe) || safe.includes(separator) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A CSV file of posts: UTF-8 with a BOM (Excel then reads accents right), `;` between cells,
 * CRLF between rows, cells quoted only when they must be. `extraColumns` (the network options'
 * `opcoes_<rede>.<opção>` columns) follow the fixed ones; a row without one of them writes ''.
 */
export function buildPostsCsv(
  rows: readonly (Record<PostCsvColumn, string> & Readonly<Record<string, string>>)[],
  separator = POST_CSV_SEPARATOR,
  extraColumns: readonly string[] = [],
): string {
  const columns = [...POST_CSV_COLUMNS, ...extraColumns];
  const lines = [columns.map((column) => quoteCell(column, separator)).join(separator)];
  for (const row of rows)
    lines.push(columns.map((column) => quoteCell(row[column] ?? '', separator)).join(separator));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The downloadable template: the header and one example row, a week after `now`. */
export function postsCsvTemplate(options: {
  now: Date;
  timeZone: string;
  themeName?: string | undefined;
  network?: Platform | undefined;
}): string {
  const when = new Date(options.now.getTime() + 7 * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: options.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(when);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return buildPostsCsv([
    {
      título: 'Lançamento da coleção de verão',
      tema: options.themeName ?? 'Nome do seu tema',
      rede: PLATFORM_LABELS[options.network ?? PLATFORMS[0]],
      conta: '',
      data: `${part('day')}/${part('month')}/${part('year')}`,
      hora: '10:00',
      texto: 'Chegou a coleção de verão!\nConheça as novidades na loja.',
      imagem: '',
      status: '',
    },
  ]);
}
