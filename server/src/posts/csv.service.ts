// CSV import and export of posts (docs/csv-import.md). The import is checked row by row against the
// workspace before anything is saved (preview), then stored in one transaction (confirm) exactly as
// posts drafted in the app: the theme's approval rule, one wake-up per post after the commit.

import { randomUUID } from 'node:crypto';
import {
  APPROVAL_STAGE_LABELS,
  AppError,
  buildPostsCsv,
  type CsvPreviewRow,
  checkPostCsvRow,
  csvMessages,
  formatDate,
  formatTime,
  MEDIA_ALT_TEXT_MAX,
  mapCsvHeader,
  PLATFORM_LABELS,
  type Platform,
  POST_CSV_MAX_BYTES,
  POST_CSV_MAX_ROWS,
  POST_STATUS_LABELS,
  type PostCsvRowCheck,
  platformFromCsv,
  unescapeCsvFormula,
} from '@pauta/core';
import {
  csvPostKey,
  deleteComposerMedia,
  existingPostKeys,
  findComposerMedia,
  insertCsvImport,
  listActiveAccounts,
  listPostsForExport,
  listThemes,
  maxPostOrders,
  type NewGroupMedia,
} from '@pauta/db';
import type { PostOptionValues } from '@pauta/networks/browser';
import Papa from 'papaparse';
import type { AppDeps } from '../deps.js';
import type { ProcessedImage } from '../media/process-image.js';
import {
  altColumnOf,
  CSV_IMAGE_MAX_URLS,
  type CsvFileRequest,
  type CsvImageDeps,
  type CsvImageRequest,
  checkCsvImageFiles,
  fetchCsvImages,
  fileColumnOf,
  fileNameKey,
  storeCsvImage,
  takeCsvFetchBudget,
} from './csv-images.js';
import { exportOptionCell, exportOptionColumns, optionColumnsOf, rowOptions } from './csv-options.js';
import { type PostListFilter, toInstantFilter } from './post-filters.js';
import type { PostsDeps } from './posts.service.js';

/** Most posts one export writes (a workspace's whole calendar fits many times over). */
export const EXPORT_MAX_POSTS = 5000;
/** How long an exported image URL stays valid. */
const EXPORT_IMAGE_URL_TTL_S = 7 * 24 * 60 * 60;

export interface ParsedCsv {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

/** `;` when the header line has more of them than commas (Excel pt-BR), else `,`. */
function separatorOf(text: string): ';' | ',' {
  const end = text.search(/\r?\n/);
  const header = end === -1 ? text : text.slice(0, end);
  const count = (c: string) => header.split(c).length - 1;
  return count(';') >= count(',') && count(';') > 0 ? ';' : ',';
}

/**
 * Reads a CSV text with papaparse: a leading BOM, `;` or `,`, quoted cells with separators, quotes
 * ("") and line breaks inside; blank lines (and lines of separators only) are skipped. Each row
 * keeps the line of the file it starts on. A file-level problem (empty, too big, a quote never
 * closed) is a pt-BR text.
 */
export function parsePostsCsv(input: string): ParsedCsv | { fileError: string } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  if (new TextEncoder().encode(text).length > POST_CSV_MAX_BYTES)
    return { fileError: csvMessages.file.tooLarge(POST_CSV_MAX_BYTES / 1024 / 1024) };
  if (!text.trim()) return { fileError: csvMessages.file.empty };
  const records: { line: number; cells: string[] }[] = [];
  let fileError: string | null = null;
  let newlinesBefore = 0;
  let counted = 0;
  Papa.parse<string[]>(text, {
    delimiter: separatorOf(text),
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      const cursor = result.meta.cursor;
      // The line after the previous row: where a row that cannot be read starts, near enough.
      const nextLine = 1 + newlinesBefore;
      newlinesBefore += countNewlines(text, counted, cursor);
      counted = cursor;
      // The row ends on the line before its terminating break; its own cells' breaks came before.
      const endLine = 1 + newlinesBefore - (text[cursor - 1] === '\n' ? 1 : 0);
      const inside = result.data.reduce((sum, cell) => sum + countNewlines(cell, 0, cell.length), 0);
      const line = endLine - inside;
      if (result.errors.some((e) => e.type === 'Quotes')) {
        fileError = csvMessages.file.unreadable(nextLine);
        parser.abort();
        return;
      }
      records.push({ line, cells: result.data });
    },
  });
  if (fileError) return { fileError };
  const [header, ...rows] = records;
  if (!header) return { fileError: csvMessages.file.empty };
  return { header: header.cells, rows };
}

