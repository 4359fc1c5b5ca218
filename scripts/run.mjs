// `npm run start:web`, `start:worker`, `db:migrate`, `create-admin`, `rotate-keys`, `sandbox`:
// node scripts/run.mjs <name> [args…]. With NODE_ENV=production it runs the compiled entry point
// dist/<…>.js (`npm run build`), so a production install needs no dev dependency (`npm ci
// --omit=dev`); otherwise it runs the TypeScript source through tsx, as in development.
// Plain JavaScript on purpose: it must run where tsx is not installed. Names: entry-points.json.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
// The project's Node line (.nvmrc; scripts/node-lts.sh installs it): say so when another one runs us.
// (No .nvmrc in the image, whose Node is the same release.)
const nvmrc = path.join(ROOT, '.nvmrc');
const wanted = existsSync(nvmrc) ? readFileSync(nvmrc, 'utf8').trim().split('.')[0] : null;
if (wanted && process.versions.node.split('.')[0] !== wanted) {
  process.stderr.write(
    `Aviso: a Pauta roda no Node ${wanted} (.nvmrc) e este é o ${process.version}: rode \`npm run setup\` e use os comandos \`npm run …\`.\n`,
  );
}
const entries = JSON.parse(readFileSync(path.join(import.meta.dirname, 'entry-points.json'), 'utf8'));
const name = process.argv[2];
const entry = name ? entries[name] : undefined;
if (!entry) {
  process.stderr.write(`Uso: node scripts/run.mjs <${Object.keys(entries).join('|')}> [argumentos]\n`);
  process.exit(2);
}
// The entry point sees its own arguments from process.argv[2] on, as when started directly.
process.argv.splice(2, 1);

if (process.env.NODE_ENV === 'production') {
  const compiled = path.join(ROOT, 'dist', `${entry.dist}.js`);
  if (!existsSync(compiled)) {
    process.stderr.write(`${path.relative(ROOT, compiled)} não existe: rode \`npm run build\` antes.\n`);
    process.exit(1);
  }
  // Stack traces point at the TypeScript source (dist/*.js.map), as `node --enable-source-maps`.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(compiled).href);
} else {
  const tsx = await import('tsx/esm/api').catch(() => null);
  if (!tsx) {
    process.stderr.write(
      'tsx não está instalado (instalação só de produção?): use NODE_ENV=production com `npm run build`.\n',
    );
    process.exit(1);
  }
  tsx.register();
  await import(pathToFileURL(path.join(ROOT, entry.source)).href);
}
