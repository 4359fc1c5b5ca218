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
import { MEDIA_UPLOAD_MAX_BYTES } from '../core/src/constants/media.js';

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
    for (const pkg of RUNTIME_PRUNED) {
      if (!recipe.prune.includes(`node_modules/${pkg}`))
        problems.push(`Dockerfile: prod-deps deve remover node_modules/${pkg} (nada na imagem o carrega)`);
    }
  } catch (error) {
    problems.push(`Dockerfile: ${(error as Error).message}`);
  }
  // Base images pinned by digest (docs/deployment.md, "Images pinned by digest").
  for (const { image, line } of baseImages(text)) {
    if (!PINNED_IMAGE.test(image))
      problems.push(`Dockerfile:${line}: FROM ${image} — fixe a imagem por digest (imagem:tag@sha256:…)`);
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
  const [npmCommand, ...after] =
    install?.args.slice(install.args.indexOf('npm ci') + 'npm '.length).split('&&') ?? [];
  const npmArgs = npmCommand?.trim().split(/\s+/);
  if (!npmArgs) throw new Error('prod-deps sem `npm ci`');
  // Packages removed after the install (`&& rm -rf node_modules/…`): the smoke removes them too.
  const prune = after
    .map((c) => c.trim())
    .filter((c) => /^rm\s+-rf\s/.test(c))
    .flatMap((c) => c.split(/\s+/).slice(2));
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
  return { contextFiles, npmArgs, prune, buildFiles, env, nodeArgs: command.slice(1) };
}

/** `name:tag@sha256:<64 hex>`: a readable tag and the immutable digest it was resolved to. */
export const PINNED_IMAGE = /^[a-z0-9][\w.\-/]*:[\w.-]+@sha256:[0-9a-f]{64}$/;
/**
 * Packages the production install drops, never loaded in the image: TypeScript and its native
 * compiler (a peer of @trpc/server, for types) and the embedded database (PGlite) with its dialect.
 */
const RUNTIME_PRUNED = ['typescript', '@typescript', '@electric-sql/pglite', 'kysely-pglite-dialect'];

/** The image each FROM names (build arguments replaced by their defaults), earlier stages left out. */
function baseImages(dockerfile: string): { image: string; line: number }[] {
  const args: Record<string, string> = {};
  const stageNames = new Set<string>();
  const images: { image: string; line: number }[] = [];
  for (const [i, raw] of dockerfile.split('\n').entries()) {
    const line = raw.trim();
    const arg = /^ARG\s+(\w+)=(\S+)$/i.exec(line);
    if (arg && !images.length) args[arg[1]!] = arg[2]!;
    const from = /^FROM\s+(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (!from) continue;
    const image = from[1]!.replace(/\$\{?(\w+)\}?/g, (_, name: string) => args[name] ?? '');
    if (!stageNames.has(image.toLowerCase())) images.push({ image, line: i + 1 });
    if (from[2]) stageNames.add(from[2].toLowerCase());
  }
  return images;
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
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string } } }[];
  resources?: { requests?: Record<string, string> };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  startupProbe?: { httpGet?: { path: string; port: string | number } };
}
interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: {
    containers: Container[];
    securityContext?: { runAsNonRoot?: boolean };
    serviceAccountName?: string;
    automountServiceAccountToken?: boolean;
  };
}
interface NetworkPolicyPort {
  protocol?: string;
  port?: string | number;
}
interface NetworkPolicySpec {
  podSelector: { matchLabels?: Record<string, string> };
  policyTypes?: string[];
  ingress?: { ports?: NetworkPolicyPort[] }[];
  egress?: { ports?: NetworkPolicyPort[] }[];
}

/** An nginx size (`21m`, `512k`, `1g`, bytes without a suffix) in bytes; null when unreadable. */
export function nginxSize(value: string): number | null {
  const m = /^(\d+)([kmg]?)$/i.exec(value.trim());
  if (!m) return null;
  const unit = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'k' | 'm' | 'g'];
  return Number(m[1]) * unit;
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
  problems.push(...deploymentDefaults(objects, workloads));
  for (const kind of ['Deployment', 'Job']) {
    if (!byKind(kind).length) problems.push(`deploy/k8s: falta um ${kind}`);
  }
  return problems;
}

/**
 * Issue 24's deployment defaults: upload size through the Ingress, autoscaled replica counts,
 * migrations owned by the Job, network policies, service accounts without API tokens.
 */