/** A cell as the row check reads it: trimmed, the export's formula apostrophe taken off. */
function unescapeCell(value: string | undefined): string {
  return unescapeCsvFormula((value ?? '').trim());
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n += 1;
  return n;
}

export interface CsvPreview {
  /** The whole file cannot be read (then `rows` is empty). */
  fileError: string | null;
  /** Warnings about the file as a whole: an uploaded image no row names. */
  fileWarnings: string[];
  rows: CsvPreviewRow[];
  /** Rows with an error: while > 0 nothing can be imported. */
  errorCount: number;
  /** Posts a confirm would create (rows without error, less repeats and posts that already exist). */
  importable: number;
}

interface CheckedImport {
  fileError: string | null;
  /** Uploaded images no row names (they are not imported). */
  fileWarnings?: string[];
  checks: (PostCsvRowCheck & {
    skip: boolean;
    networkOptions?: PostOptionValues;
    /** The `imagem` address's image, fetched and checked for the row's network. */
    image?: { processed: ProcessedImage; altText: string };
  })[];
}

type CsvDeps = Pick<PostsDeps, 'db' | 'now'> & Partial<Pick<AppDeps, 'media'>> & CsvImageDeps;

/** What an import's two steps receive: the CSV's text and the images uploaded beside it. */
export interface CsvImportInput {
  workspaceId: string;
  csv: string;
  timeZone: string;
  /** Images uploaded beside the CSV (POST /api/composer/media), by the name a row gives. */
  files?: readonly { name: string; id: string }[];
  /** Images whose upload was refused, with the upload's pt-BR sentence (a row naming one is an error). */
  refused?: readonly { name: string; message: string }[];
}

