// The deployment lint (npm run lint:deploy): the repo's files pass, and each kind of mistake a
// person could make in them is reported.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lintDeploy, lintDockerfile, nginxSize, runtimeRecipe } from './lint-deploy.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8');

let copies: string[] = [];
afterEach(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  copies = [];
});

/** A copy of the deployment files with one file edited. */
function copyWith(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pauta-lint-deploy-'));
  copies.push(dir);
  for (const f of ['Dockerfile', '.dockerignore', 'docker-compose.yml', 'README.md', 'deploy', 'scripts']) {
    cpSync(path.join(ROOT, f), path.join(dir, f), { recursive: true });
  }
  for (const f of ['package.json', 'package-lock.json']) cpSync(path.join(ROOT, f), path.join(dir, f));
  for (const w of ['core', 'db', 'networks', 'server', 'worker', 'client', 'e2e']) {
    cpSync(path.join(ROOT, w, 'package.json'), path.join(dir, w, 'package.json'));
  }
  const target = path.join(dir, file);
  const before = readFileSync(target, 'utf8');
  const after = edit(before);
  expect(after, `a edição de ${file} não mudou nada`).not.toBe(before);
  writeFileSync(target, after);
  return dir;
}

describe('npm run lint:deploy', () => {
  it('passes on the repository as it is', async () => {
    expect(await lintDeploy(ROOT)).toEqual([]);
  });

  it.each([
    ['a runtime running as root', (t: string) => t.replace('USER node', 'USER root'), 'sem root'],
    ['no HEALTHCHECK', (t: string) => t.replace(/HEALTHCHECK[^\n]*\\\n[^\n]*\n/, ''), 'HEALTHCHECK'],
    ['no init process', (t: string) => t.replace('"/usr/bin/tini", "--", ', ''), 'tini'],
    [
      'a secret baked in',
      (t: string) => t.replace('PORT=3000 \\', 'PORT=3000 \\\n    METRICS_TOKEN=abc \\'),
      'segredo',
    ],
    [
      'a stage that does not exist',
      (t: string) => t.replace('--from=prod-deps', '--from=deps'),
      'inexistente',
    ],
    [
      'a file that does not exist',
      (t: string) => t.replace('scripts/healthcheck.mjs ./', 'scripts/health.mjs ./'),
      'não existe',
    ],
    ['an unknown command', (t: string) => t.replace('CMD ["web"]', 'CMD ["serve"]'), 'CMD'],
    ['a syntax error', (t: string) => t.replace('EXPOSE 3000 9464', 'EXPOSE web'), 'Invalid'],
    [
      'a base image by tag only',
      (t: string) => t.replace(/^ARG NODE_IMAGE=.*$/m, 'ARG NODE_IMAGE=node:24-bookworm-slim'),
      'FROM node:24-bookworm-slim — fixe a imagem por digest',
    ],
    [
      'a base image named directly, by tag only',
      (t: string) => t.replace(/FROM \S+ AS runtime/, 'FROM node:24.21.0-bookworm-slim AS runtime'),
      'fixe a imagem por digest',
    ],
    [
      'TypeScript left in the production install',
      (t: string) => t.replace('rm -rf node_modules/typescript ', 'rm -rf '),
      'remover node_modules/typescript',
    ],
    [
      'PGlite left in the production install',
      (t: string) => t.replace('node_modules/@electric-sql/pglite ', ''),
      'remover node_modules/@electric-sql/pglite',
    ],
  ])('Dockerfile: reports %s', (_label, edit, message) => {
    const problems = lintDockerfile(edit(dockerfile), dockerignore, ROOT);
    expect(problems.join('\n')).toContain(message);
  });

  it('Dockerfile: reports a production install that would bring the dev dependencies', () => {
    const problems = lintDockerfile(dockerfile.replace('npm ci --omit=dev', 'npm ci'), dockerignore, ROOT);
    expect(problems.join('\n')).toContain('--omit=dev');
  });

  it('reads the runtime the production smoke replays from the Dockerfile', () => {
    const recipe = runtimeRecipe(dockerfile);
    expect(recipe.npmArgs.slice(0, 2)).toEqual(['ci', '--omit=dev']);
    expect(recipe.contextFiles).toEqual(expect.arrayContaining(['package-lock.json', 'server/package.json']));
    expect(recipe.buildFiles).toEqual(expect.arrayContaining(['dist', 'client/dist', 'scripts/run.mjs']));
    expect(recipe.env.NODE_ENV).toBe('production');
    // ENV PAUTA_VERSION=${PAUTA_VERSION} takes the build argument's default when none is given.
    expect(recipe.env.PAUTA_VERSION).toBe('dev');
    expect(recipe.nodeArgs).toEqual(['scripts/run.mjs']);
    // What prod-deps removes after its npm ci, which the smoke removes too.
    expect(recipe.npmArgs).not.toContain('&&');
    expect(recipe.prune).toEqual(
      expect.arrayContaining(['node_modules/typescript', 'node_modules/@electric-sql/pglite']),
    );
  });

  it('Dockerfile: reports a copied file that .dockerignore leaves out of the context', () => {
    const problems = lintDockerfile(dockerfile, `${dockerignore}\ncore/package.json\n`, ROOT);
    expect(problems.join('\n')).toContain('excluído pelo .dockerignore');
  });

  it.each([
    [
      'deploy/k8s/web.yaml',
      (t: string) => t.replace('containerPort: 3000', 'containerPort: "3000"'),
      'must be integer',
    ],
    [
      'deploy/k8s/web.yaml',
      (t: string) => t.replace('cpu: 250m, memory: 256Mi', 'cpu: lots, memory: 256Mi'),
      'quantity',
    ],
    ['deploy/k8s/web.yaml', (t: string) => t.replace('path: /readyz', 'path: /ready'), '/readyz'],
    [
      'deploy/k8s/worker.yaml',
      (t: string) => t.replace('containerPort: 9464', 'containerPort: 9465'),
      'porta',
    ],
    ['deploy/k8s/web.yaml', (t: string) => t.replace('targetPort: http', 'targetPort: web'), 'targetPort'],
    [
      'deploy/k8s/worker.yaml',
      (t: string) =>
        t.replace(
          'maxUnavailable: 1\n  selector:\n    matchLabels: { app.kubernetes.io/name: pauta, app.kubernetes.io/component: worker }',
          'maxUnavailable: 1\n  selector:\n    matchLabels: { app.kubernetes.io/name: pauta, app.kubernetes.io/component: workers }',
        ),
      'PodDisruptionBudget',
    ],
    [
      'deploy/k8s/worker-scaledobject.yaml',
      (t: string) =>
        t.replace('name: pauta-worker\n  minReplicaCount', 'name: pauta-workers\n  minReplicaCount'),
      'ScaledObject',
    ],
    [
      'deploy/k8s/external-secret.yaml',
      (t: string) => t.replace('kind: ClusterSecretStore', 'kind: Vault'),
      'allowed values',
    ],
    [
      'deploy/k8s/external-secret.yaml',
      (t: string) =>
        t.replace('name: pauta-secrets\n    creationPolicy', 'name: pauta-secret\n    creationPolicy'),
      'Secret pauta-secrets',
    ],
    [
      'deploy/k8s/migrate-job.yaml',
      (t: string) => t.replace('args: ["migrate"]', 'args: ["migrations"]'),
      'args[0]',
    ],
    [
      'deploy/k8s/kustomization.yaml',
      (t: string) => t.replace('  - ingress.yaml\n', ''),
      'fora do kustomization',
    ],
    [
      'docker-compose.yml',
      (t: string) => t.replace('command: ["worker"]', 'command: ["workers"]'),
      'command',
    ],
    [
      'docker-compose.yml',
      (t: string) =>
        t.replace('  environment: &app-env\n', '  environment: &app-env\n    NEW_SETTING: "1"\n'),
      'NEW_SETTING',
    ],
    [
      'deploy/caddy/Caddyfile',
      (t: string) => t.replace('dynamic a web 3000', 'dynamic a web 8080'),
      'web:3000',
    ],
    // Issue 24: deployment defaults.
    [
      'deploy/k8s/ingress.yaml',
      (t: string) => t.replace(/\n {4}nginx\.ingress\.kubernetes\.io\/proxy-body-size: \S+/, ''),
      'proxy-body-size (ausente: 1m)',
    ],
    [
      'deploy/k8s/ingress.yaml',
      (t: string) => t.replace('proxy-body-size: 21m', 'proxy-body-size: 10m'),
      'MEDIA_UPLOAD_MAX_BYTES',
    ],
    [
      'deploy/k8s/web.yaml',
      (t: string) => t.replace('  revisionHistoryLimit: 5', '  replicas: 2\n  revisionHistoryLimit: 5'),
      'Deployment/pauta-web: sem replicas — o HorizontalPodAutoscaler',
    ],
    [
      'deploy/k8s/worker.yaml',
      (t: string) => t.replace('  revisionHistoryLimit: 5', '  replicas: 2\n  revisionHistoryLimit: 5'),
      'Deployment/pauta-worker: sem replicas — o ScaledObject',
    ],
    [
      'deploy/k8s/web.yaml',
      (t: string) =>
        t.replace('{ name: MIGRATE_ON_START, value: "0" }', '{ name: MIGRATE_ON_START, value: "1" }'),
      'MIGRATE_ON_START',
    ],
    [
      'deploy/k8s/networkpolicy.yaml',
      (t: string) => t.replace('app.kubernetes.io/component: web }', 'app.kubernetes.io/component: webs }'),
      'Deployment/pauta-web: nenhuma NetworkPolicy',
    ],
    [
      'deploy/k8s/networkpolicy.yaml',
      (t: string) => t.replace('port: health }', 'port: metrics }'),
      'porta metrics, que o pod não tem',
    ],
    [
      'deploy/k8s/networkpolicy.yaml',
      (t: string) => t.replace('port: http }', 'port: 8080 }'),
      'nenhuma NetworkPolicy deixa entrar na porta http',
    ],
    [
      'deploy/k8s/networkpolicy.yaml',
      (t: string) => t.replace(/- \{ protocol: (UDP|TCP), port: 53 \}\n\s*/g, ''),
      'DNS (porta 53)',
    ],
    [
      'deploy/k8s/worker.yaml',
      (t: string) => t.replace('serviceAccountName: pauta-worker', 'serviceAccountName: pauta-web'),
      'o ServiceAccount pauta-web já é de',
    ],
    [
      'deploy/k8s/migrate-job.yaml',
      (t: string) => t.replace('      serviceAccountName: pauta-migrate\n', ''),
      'Job/pauta-migrate: serviceAccountName',
    ],
    [
      'deploy/k8s/web.yaml',
      (t: string) =>
        t.replace(
          'automountServiceAccountToken: false\n      securityContext',
          'automountServiceAccountToken: true\n      securityContext',
        ),
      'Deployment/pauta-web: automountServiceAccountToken: false no pod',
    ],
    [
      'deploy/k8s/worker.yaml',
      (t: string) => t.replace(/(kind: ServiceAccount[\s\S]*automountServiceAccountToken: )false/, '$1true'),
      'ServiceAccount/pauta-worker: automountServiceAccountToken: false',
    ],
    [
      'docker-compose.yml',
      (t: string) => t.replace(/image: quay\.io\/minio\/minio:\S+/, 'image: minio/minio:latest'),
      'minio: image minio/minio:latest — fixe por digest',
    ],
  ])('%s: reports a mistake (%#)', async (file, edit, message) => {
    const problems = await lintDeploy(copyWith(file, edit));
    expect(problems.join('\n')).toContain(message);
  });
});

describe('nginxSize', () => {
  it('reads the sizes ingress-nginx accepts', () => {
    expect(nginxSize('21m')).toBe(21 * 1024 * 1024);
    expect(nginxSize('512K')).toBe(512 * 1024);
    expect(nginxSize('1g')).toBe(1024 ** 3);
    expect(nginxSize('1000')).toBe(1000);
    expect(nginxSize('lots')).toBeNull();
  });
});