function deploymentDefaults(
  objects: { obj: Obj; where: string }[],
  workloads: { obj: Obj; where: string; template: PodTemplate }[],
): string[] {
  const problems: string[] = [];
  const byKind = (kind: string) => objects.filter((o) => o.obj.kind === kind);
  const id = (o: { obj: Obj; where: string }) => `${o.where}: ${o.obj.kind}/${o.obj.metadata?.name}`;

  // 1. The Ingress lets through the largest upload the web accepts (ingress-nginx's default is 1 MB).
  for (const o of byKind('Ingress')) {
    const annotations = (o.obj.metadata as { annotations?: Record<string, string> }).annotations ?? {};
    const raw = annotations['nginx.ingress.kubernetes.io/proxy-body-size'];
    const size = raw === undefined ? null : nginxSize(raw);
    if (size === null || size === 0 || size < MEDIA_UPLOAD_MAX_BYTES) {
      problems.push(
        `${id(o)}: nginx.ingress.kubernetes.io/proxy-body-size (${raw ?? 'ausente: 1m'}) deve caber o maior envio do web, MEDIA_UPLOAD_MAX_BYTES = ${MEDIA_UPLOAD_MAX_BYTES} bytes`,
      );
    }
  }

  // 2. A Deployment whose count an autoscaler owns has no `replicas` (each apply would reset it).
  for (const kind of ['HorizontalPodAutoscaler', 'ScaledObject']) {
    for (const o of byKind(kind)) {
      const target = (o.obj.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name;
      const deployment = byKind('Deployment').find((d) => d.obj.metadata?.name === target);
      if (deployment && (deployment.obj.spec as { replicas?: number }).replicas !== undefined) {
        problems.push(`${id(deployment)}: sem replicas — o ${kind}/${o.obj.metadata?.name} define quantas`);
      }
    }
  }

  // 3. With a migration Job, the web does not migrate at start (no DDL rights needed at run time).
  const migrationJob = workloads.some(
    (w) => w.obj.kind === 'Job' && w.template.spec.containers.some((c) => c.args?.[0] === 'migrate'),
  );
  for (const w of workloads.filter((x) => x.obj.kind === 'Deployment')) {
    for (const c of w.template.spec.containers.filter((x) => x.args?.[0] === 'web')) {
      const value = c.env?.find((e) => e.name === 'MIGRATE_ON_START')?.value;
      if (migrationJob && value !== '0' && value !== 'false') {
        problems.push(`${id(w)}: env MIGRATE_ON_START: "0" — as migrações são do Job, não do web`);
      }
    }
  }

  // 4. Every pod is selected by a NetworkPolicy for both directions, with ports that exist and DNS.
  const policies = byKind('NetworkPolicy').map((o) => ({ ...o, spec: o.obj.spec as NetworkPolicySpec }));
  for (const w of workloads) {
    const labels = w.template.metadata?.labels;
    const mine = policies.filter((p) => matches(p.spec.podSelector.matchLabels, labels));
    const types = new Set(mine.flatMap((p) => p.spec.policyTypes ?? []));
    if (!types.has('Ingress') || !types.has('Egress')) {
      problems.push(`${id(w)}: nenhuma NetworkPolicy seleciona o pod com policyTypes [Ingress, Egress]`);
      continue;
    }
    const ports = w.template.spec.containers.flatMap((c) => c.ports ?? []);
    const allowed = mine.flatMap((p) => (p.spec.ingress ?? []).flatMap((r) => r.ports ?? []));
    for (const port of allowed) {
      if (!ports.some((cp) => cp.name === port.port || cp.containerPort === port.port)) {
        problems.push(`${id(w)}: a NetworkPolicy abre a porta ${port.port}, que o pod não tem`);
      }
    }
    for (const cp of ports) {
      if (!allowed.some((port) => port.port === cp.name || port.port === cp.containerPort)) {
        problems.push(`${id(w)}: nenhuma NetworkPolicy deixa entrar na porta ${cp.name ?? cp.containerPort}`);
      }
    }
    const egress = mine.flatMap((p) => (p.spec.egress ?? []).flatMap((r) => r.ports ?? []));
    if (!egress.some((port) => port.port === 53)) {
      problems.push(`${id(w)}: a NetworkPolicy deve permitir DNS (porta 53) na saída`);
    }
  }

  // 5. One ServiceAccount per workload, without a Kubernetes API token (on the account and the pod).
  const accounts = new Map(byKind('ServiceAccount').map((o) => [o.obj.metadata?.name, o]));
  const used = new Map<string, string>();
  for (const w of workloads) {
    const name = w.template.spec.serviceAccountName;
    const account = name ? accounts.get(name) : undefined;
    if (!name || !account) {
      problems.push(`${id(w)}: serviceAccountName deve nomear um ServiceAccount destes manifestos`);
      continue;
    }
    if (used.has(name)) problems.push(`${id(w)}: o ServiceAccount ${name} já é de ${used.get(name)}`);
    used.set(name, `${w.obj.kind}/${w.obj.metadata?.name}`);
    if (w.template.spec.automountServiceAccountToken !== false) {
      problems.push(`${id(w)}: automountServiceAccountToken: false no pod`);
    }
    if ((account.obj as { automountServiceAccountToken?: boolean }).automountServiceAccountToken !== false) {
      problems.push(`${id(account)}: automountServiceAccountToken: false`);
    }
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
    services: Record<
      string,
      { build?: unknown; image?: string; command?: string[]; environment?: Record<string, string> }
    >;
  };
  for (const [name, service] of Object.entries(compose.services)) {
    // Pauta's own image is built from ./Dockerfile (whose base image is pinned); the rest by digest.
    if (!service.build && !PINNED_IMAGE.test(service.image ?? '')) {
      problems.push(
        `docker-compose.yml: ${name}: image ${service.image} — fixe por digest (imagem:tag@sha256:…)`,
      );
    }
  }
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
