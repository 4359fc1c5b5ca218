// `npm run quality:duplicates`: the duplicate-code figure of issue 31 ("duplicates pairs in
// production code ≤ 120"), measured the same way every time (docs/testing.md, "Duplicate code").
//
// Production code is every .ts/.tsx file git knows (tracked or untracked, not ignored) in the six
// packages, without tests, migrations, test utilities and declaration files. They are copied to a
// scratch git repository and the machine's `duplicates` command (the tool library's, not a
// dependency of the project) pairs them. The figure is the pairs it does not mark boilerplate.
//
// Of those, some pairs share nothing but the names of a multi-line import list (`import {` one
// name a line `} from '…'`, as the formatter wraps a long list): the tool passes over import lines
// but not the wrapped names. They are counted apart, so that the figure says what is repeated
// code; `--list` prints them for anyone who wants to check. A pair that shares other runs too is
// never counted apart (the tool names only its longest run).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const PACKAGES = ['client', 'core', 'db', 'networks', 'server', 'worker'];

/** Whether a file is production code: source, not a test, migration, test utility or declaration. */
export function isProductionFile(path: string): boolean {
  return (
    /\.(ts|tsx)$/.test(path) &&
    !path.includes('.test.') &&
    !path.includes('/migrations/') &&
    !path.includes('test-utils') &&
    !path.endsWith('.d.ts')
  );
}

const IMPORT_LIST_LINE =
  /^\s*(import (type )?\{|(type )?[A-Za-z_$][\w$]*( as [A-Za-z_$][\w$]*)?,?|\} from '[^']*';)\s*$/;
const NOT_CODE = /^\s*(\/\/|\/\*\*?|\*)/;

/** Whether the lines of a run are (at least 70 %) the names of a wrapped import list. */
export function isImportListRun(lines: readonly string[]): boolean {
  const code = lines.filter((line) => line.trim() !== '' && !NOT_CODE.test(line));
  if (code.length === 0) return false;
  const names = code.filter((line) => IMPORT_LIST_LINE.test(line)).length;
  return names >= code.length * 0.7;
}

export interface PairRow {
  id: string;
  file: string;
  from: number;
  to: number;
  boilerplate: boolean;
  /** The two places share more runs than the one named (`(+N more runs)`). */
  moreRuns: boolean;
  line: string;
}

/** The rows of `duplicates`' output (`D1 a.ts:10-24 ~ b.ts:40-54 shape boilerplate …`). */
export function parseRows(output: string): PairRow[] {
  const rows: PairRow[] = [];
  for (const line of output.split('\n')) {
    const match = /^(D\d+) (\S+):(\d+)-(\d+) ~ /.exec(line);
    if (!match) continue;
    rows.push({
      id: match[1] as string,
      file: match[2] as string,
      from: Number(match[3]),
      to: Number(match[4]),
      boilerplate: /\bboilerplate\b/.test(line),
      moreRuns: /\(\+\d+ more runs?\)/.test(line),
      line,
    });
  }
  return rows;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

function main(): void {
  const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '--', ...PACKAGES], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(isProductionFile);
  const copy = mkdtempSync(join(tmpdir(), 'pauta-dups-'));
  try {
    for (const file of files) {
      mkdirSync(join(copy, dirname(file)), { recursive: true });
      cpSync(join(root, file), join(copy, file));
    }
    const git = (...args: string[]) => execFileSync('git', args, { cwd: copy, stdio: 'ignore' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.email=dups@pauta.local', '-c', 'user.name=dups', 'commit', '-qm', 'copy');
    const run = spawnSync('duplicates', ['--most', '200', '--seconds', '300'], {
      cwd: copy,
      encoding: 'utf8',
    });
    if (run.error) {
      console.error('O comando `duplicates` (biblioteca de ferramentas da máquina) não foi encontrado.');
      process.exitCode = 2;
      return;
    }
    const output = run.stdout;
    const header = output.split('\n')[0] ?? '';
    const total = Number(/^(\d+) pairs/.exec(header)?.[1] ?? Number.NaN);
    const marked = Number(/(\d+) of those marked boilerplate/.exec(header)?.[1] ?? 0);
    const rows = parseRows(output).filter((row) => !row.boilerplate);
    // Only a pair whose one run is the import list: the other runs of a pair are not shown.
    const importLists = rows.filter((row) => {
      if (row.moreRuns) return false;
      const lines = readFileSync(join(copy, row.file), 'utf8').split('\n');
      return isImportListRun(lines.slice(row.from - 1, row.to));
    });
    if (rows.length < total - marked) {
      console.error(`Só ${rows.length} dos ${total - marked} pares foram listados (--most 200).`);
      process.exitCode = 2;
    }
    say(header);
    say(`production files: ${files.length}`);
    say(`pairs not marked boilerplate: ${total - marked}`);
    say(`  of which wrapped import lists only: ${importLists.length}`);
    say(`  repeated code: ${total - marked - importLists.length}`);
    if (process.argv.includes('--list')) {
      say('\nimport-list pairs:');
      for (const row of importLists) say(`  ${row.line}`);
      say('\nthe other pairs:');
      for (const row of rows) if (!importLists.includes(row)) say(`  ${row.line}`);
    }
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

if (import.meta.main) main();
