// Files in and out of the browser for the CSV import and export (docs/csv-import.md).

/**
 * A CSV file's text: UTF-8 (with or without BOM), or — when it is not valid UTF-8 — Windows-1252,
 * what Excel's plain "CSV (separado por vírgulas)" writes in pt-BR.
 */
export async function readCsvFile(file: Blob): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** Saves `text` as a file through a temporary link (the text already starts with its BOM). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