/** Parses and checks every row against the workspace: its themes, connected accounts and posts. */
async function checkImport(deps: CsvDeps, options: CsvImportInput): Promise<CheckedImport> {
  const parsed = parsePostsCsv(options.csv);
  if ('fileError' in parsed) return { fileError: parsed.fileError, checks: [] };
  const { index, missing } = mapCsvHeader(parsed.header);
  if (missing.length > 0) return { fileError: csvMessages.file.missingColumns(missing), checks: [] };
  const optionHeader = optionColumnsOf(parsed.header);
  if ('fileError' in optionHeader) return { fileError: optionHeader.fileError, checks: [] };
  if (parsed.rows.length === 0) return { fileError: csvMessages.file.noRows, checks: [] };
  if (parsed.rows.length > POST_CSV_MAX_ROWS)
    return { fileError: csvMessages.file.tooManyRows(parsed.rows.length, POST_CSV_MAX_ROWS), checks: [] };

  const [themes, accounts] = await Promise.all([
    listThemes(deps.db, options.workspaceId),
    listActiveAccounts(deps.db, options.workspaceId),
  ]);
  const context = {
    themes: themes.map((t) => ({ id: t.id, name: t.name, networks: t.social_networks })),
    accounts: Object.fromEntries(
      accounts
        .filter((a) => a.status === 'active' || a.status === 'needs_reconnect')
        .map((a) => [a.platform, { username: a.platform_username }]),
    ) as Partial<Record<Platform, { username: string | null }>>,
    timeZone: options.timeZone,
    now: deps.now?.() ?? new Date(),
  };
  const checks: CheckedImport['checks'] = parsed.rows.map((row) => {
    const check = {
      ...checkPostCsvRow(row.cells, { line: row.line, index, columns: parsed.header.length, context }),
      skip: false,
    };
    // The row's network options (the `opcoes_<rede>.<opção>` columns), checked as Editar Post does.
    const platform = platformFromCsv(check.cells.network);
    if (!platform) return check;
    const read = rowOptions(row.cells, optionHeader.columns, platform);
    if ('errors' in read) {
      check.errors.push(...read.errors);
      delete check.draft;
      return check;
    }
    return { ...check, networkOptions: read.values };
  });
  // The same post twice in the file, or already in the workspace (a file imported again): skipped.
  const drafts = checks.flatMap((c) => (c.draft ? [c.draft] : []));
  const existing = await existingPostKeys(deps.db, options.workspaceId, drafts);
  const seen = new Set<string>();
  for (const check of checks) {
    if (!check.draft) continue;
    const key = csvPostKey(check.draft);
    if (existing.has(key)) {
      check.warnings.push(csvMessages.warning.duplicate);
      check.skip = true;
    } else if (seen.has(key)) {
      check.warnings.push(csvMessages.warning.duplicateInFile);
      check.skip = true;
    }
    seen.add(key);
  }

  // The images: an address fetched, or a file uploaded beside the CSV, for the rows that would be
  // imported (no error, not skipped), then checked as an upload for the row's network. A failure
  // is the row's error: nothing is imported.
  const altColumn = altColumnOf(parsed.header);
  const fileColumn = fileColumnOf(parsed.header);
  const files = options.files ?? [];
  const refused = options.refused ?? [];
  if (files.length + refused.length > CSV_IMAGE_MAX_URLS)
    return { fileError: csvMessages.file.imageFilesTooMany(CSV_IMAGE_MAX_URLS), checks: [] };
  const byName = new Map<string, { name: string; id: string } | { name: string; message: string }>();
  for (const file of [...files, ...refused]) {
    const key = fileNameKey(file.name);
    if (byName.has(key)) return { fileError: csvMessages.file.imageFileNameRepeated(file.name), checks: [] };
    byName.set(key, file);
  }
  const uploads =
    deps.media && files.length > 0
      ? await findComposerMedia(
          deps.db,
          options.workspaceId,
          files.map((file) => file.id),
        )
      : [];
  const uploadById = new Map(uploads.map((upload) => [upload.id, upload]));
  const named = new Set<string>();
  const wanted: { check: CheckedImport['checks'][number]; request: CsvImageRequest }[] = [];
  const wantedFiles: { check: CheckedImport['checks'][number]; request: CsvFileRequest }[] = [];
  const refuse = (check: CheckedImport['checks'][number], error: string) => {
    check.errors.push(error);
    delete check.draft;
  };
  // A row's image: queued for its fetch or file check, or the error that refuses the row.
  const planImage = (check: CheckedImport['checks'][number], cells: string[]): string | undefined => {
    const url = index.imagem === undefined ? '' : unescapeCell(cells[index.imagem]);
    const fileName = fileColumn === undefined ? '' : unescapeCell(cells[fileColumn]);
    if (fileName) named.add(fileNameKey(fileName));
    if ((!url && !fileName) || check.skip) return undefined;
    // A file not sent (or refused at its upload) is said even on a row with other errors.
    const entry = fileName ? byName.get(fileNameKey(fileName)) : undefined;
    if (fileName && !url && !entry) return csvMessages.row.imageFileMissing(fileName);
    if (entry && !url && 'message' in entry) return csvMessages.row.imageFileRefused(fileName, entry.message);
    if (!check.draft) return undefined;
    if (url && fileName) return csvMessages.row.imageAndFile;
    const altText = altColumn === undefined ? '' : unescapeCell(cells[altColumn]);
    if ([...altText].length > MEDIA_ALT_TEXT_MAX) return csvMessages.row.altTooLong(MEDIA_ALT_TEXT_MAX);
    if (!deps.media) return csvMessages.row.imagesUnavailable;
    const platform = check.draft.platform;
    if (url) {
      wanted.push({ check, request: { url, platform, altText } });
      return undefined;
    }
    if (!entry || 'message' in entry) return undefined; // said above
    const upload = uploadById.get(entry.id);
    if (!upload) return csvMessages.row.imageFileGone(fileName);
    wantedFiles.push({ check, request: { name: fileName, upload, platform, altText } });
    return undefined;
  };
  checks.forEach((check, i) => {
    const error = planImage(check, parsed.rows[i]!.cells);
    if (error) refuse(check, error);
  });
  const addresses = new Set(wanted.map((w) => w.request.url)).size;
  if (addresses > CSV_IMAGE_MAX_URLS)
    return { fileError: csvMessages.row.imageTooMany(CSV_IMAGE_MAX_URLS), checks: [] };
  // Every address fetched counts against the workspace's hourly budget (previews and imports).
  const limited = await takeCsvFetchBudget(deps, options.workspaceId, addresses);
  if (limited) return { fileError: limited, checks: [] };
  const [fetched, checkedFiles] = await Promise.all([
    fetchCsvImages(
      deps,
      wanted.map((w) => w.request),
    ),
    deps.media
      ? checkCsvImageFiles(
          { media: deps.media },
          wantedFiles.map((w) => w.request),
        )
      : [],
  ]);
  if (fetched === null) return { fileError: csvMessages.row.imageTooMany(CSV_IMAGE_MAX_URLS), checks: [] };
  const results = [
    ...wanted.map((w, i) => ({ w, result: fetched[i]! })),
    ...wantedFiles.map((w, i) => ({ w, result: checkedFiles[i]! })),
  ];
  for (const { w, result } of results) {
    if (result.ok) w.check.image = { processed: result.image, altText: result.altText };
    else refuse(w.check, result.error);
  }
  const fileWarnings = [...byName.entries()]
    .filter(([key]) => !named.has(key))
    .map(([, file]) => csvMessages.warning.imageFileUnused(file.name));
  return { fileError: null, fileWarnings, checks };
}

