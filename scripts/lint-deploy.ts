// `npm run lint:deploy` (part of `npm run lint`): checks what starts Pauta outside this repo's own
// scripts — the Dockerfile, docker-compose.yml with its Caddyfile, and the Kubernetes manifests in
// deploy/k8s — without a container engine or a cluster:
// - Dockerfile: syntax and instruction checks of dockerfile-utils (the VS Code Docker extension's
//   validator), then this project's rules (non-root runtime, init process, HEALTHCHECK, no secret
//   baked in, stages and files that exist, commands the launcher knows);
// - Kubernetes: every object validated against the Kubernetes OpenAPI schemas (kubernetes-models,
//   with the KEDA, External Secrets and prometheus-operator CRD models): types, required fields, enums, quantities. The
//   schemas allow unknown fields (as `kubectl apply` without --validate=strict), so the fields that
//   matter are cross-checked here: selectors, ports, probes, images, commands, secret names;
// - compose: commands, ports and the variables named in the README's configuration table.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ValidationSeverity, validate as validateDockerfile } from 'dockerfile-utils';
import { parseAllDocuments } from 'yaml';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRY_NAMES = Object.keys(
  JSON.parse(readFileSync(path.join(ROOT, 'scripts/entry-points.json'), 'utf8')) as Record<string, unknown>,
);
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|_KEY|KEYS|CREDENTIAL/i;

// ---------------------------------------------------------------- Dockerfile

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}
interface Stage {
  name: string | null;
  instructions: Instruction[];
}

/** Instructions per stage, continuation lines joined, comments dropped. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let line = lines[i]!;
    if (/^\s*(#|$)/.test(line)) continue;
    while (line.trimEnd().endsWith('\\') && i + 1 < lines.length) {
      i += 1;
      const next = lines[i]!;
      if (/^\s*#/.test(next)) continue;
      line = `${line.trimEnd().slice(0, -1)} ${next.trim()}`;
    }
    const match = /^\s*(\w+)\s*(.*)$/.exec(line);
    if (!match) continue;
    const instruction = { keyword: match[1]!.toUpperCase(), args: match[2]!.trim(), line: start + 1 };
    if (instruction.keyword === 'FROM') {
      const as = /\sAS\s+(\S+)$/i.exec(instruction.args);
      stages.push({ name: as ? as[1]!.toLowerCase() : null, instructions: [instruction] });
    } else if (stages.length) {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

function jsonArgs(args: string): string[] | null {
  try {
    const parsed = JSON.parse(args) as unknown;
    return Array.isArray(parsed) && parsed.every((a) => typeof a === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/** `.dockerignore` patterns that exclude `file` (a path relative to the root); simple globs only. */
