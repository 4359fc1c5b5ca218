// `npm run lint:networks` (part of `npm run lint`): only networks/ knows a network (docs/networks.md,
// "Adding a network"). Fails when production code outside networks/ branches on a network id
// literal — `=== 'facebook'`, `'x' !== p`, `case 'linkedin':`, `.includes('instagram')` — instead of
// reading the registry (NETWORKS, NETWORK_PROFILES, capabilities). Tests, test harnesses and
// migrations are left out: they name networks on purpose. A table keyed by network id (a Record
// of labels, limits …) is not a branch and passes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Network ids and the OAuth provider ids that stand for them (core PLATFORMS, SignInProvider …). */
const NETWORK_IDS = [
  'linkedin',
  'facebook',
  'x',
  'instagram',
  'google',
  'twitter',
  'linkedin_oidc',
  'linkedin_page',
  'pinterest',
  'tiktok',
];

const SCANNED = ['core/src', 'db/src', 'server/src', 'worker/src', 'client/src', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const LEFT_OUT = /(\.test\.tsx?$|\.d\.ts$|\/test-utils\/|\/node_modules\/|^scripts\/lint-network-ids\.ts$)/;

const ids = NETWORK_IDS.join('|');
const quoted = `(['"\`])(?:${ids})\\1`;
const PATTERNS: readonly RegExp[] = [
  new RegExp(`[!=]==?\\s*${quoted}`),
  new RegExp(`${quoted}\\s*[!=]==?`),
  new RegExp(`\\bcase\\s+${quoted}\\s*:`),
  new RegExp(`\\.(?:includes|indexOf|has)\\(\\s*${quoted}\\s*\\)`),
];

export interface NetworkSwitch {
  file: string;
  line: number;
  text: string;
}

/** The lines of `source` that branch on a network id literal. */
export function findNetworkSwitches(file: string, source: string): NetworkSwitch[] {
  const found: NetworkSwitch[] = [];
  source.split('\n').forEach((text, index) => {
    const code = text.replace(/\/\/.*$/, '');
    if (PATTERNS.some((pattern) => pattern.test(code)))
      found.push({ file, line: index + 1, text: text.trim() });
  });
  return found;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(relative);
    } else if (SOURCE.test(entry.name) && !LEFT_OUT.test(relative)) yield relative;
  }
}

/** Every branch on a network id outside networks/ (production code only). */
export function scanRepository(): NetworkSwitch[] {
  return SCANNED.flatMap((dir) =>
    [...sourceFiles(dir)].flatMap((file) =>
      findNetworkSwitches(file, readFileSync(path.join(ROOT, file), 'utf8')),
    ),
  );
}

if (import.meta.main) {
  const found = scanRepository();
  for (const hit of found)
    console.error(
      `${hit.file}:${hit.line}: branches on a network id; read the networks registry instead\n  ${hit.text}`,
    );
  if (found.length > 0) process.exit(1);
  process.stdout.write('lint:networks: no code outside networks/ branches on a network id\n');
}