/** "Importar CSV", first step: every row with its pt-BR errors and warnings; nothing is saved. */
export async function previewCsvImport(deps: CsvDeps, options: CsvImportInput): Promise<CsvPreview> {
  const { fileError, fileWarnings, checks } = await checkImport(deps, options);
  return {
    fileError,
    fileWarnings: fileWarnings ?? [],
    rows: checks.map((c) => ({
      line: c.line,
      title: c.cells.title,
      theme: c.cells.theme,
      network: c.cells.network,
      date: c.cells.date,
      time: c.cells.time,
      text: c.cells.text,
      errors: c.errors,
      warnings: c.warnings,
    })),
    errorCount: checks.filter((c) => c.errors.length > 0).length,
    importable: checks.filter((c) => c.draft && !c.skip).length,
  };
}

/**
 * "Importar N posts": the file is checked again (the workspace may have changed since the preview)
 * and, only when no row has an error, every post is stored in one transaction; then the wake-ups.
 * A row with an error refuses the whole file (VALIDATION_FAILED, field 'csv'): nothing is saved.
 */
export async function importCsvPosts(
  deps: CsvDeps & Pick<PostsDeps, 'queue'>,
  options: CsvImportInput & { userId: string; requestId?: string | undefined },
): Promise<{ created: number; existing: number }> {
  const { fileError, checks } = await checkImport(deps, options);
  if (fileError || checks.length === 0 || checks.some((c) => c.errors.length > 0))
    throw new AppError('VALIDATION_FAILED', { field: 'csv' });
  const rows = checks.filter((c) => c.draft);
  const themeIds = [...new Set(rows.map((c) => c.draft!.themeId))];
  const orders = await maxPostOrders(deps.db, options.workspaceId, themeIds);
  const posts = rows
    .filter((c) => !c.skip)
    .map((c) => {
      const draft = c.draft!;
      const order = (orders.get(draft.themeId) ?? 0) + 1;
      orders.set(draft.themeId, order);
      return { ...draft, postOrder: order, networkOptions: c.networkOptions ?? {}, image: c.image };
    });
  // The images' files first, under each post's chosen id (reserved, as an upload does); then the
  // posts and their post_media rows in one transaction. Any failure deletes the files written.
  const written: string[] = [];
  const { wakeUps, existing } = await (async () => {
    try {
      const stored = [];
      for (const { image, ...post } of posts) {
        if (!image) {
          stored.push(post);
          continue;
        }
        const id = randomUUID();
        const media: NewGroupMedia = await storeCsvImage(
          { db: deps.db, media: deps.media! },
          { workspaceId: options.workspaceId, postId: id },
          image.processed,
          image.altText,
        );
        written.push(media.storageKey, media.thumbKey);
        stored.push({ ...post, id, media: [media] });
      }
      return await insertCsvImport(deps.db, {
        workspaceId: options.workspaceId,
        userId: options.userId,
        posts: stored,
      });
    } catch (error) {
      if (written.length > 0 && deps.media)
        await deps.media.storage.delete(written).catch(() => {
          // The reservations stay: the sweeper deletes the files later.
        });
      throw error;
    }
  })();
  await deps.queue.enqueuePublish(wakeUps, options.requestId);
  // The uploads beside the CSV were copied under their posts' keys: the dialog's files go (their
  // files queued for the sweeper). Best effort: a left-over upload expires with the composer's.
  const uploadIds = (options.files ?? []).map((file) => file.id);
  if (uploadIds.length > 0 && deps.media) {
    const discarded = await deleteComposerMedia(deps.db, options.workspaceId, uploadIds).catch(() => 0);
    if (discarded > 0) deps.media.kickSweeper?.();
  }
  return { created: wakeUps.length, existing: existing + rows.filter((c) => c.skip).length };
}