function ignoredBy(patterns: string[], file: string): string | null {
  for (const pattern of patterns) {
    const source = pattern
      .replace(/^\//, '')
      .replace(/[.+^${}()|[\]]/g, '\\$&')
      .replace(/\*\*\//g, '(?:.*/)?')
      .replace(/\*/g, '[^/]*');
    if (new RegExp(`^${source}(?:/.*)?$`).test(file)) return pattern;
  }
  return null;
}

export function lintDockerfile(text: string, dockerignore: string, root = ROOT): string[] {
  const problems: string[] = [];
  for (const d of validateDockerfile(text, {
    instructionCasing: ValidationSeverity.ERROR,
    instructionCmdMultiple: ValidationSeverity.ERROR,
    instructionEntrypointMultiple: ValidationSeverity.ERROR,
    instructionHealthcheckMultiple: ValidationSeverity.ERROR,
    instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
    instructionWorkdirRelative: ValidationSeverity.ERROR,
    emptyContinuationLine: ValidationSeverity.ERROR,
  })) {
    problems.push(`Dockerfile:${d.range.start.line + 1}: ${d.message}`);
  }
  const stages = parseDockerfile(text);
  if (stages.length < 2) problems.push('Dockerfile: precisa de vários estágios (build e runtime)');
  const ignore = dockerignore
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'));
  const known = new Set<string>();
  for (const stage of stages) {
    for (const ins of stage.instructions) {
      const where = `Dockerfile:${ins.line}`;
      if (ins.keyword === 'COPY' || ins.keyword === 'ADD') {
        const from = /--from=(\S+)/.exec(ins.args)?.[1]?.toLowerCase();
        const paths = ins.args
          .split(/\s+/)
          .filter((p) => !p.startsWith('--'))
          .slice(0, -1);
        if (from && !known.has(from))
          problems.push(`${where}: COPY --from=${from}, estágio anterior inexistente`);
        for (const p of paths) {
          // From the build stage (/src/…) or the context: the file must exist in the repo.
          const relative = from ? p.replace(/^\/src\//, '') : p;
          if (from && relative === p) continue;
          if (relative === '.' || relative.includes('*')) continue;
          if (!existsSync(path.join(root, relative)) && !relative.endsWith('dist')) {
            problems.push(`${where}: ${relative} não existe no repositório`);
          }
          const excluded = from ? null : ignoredBy(ignore, relative);
          if (excluded) problems.push(`${where}: ${relative} é excluído pelo .dockerignore (${excluded})`);
        }
      }
      if ((ins.keyword === 'ENV' || ins.keyword === 'ARG') && SECRET_NAME.test(ins.args)) {
        problems.push(`${where}: ${ins.keyword} com nome de segredo — segredos vêm do ambiente na execução`);
      }
    }
    if (stage.name) known.add(stage.name);
  }
  const runtime = stages.at(-1);
  if (runtime) {
    const last = (keyword: string) => runtime.instructions.filter((i) => i.keyword === keyword).at(-1);
    const user = last('USER')?.args;
    if (!user || /^(root|0)(:|$)/.test(user))
      problems.push('Dockerfile: o estágio final deve rodar sem root (USER)');
    if (!last('HEALTHCHECK')?.args.includes('/healthz')) {
      problems.push('Dockerfile: o estágio final precisa de HEALTHCHECK em /healthz');
    }
    const entrypoint = jsonArgs(last('ENTRYPOINT')?.args ?? '');
    if (!entrypoint?.[0]?.endsWith('tini')) {
      problems.push('Dockerfile: ENTRYPOINT deve começar por tini (sinais e processos órfãos)');
    }
    const cmd = jsonArgs(last('CMD')?.args ?? '');
    if (!cmd?.[0] || !ENTRY_NAMES.includes(cmd[0])) {
      problems.push(`Dockerfile: CMD deve ser um de ${ENTRY_NAMES.join(', ')}`);
    }
    const env = runtime.instructions
      .filter((i) => i.keyword === 'ENV')
      .map((i) => i.args)
      .join(' ');
    if (!/NODE_ENV=production/.test(env))
      problems.push('Dockerfile: o estágio final precisa de NODE_ENV=production');
  }
  // The production smoke (npm run test:prod) replays these stages: they must stay readable to it.
  try {
    const recipe = runtimeRecipe(text);
    if (!recipe.npmArgs.includes('--omit=dev'))
      problems.push('Dockerfile: prod-deps deve instalar com --omit=dev');
  } catch (error) {
    problems.push(`Dockerfile: ${(error as Error).message}`);
  }
  return problems;
}

/**
 * What the Dockerfile's last two stages do, read from the Dockerfile itself so the two cannot drift:
 * the files `prod-deps` copies from the context, its `npm ci`, the files `runtime` copies from the
 * build stage, the runtime's ENV and the command after tini in its ENTRYPOINT.
 */
export function runtimeRecipe(dockerfile: string) {
  const stages = parseDockerfile(dockerfile);
  const prodDeps = stages.find((s) => s.name === 'prod-deps');
  const runtime = stages.at(-1);
  if (!prodDeps || !runtime || runtime === prodDeps)
    throw new Error('Dockerfile sem os estágios prod-deps e runtime');
  const sources = (args: string) =>
    args
      .split(/\s+/)
      .filter((a) => !a.startsWith('--'))
      .slice(0, -1);
  const contextFiles = prodDeps.instructions
    .filter((i) => i.keyword === 'COPY')
    .flatMap((i) => sources(i.args));
  const install = prodDeps.instructions.find((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args));
  const npmArgs = install?.args
    .slice(install.args.indexOf('npm ci') + 'npm '.length)
    .trim()
    .split(/\s+/);
  if (!npmArgs) throw new Error('prod-deps sem `npm ci`');
  const buildFiles = runtime.instructions
    .filter((i) => i.keyword === 'COPY' && /--from=build\b/.test(i.args))
    .flatMap((i) => sources(i.args).map((f) => f.replace(/^\/src\//, '')));
  // A build argument's default stands in for `${NAME}` in ENV (e.g. PAUTA_VERSION=${PAUTA_VERSION}).
  const argDefaults: Record<string, string> = {};
  for (const i of runtime.instructions.filter((x) => x.keyword === 'ARG')) {
    const m = i.args.match(/^(\w+)=(\S+)$/);
    if (m) argDefaults[m[1]!] = m[2]!;
  }
  const env: Record<string, string> = {};
  for (const i of runtime.instructions.filter((x) => x.keyword === 'ENV')) {
    for (const m of i.args.matchAll(/(\w+)=(\S+)/g))
      env[m[1]!] = m[2]!.replace(/\$\{(\w+)\}/g, (_, name: string) => argDefaults[name] ?? '');
  }
  const entrypoint = JSON.parse(
    runtime.instructions.find((i) => i.keyword === 'ENTRYPOINT')?.args ?? '[]',
  ) as string[];
  const command = entrypoint.slice(entrypoint.indexOf('--') + 1);
  if (command[0] !== 'node') throw new Error(`ENTRYPOINT inesperado: ${entrypoint.join(' ')}`);
  return { contextFiles, npmArgs, buildFiles, env, nodeArgs: command.slice(1) };
}

/** `KEY=value` pairs of the final stage's ENV instructions. */
function imageEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const ins of parseDockerfile(text).at(-1)?.instructions ?? []) {
    if (ins.keyword !== 'ENV') continue;
    for (const m of ins.args.matchAll(/(\w+)=(\S+)/g)) env[m[1]!] = m[2]!;
  }
  return env;
}

// ---------------------------------------------------------------- Kubernetes

type Obj = Record<string, unknown> & {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; labels?: Record<string, string> };
};
interface Container {
  name: string;
  image?: string;
  args?: string[];
  ports?: { name?: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { name: string; valueFrom?: { secretKeyRef?: { name: string } } }[];
  resources?: { requests?: Record<string, string> };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  startupProbe?: { httpGet?: { path: string; port: string | number } };
}
interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean } };
}

/** API groups of the custom resources used here → the package with their models. */
const CRD_MODELS: Record<string, string> = {
  'keda.sh': '@kubernetes-models/keda',
  'external-secrets.io': '@kubernetes-models/external-secrets',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator',
};

/** apiVersion → the module of its models. */
function modelModule(apiVersion: string): string {
  const group = apiVersion.split('/')[0]!;
  return `${CRD_MODELS[group] ?? 'kubernetes-models'}/${apiVersion}`;
}

/** Schema errors of one object (kubernetes-models), or an unknown kind. */
export async function schemaProblems(obj: Obj, where: string): Promise<string[]> {
  const { apiVersion, kind } = obj;
  if (!apiVersion || !kind) return [`${where}: sem apiVersion/kind`];
  let models: Record<string, unknown>;
  try {
    models = (await import(modelModule(apiVersion))) as Record<string, unknown>;
  } catch {
    return [`${where}: apiVersion desconhecida ${apiVersion}`];
  }
  const Model = models[kind] as (new (data: unknown) => { validate(): void }) | undefined;
  if (!Model) return [`${where}: ${kind} não existe em ${apiVersion}`];
  try {
    new Model(obj).validate();
    return [];
  } catch (error) {
    return [`${where}: ${kind}/${obj.metadata?.name}: ${(error as Error).message}`];
  }
}

const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  Boolean(selector && labels && Object.entries(selector).every(([k, v]) => labels[k] === v));

/** Cross-references between the objects, and this project's rules for its pods. */
export function crossCheck(objects: { obj: Obj; where: string }[], ports: { web: number; worker: number }) {
  const problems: string[] = [];
  const byKind = (kind: string) => objects.filter((o) => o.obj.kind === kind);
  const names = (kind: string) => new Set(byKind(kind).map((o) => o.obj.metadata?.name));
  const secretNames = new Set(
    byKind('ExternalSecret').map((o) => (o.obj.spec as { target?: { name?: string } }).target?.name),
  );
  for (const o of byKind('Secret')) secretNames.add(o.obj.metadata?.name);
  const workloads = [...byKind('Deployment'), ...byKind('Job')].map(({ obj, where }) => ({
    obj,
    where,
    template: (obj.spec as { template: PodTemplate }).template,
  }));
  for (const { obj, where, template } of workloads) {
    const id = `${where}: ${obj.kind}/${obj.metadata?.name}`;
    if (template.spec.securityContext?.runAsNonRoot !== true) problems.push(`${id}: runAsNonRoot: true`);
    const selector = (obj.spec as { selector?: { matchLabels?: Record<string, string> } }).selector;
    if (obj.kind === 'Deployment' && !matches(selector?.matchLabels, template.metadata?.labels)) {
      problems.push(`${id}: o selector não casa com os rótulos do pod`);
    }
    for (const c of template.spec.containers) {
      if (c.image !== 'pauta')
        problems.push(`${id}: imagem ${c.image} (use "pauta": o kustomization define o nome)`);
      if (!c.args?.[0] || !ENTRY_NAMES.includes(c.args[0])) {
        problems.push(`${id}: args[0] deve ser um de ${ENTRY_NAMES.join(', ')}`);
      }
      if (!c.resources?.requests?.cpu || !c.resources.requests.memory) {
        problems.push(`${id}: resources.requests de cpu e memory`);
      }
      for (const ref of c.envFrom ?? []) {
        if (ref.configMapRef && !names('ConfigMap').has(ref.configMapRef.name)) {
          problems.push(`${id}: ConfigMap ${ref.configMapRef.name} não existe`);
        }
        if (ref.secretRef && !secretNames.has(ref.secretRef.name)) {
          problems.push(`${id}: Secret ${ref.secretRef.name} não vem de nenhum ExternalSecret/Secret`);
        }
      }
      if (obj.kind !== 'Deployment') continue;
      const role = c.args?.[0];
      const expectedPort = role === 'web' ? ports.web : ports.worker;
      for (const probe of ['readinessProbe', 'livenessProbe'] as const) {
        const get = c[probe]?.httpGet;
        if (!get) {
          problems.push(`${id}: ${probe} httpGet`);
          continue;
        }
        const wanted = probe === 'readinessProbe' ? '/readyz' : '/healthz';
        if (get.path !== wanted) problems.push(`${id}: ${probe} deve usar ${wanted}`);
        const port =
          typeof get.port === 'number' ? get.port : c.ports?.find((p) => p.name === get.port)?.containerPort;
        if (port !== expectedPort)
          problems.push(`${id}: ${probe} na porta ${get.port}, o processo ouve ${expectedPort}`);
      }
    }
  }
  const deployments = byKind('Deployment');
  const podLabels = (name: string | undefined) =>
    (
      deployments.find((d) => d.obj.metadata?.name === name)?.obj.spec as
        | { template: PodTemplate }
        | undefined
    )?.template.metadata?.labels;
  for (const { obj, where } of byKind('Service')) {
    const spec = obj.spec as {
      selector: Record<string, string>;
      ports: { name?: string; targetPort: string | number }[];
    };
    const target = deployments.find((d) =>
      matches(spec.selector, (d.obj.spec as { template: PodTemplate }).template.metadata?.labels),
    );
    if (!target) {
      problems.push(`${where}: Service/${obj.metadata?.name} não seleciona nenhum Deployment`);
      continue;
    }
    const containerPorts = (target.obj.spec as { template: PodTemplate }).template.spec.containers.flatMap(
      (c) => c.ports ?? [],
    );
    for (const p of spec.ports) {
      if (!containerPorts.some((cp) => cp.name === p.targetPort || cp.containerPort === p.targetPort)) {
        problems.push(`${where}: Service/${obj.metadata?.name} targetPort ${p.targetPort} não existe no pod`);
      }
    }
  }
  for (const { obj, where } of byKind('PodDisruptionBudget')) {
    const selector = (obj.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels;
    if (!deployments.some((d) => matches(selector, podLabels(d.obj.metadata?.name)))) {
      problems.push(`${where}: PodDisruptionBudget/${obj.metadata?.name} não seleciona nenhum pod`);
    }
  }
  for (const { obj, where } of byKind('PodMonitor')) {
    const spec = obj.spec as {
      selector: { matchLabels: Record<string, string> };
      podMetricsEndpoints: { port?: string; authorization?: { credentials?: { name: string } } }[];
    };
    const target = deployments.find((d) =>
      matches(spec.selector.matchLabels, podLabels(d.obj.metadata?.name)),
    );
    if (!target) {
      problems.push(`${where}: PodMonitor/${obj.metadata?.name} não seleciona nenhum pod`);
      continue;
    }
    const portNames = (target.obj.spec as { template: PodTemplate }).template.spec.containers.flatMap((c) =>
      (c.ports ?? []).map((p) => p.name),
    );
    for (const endpoint of spec.podMetricsEndpoints) {
      if (!portNames.includes(endpoint.port)) {
        problems.push(`${where}: PodMonitor/${obj.metadata?.name}: porta ${endpoint.port} não existe no pod`);
      }
      const secret = endpoint.authorization?.credentials?.name;
      if (secret && !secretNames.has(secret)) problems.push(`${where}: Secret ${secret} não existe`);
    }
  }
  for (const kind of ['HorizontalPodAutoscaler', 'ScaledObject']) {
    for (const { obj, where } of byKind(kind)) {
      const target = (obj.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name;
      if (!names('Deployment').has(target))
        problems.push(`${where}: ${kind}/${obj.metadata?.name}: ${target} não existe`);
    }
  }
  for (const { obj, where } of byKind('Ingress')) {
    const rules = (obj.spec as { rules: { http: { paths: { backend: { service: { name: string } } }[] } }[] })
      .rules;
    for (const p of rules.flatMap((r) => r.http.paths)) {
      if (!names('Service').has(p.backend.service.name)) {
        problems.push(`${where}: Ingress aponta para o Service ${p.backend.service.name}, que não existe`);
      }
    }
  }
  for (const kind of ['Deployment', 'Job']) {
    if (!byKind(kind).length) problems.push(`deploy/k8s: falta um ${kind}`);
  }
  return problems;
}

export async function lintKubernetes(dir: string, ports: { web: number; worker: number }): Promise<string[]> {
  const problems: string[] = [];
  const kustomization = parseAllDocuments(
    readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8'),
  )[0]?.toJS() as {
    resources?: string[];
    images?: { name: string }[];
  };
  const files = readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
  for (const f of files) {
    if (!kustomization.resources?.includes(f)) problems.push(`deploy/k8s/${f}: fora do kustomization.yaml`);
  }
  for (const r of kustomization.resources ?? []) {
    if (!existsSync(path.join(dir, r))) problems.push(`deploy/k8s/kustomization.yaml: ${r} não existe`);
  }
  if (!kustomization.images?.some((i) => i.name === 'pauta')) {
    problems.push('deploy/k8s/kustomization.yaml: images deve nomear a imagem "pauta"');
  }
  const objects: { obj: Obj; where: string }[] = [];
  for (const f of files) {
    for (const doc of parseAllDocuments(readFileSync(path.join(dir, f), 'utf8'))) {
      const where = `deploy/k8s/${f}`;
      if (doc.errors.length) {
        problems.push(`${where}: YAML inválido: ${doc.errors[0]!.message}`);
        continue;
      }
      const obj = doc.toJS() as Obj | null;
      if (!obj) continue;
      problems.push(...(await schemaProblems(obj, where)));
      objects.push({ obj, where });
    }
  }
  problems.push(...crossCheck(objects, ports));
  return problems;
}

// ---------------------------------------------------------------- compose

/** Variable names in the README's configuration table. */
function documentedVariables(readme: string): Set<string> {
  const names = new Set<string>();
  for (const line of readme.split('\n')) {
    if (!line.startsWith('| `')) continue;
    const first = line.split('|')[1] ?? '';
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  }
  return names;
}

export function lintCompose(composeText: string, caddyfile: string, readme: string, ports: { web: number }) {
  const problems: string[] = [];
  const doc = parseAllDocuments(composeText, { merge: true })[0];
  if (!doc || doc.errors.length) return [`docker-compose.yml: YAML inválido: ${doc?.errors[0]?.message}`];
  const compose = doc.toJS({ maxAliasCount: 100 }) as {
    services: Record<string, { build?: unknown; command?: string[]; environment?: Record<string, string> }>;
  };
  const documented = documentedVariables(readme);
  for (const [name, service] of Object.entries(compose.services)) {
    if (!service.build) continue;
    const command = service.command?.[0];
    if (!command || !ENTRY_NAMES.includes(command)) {
      problems.push(`docker-compose.yml: ${name}: command deve ser um de ${ENTRY_NAMES.join(', ')}`);
    }
    for (const variable of Object.keys(service.environment ?? {})) {
      if (!documented.has(variable))
        problems.push(`docker-compose.yml: ${variable} não está na tabela do README`);
    }
  }
  for (const required of ['migrate', 'web', 'worker', 'postgres', 'redis']) {
    if (!compose.services[required]) problems.push(`docker-compose.yml: falta o serviço ${required}`);
  }
  if (!new RegExp(`\\bweb ${ports.web}\\b`).test(caddyfile)) {
    problems.push(`deploy/caddy/Caddyfile: o proxy deve apontar para web:${ports.web}`);
  }
  return problems;
}

export async function lintDeploy(root = ROOT): Promise<string[]> {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const env = imageEnv(dockerfile);
  const ports = { web: Number(env.PORT ?? 3000), worker: Number(env.WORKER_HEALTH_PORT ?? 9464) };
  return [
    ...lintDockerfile(dockerfile, readFileSync(path.join(root, '.dockerignore'), 'utf8'), root),
    ...(await lintKubernetes(path.join(root, 'deploy/k8s'), ports)),
    ...lintCompose(
      readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'),
      readFileSync(path.join(root, 'deploy/caddy/Caddyfile'), 'utf8'),
      readFileSync(path.join(root, 'README.md'), 'utf8'),
      ports,
    ),
  ];
}

if (process.argv[1] === import.meta.filename) {
  const problems = await lintDeploy();
  for (const p of problems) process.stderr.write(`${p}\n`);
  process.stdout.write(
    problems.length
      ? `${problems.length} problema(s) em Dockerfile, docker-compose.yml ou deploy/k8s.\n`
      : 'Dockerfile, docker-compose.yml e deploy/k8s: nenhum problema.\n',
  );
  process.exitCode = problems.length ? 1 : 0;
}