/** "Exportar CSV": the posts of the list's filter as a CSV (UTF-8 with BOM, `;`), dates in the person's zone. */
export async function exportPostsCsv(
  deps: Pick<PostsDeps, 'db' | 'now'> & Pick<AppDeps, 'media'>,
  options: { workspaceId: string; filter: PostListFilter; timeZone: string },
): Promise<{ filename: string; csv: string; count: number }> {
  const [rows, accounts] = await Promise.all([
    listPostsForExport(deps.db, {
      workspaceId: options.workspaceId,
      filter: toInstantFilter(options.filter, options.timeZone),
      limit: EXPORT_MAX_POSTS,
    }),
    listActiveAccounts(deps.db, options.workspaceId),
  ]);
  const usernames = new Map(accounts.map((a) => [a.platform, a.platform_username ?? '']));
  const media = deps.media;
  // Each exported network's declared options, one column each, so the file imports back the same.
  const optionColumns = exportOptionColumns(new Set(rows.map((row) => row.platform)));
  const csv = buildPostsCsv(
    rows.map((row) => ({
      ...Object.fromEntries(
        optionColumns
          .filter((column) => column.platform === row.platform)
          .map((column) => [
            column.name,
            exportOptionCell(column.field, row.network_options?.[column.field.key]),
          ]),
      ),
      título: row.title,
      tema: row.theme_name,
      rede: PLATFORM_LABELS[row.platform],
      conta: usernames.get(row.platform) ?? '',
      data: formatDate(row.scheduled_for, options.timeZone),
      hora: formatTime(row.scheduled_for, options.timeZone),
      texto: row.content,
      imagem: media && row.image_key ? media.publicUrl(row.image_key, EXPORT_IMAGE_URL_TTL_S) : '',
      status:
        row.status === 'scheduled' && row.approval_stage
          ? APPROVAL_STAGE_LABELS[row.approval_stage]
          : POST_STATUS_LABELS[row.status],
    })),
    undefined,
    optionColumns.map((column) => column.name),
  );
  const now = deps.now?.() ?? new Date();
  const day = formatDate(now, options.timeZone).split('/').reverse().join('-');
  return { filename: `posts-pauta-${day}.csv`, csv, count: rows.length };
}
