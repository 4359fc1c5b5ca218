// "A setup that checks itself" (issue 18, item 4; docs/operations.md "Diagnóstico"): the checks
// `npm run doctor` and the admin page "Diagnóstico" both run. Each answers
// { id, status: ok | warn | fail, title, detail, fix } in pt-BR; `copy` carries values the admin
// page offers to copy (the OAuth redirect URIs). Never a secret in any field: credentials are
// named by their variable, SMTP and Redis by host and port only.
import net from 'node:net';
import tls from 'node:tls';
import { PLATFORM_LABELS, PLATFORMS, type Platform } from '@pauta/core';
import { type Database, pendingMigrations } from '@pauta/db';
import {
  NETWORKS,
  OAUTH_CLIENTS,
  OAUTH_PROVIDER_NAMES,
  OAuthProviderError,
  type OAuthProviderName,
  type OAuthPurpose,
  oauthCallbackUrl,
  oauthClient,
  SessionProbeError,
  scopesFor,
  sessionClient,
} from '@pauta/networks';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { ServerEnv } from '../env.js';

export type CheckStatus = 'ok' | 'warn' | 'fail';

export interface CheckResult {
  id: string;
  status: CheckStatus;
  title: string;
  detail: string;
  /** What to do, in pt-BR; null when there is nothing to do. */
  fix: string | null;
  /** Values to register elsewhere, offered with a copy button (OAuth redirect URIs). */
  copy?: string[];
}

export type DoctorEnv = Pick<
  ServerEnv,
  | 'appUrl'
  | 'NODE_ENV'
  | 'SMTP_URL'
  | 'SOCIAL_SANDBOX_URL'
  | 'APP_URL'
  | 'LINKEDIN_CLIENT_ID'
  | 'LINKEDIN_CLIENT_SECRET'
  | 'FACEBOOK_CLIENT_ID'
  | 'FACEBOOK_CLIENT_SECRET'
  | 'X_CLIENT_ID'
  | 'X_CLIENT_SECRET'
  | 'INSTAGRAM_CLIENT_ID'
  | 'INSTAGRAM_CLIENT_SECRET'
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'BLUESKY_DEFAULT_SERVICE'
  | 'TIKTOK_APP_AUDITED'
>;

export interface DoctorContext {
  env: DoctorEnv;
  db: Kysely<Database>;
  /** The Redis the queues use; null when this installation runs without one. */
  redisUrl: string | null;
  /** The browser's window.location.origin (admin page); absent for the CLI, which fetches APP_URL. */
  browserOrigin?: string;
  /** Timeout of each outside call (ms). */
  timeoutMs?: number;
}

const CLOCK_WARN_MS = 2_000;
const CLOCK_FAIL_MS = 30_000;

const ok = (id: string, title: string, detail: string, extra: Partial<CheckResult> = {}): CheckResult => ({
  id,
  status: 'ok',
  title,
  detail,
  fix: null,
  ...extra,
});

function errorCode(error: unknown): string {
  const e = error as { code?: string; cause?: { code?: string }; name?: string };
  return e?.cause?.code ?? e?.code ?? e?.name ?? 'erro';
}

// ---- APP_URL and cookies -----------------------------------------------------------------------

async function checkAppUrl(ctx: DoctorContext): Promise<CheckResult> {
  const id = 'app-url';
  const title = 'Endereço público (APP_URL)';
  const appOrigin = new URL(ctx.env.appUrl).origin;
  const unset = ctx.env.APP_URL ? '' : ' (APP_URL não definida: usando o padrão)';
  if (ctx.browserOrigin !== undefined) {
    if (ctx.browserOrigin === appOrigin)
      return ok(id, title, `APP_URL é ${appOrigin}, o mesmo endereço aberto no navegador${unset}.`);
    return {
      id,
      status: 'fail',
      title,
      detail: `O navegador está em ${ctx.browserOrigin}, mas APP_URL é ${appOrigin}${unset}. Requisições e retornos OAuth de outra origem são recusados.`,
      fix: `Defina APP_URL=${ctx.browserOrigin} (o endereço que as pessoas abrem) e reinicie web e worker, ou acesse a Pauta por ${appOrigin}.`,
    };
  }
  const url = `${ctx.env.appUrl}/healthz`;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(ctx.timeoutMs ?? 5_000),
      redirect: 'manual',
    });
    const body = (await res.json().catch(() => null)) as { status?: string } | null;
    if (res.status === 200 && body?.status === 'ok')
      return ok(id, title, `${url} respondeu: a Pauta está acessível em ${appOrigin}${unset}.`);
    const moved = res.headers.get('location');
    return {
      id,
      status: 'fail',
      title,
      detail: `${url} respondeu ${res.status}${moved ? ` (redireciona para ${moved})` : ''}, não a Pauta.`,
      fix: moved
        ? `Use em APP_URL o endereço final (${new URL(moved, url).origin}), sem redirecionamento, e reinicie web e worker.`
        : 'Confira se APP_URL é o endereço público da Pauta e se o proxy encaminha para o processo web.',
    };
  } catch (error) {
    return {
      id,
      status: 'fail',
      title,
      detail: `Não foi possível acessar ${url} (${errorCode(error)})${unset}.`,
      fix: 'Defina APP_URL com o endereço público da Pauta (ex.: https://pauta.exemplo.com), confira o DNS, o proxy e se o processo web está no ar, e reinicie web e worker.',
    };
  }
}

function checkCookies(ctx: DoctorContext): CheckResult {
  const id = 'cookies';
  const title = 'Cookies de sessão';
  const https = new URL(ctx.env.appUrl).protocol === 'https:';
  const browserHttps = ctx.browserOrigin ? new URL(ctx.browserOrigin).protocol === 'https:' : null;
  if (https && browserHttps === false)
    return {
      id,
      status: 'fail',
      title,
      detail:
        'APP_URL é https, então os cookies de sessão são Secure (__Host-), mas o navegador está em http: ele não os guarda e o login volta sempre para a tela de entrada.',
      fix: 'Acesse a Pauta por https (configure TLS no proxy) ou, só em uma rede local de testes, use APP_URL com http://.',
    };
  if (https)
    return ok(id, title, 'APP_URL é https: cookies Secure, HttpOnly, SameSite=Lax com prefixo __Host-.');
  const host = new URL(ctx.env.appUrl).hostname;
  const local = host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost');
  if (browserHttps === true)
    return {
      id,
      status: 'warn',
      title,
      detail:
        'O navegador está em https, mas APP_URL é http: os cookies saem sem Secure e a origem não confere.',
      fix: 'Defina APP_URL com https:// e reinicie web e worker.',
    };
  if (local) return ok(id, title, 'APP_URL é http em localhost: cookies sem Secure, como o navegador exige.');
  return {
    id,
    status: ctx.env.NODE_ENV === 'production' ? 'fail' : 'warn',
    title,
    detail: `APP_URL é http em ${host}: sessões e tokens trafegam sem criptografia e os cookies não são Secure.`,
    fix: 'Sirva a Pauta por https (o docker-compose traz o Caddy com TLS automático) e use APP_URL=https://….',
  };
}

// ---- OAuth ---------------------------------------------------------------------------------------

function purposesOf(name: OAuthProviderName): OAuthPurpose[] {
  const scopes = OAUTH_CLIENTS[name].scopes;
  return (['signIn', 'connect'] as const).filter((p) => scopes[p] !== undefined);
}

function checkRedirectUris(ctx: DoctorContext): CheckResult[] {
  return OAUTH_PROVIDER_NAMES.map((name) => {
    const uris = purposesOf(name).map((purpose) => oauthCallbackUrl(ctx.env.appUrl, purpose));
    const vars = OAUTH_CLIENTS[name].credentials;
    // The permissions the app must have at the network (LinkedIn Pages: the Community Management
    // product's), so a refused scope is not a surprise at the first connection.
    const scopes = [
      ...new Set(purposesOf(name).flatMap((purpose) => scopesFor(name, purpose, ctx.env) ?? [])),
    ];
    if (vars === null)
      return ok(
        `oauth-redirect-${name}`,
        `URLs de retorno OAuth — ${OAUTH_CLIENTS[name].label}`,
        `Nada a cadastrar: a Pauta registra o próprio app em cada instância do ${OAUTH_CLIENTS[name].label} na primeira conexão, com ${uris.length === 1 ? 'esta URL' : 'estas URLs'} de retorno: ${uris.join(' e ')}, pedindo as permissões ${scopes.join(' ')}. Se APP_URL mudar, a Pauta registra o app de novo em cada instância na conexão seguinte.`,
        { copy: uris },
      );
    // What the network requires beyond credentials and scopes (an access application), if anything.
    const declared = OAUTH_CLIENTS[name].accessRequirement;
    const requirement = typeof declared === 'function' ? declared(ctx.env) : declared;
    return ok(
      `oauth-redirect-${name}`,
      `URLs de retorno OAuth — ${OAUTH_CLIENTS[name].label}`,
      `Cadastre exatamente ${uris.length === 1 ? 'esta URL' : 'estas URLs'} no app do ${OAUTH_CLIENTS[name].label} (${vars.clientId}): ${uris.join(' e ')}. O app precisa das permissões: ${scopes.join(' ')}.${requirement === undefined ? '' : ` ${requirement}`}`,
      { copy: uris },
    );
  });
}

/**
 * Exchanges a made-up authorization code: a network that accepts the client answers
 * invalid_grant (the code), one that refuses it answers invalid_client. No token is obtained and
 * no account is touched; it works for every OAuth 2.0 network, the sandbox included.
 */
async function checkCredentials(ctx: DoctorContext, name: OAuthProviderName): Promise<CheckResult> {
  const id = `oauth-credentials-${name}`;
  const label = OAUTH_CLIENTS[name].label;
  const title = `Credenciais — ${label}`;
  const vars = OAUTH_CLIENTS[name].credentials;
  if (vars === null)
    return ok(
      id,
      title,
      `Sem credenciais a configurar: cada instância do ${label} emite as da Pauta quando a primeira conta dela é conectada (guardadas cifradas por instância).`,
    );
  const configured = Boolean(
    ctx.env[vars.clientId as keyof DoctorEnv] && ctx.env[vars.clientSecret as keyof DoctorEnv],
  );
  const sandbox = !configured && Boolean(ctx.env.SOCIAL_SANDBOX_URL);
  const purpose = purposesOf(name)[0] ?? 'connect';
  const client = oauthClient(name, purpose, {
    env: ctx.env,
    appUrl: ctx.env.appUrl,
    timeoutMs: ctx.timeoutMs ?? 5_000,
  });
  if (!client)
    return {
      id,
      status: 'warn',
      title,
      detail: `${vars.clientId} e ${vars.clientSecret} não estão definidas: o ${label} fica indisponível.`,
      fix: `Para usar o ${label}, crie um app na rede, cadastre as URLs de retorno acima e defina ${vars.clientId} e ${vars.clientSecret}.`,
    };
  const where = sandbox
    ? ' (modo Sandbox: credenciais de teste do servidor local, nenhuma rede real foi consultada)'
    : '';
  try {
    await client.validateAuthorizationCode(
      `pauta-doctor-${Date.now()}`,
      client.usesPkce ? 'pauta-doctor-code-verifier-0123456789abcdefghijklmnop' : undefined,
    );
    return ok(id, title, `O ${label} aceitou as credenciais${where}.`);
  } catch (error) {
    if (error instanceof OAuthProviderError) {
      if (error.kind === 'invalid_grant' || error.kind === 'access_denied')
        return ok(id, title, `O ${label} aceitou ${vars.clientId} e o segredo${where}.`);
      if (error.kind === 'invalid_client')
        return {
          id,
          status: 'fail',
          title,
          detail: `O ${label} recusou as credenciais (${error.providerCode ?? 'invalid_client'})${where}.`,
          fix: `Copie de novo ${vars.clientId} e ${vars.clientSecret} do painel de desenvolvedor do ${label} (sem espaços) e reinicie web e worker.`,
        };
      if (error.kind === 'network')
        return {
          id,
          status: 'warn',
          title,
          detail: `O ${label} não respondeu (${error.providerCode ?? error.status ?? 'rede'})${where}.`,
          fix: 'Confira se este servidor alcança a internet (proxy de saída, firewall) e rode o diagnóstico de novo.',
        };
      // The network answered something else (e.g. invalid_request): the client was read, so the
      // credentials cannot be judged from here.
      return {
        id,
        status: 'warn',
        title,
        detail: `Não foi possível confirmar as credenciais: o ${label} respondeu ${error.providerCode ?? error.status ?? 'algo inesperado'}${where}.`,
        fix: `Confira ${vars.clientId} e ${vars.clientSecret} no painel do ${label}; conecte uma conta de teste para confirmar.`,
      };
    }
    return {
      id,
      status: 'warn',
      title,
      detail: `Não foi possível consultar o ${label} (${errorCode(error)})${where}.`,
      fix: 'Confira a conexão deste servidor com a internet e rode o diagnóstico de novo.',
    };
  }
}

// ---- Redis -------------------------------------------------------------------------------------

function parseInfo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) out[line.slice(0, i)] = line.slice(i + 1).trim();
  }
  return out;
}

async function checkRedis(ctx: DoctorContext): Promise<CheckResult[]> {
  const title = 'Redis';
  if (!ctx.redisUrl)
    return [
      {
        id: 'redis',
        status: 'fail',
        title,
        detail: 'Nenhum Redis configurado: a publicação fica pausada (os posts continuam salvos no banco).',
        fix: 'Defina REDIS_URL (redis://host:6379) com um Redis 7 e reinicie web e worker.',
      },
    ];
  const where = (() => {
    const u = new URL(ctx.redisUrl);
    return `${u.hostname}:${u.port || '6379'}`;
  })();
  const redis = new Redis(ctx.redisUrl, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: ctx.timeoutMs ?? 5_000,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const sent = Date.now();
    const [memory, persistence, time] = await Promise.all([
      redis.info('memory'),
      redis.info('persistence'),
      redis.time(),
    ]);
    const received = Date.now();
    const policy = parseInfo(memory).maxmemory_policy ?? 'desconhecida';
    const info = parseInfo(persistence);
    let save = '';
    try {
      const reply = (await redis.config('GET', 'save')) as string[];
      save = reply[1] ?? '';
    } catch {
      save = '?'; // CONFIG disabled (managed Redis): judge by INFO alone.
    }
    const aof = info.aof_enabled === '1';
    const rdb = save !== '' && save !== '?';
    const results: CheckResult[] = [];
    results.push(
      policy === 'noeviction'
        ? ok('redis-eviction', 'Redis: política de memória', `maxmemory-policy é noeviction em ${where}.`)
        : {
            id: 'redis-eviction',
            status: 'fail',
            title: 'Redis: política de memória',
            detail: `maxmemory-policy é ${policy} em ${where}: com a memória cheia o Redis apaga jobs das filas e posts deixam de ser publicados na hora.`,
            fix: 'Configure maxmemory-policy noeviction (redis.conf, `redis-server --maxmemory-policy noeviction`, ou o grupo de parâmetros do Redis gerenciado) e reinicie o Redis.',
          },
    );
    results.push(
      aof || rdb
        ? ok(
            'redis-persistence',
            'Redis: persistência',
            `${[aof ? 'AOF ligado' : null, rdb ? `RDB (save ${save})` : null].filter(Boolean).join(' e ')} em ${where}.`,
          )
        : {
            id: 'redis-persistence',
            status: 'warn',
            title: 'Redis: persistência',
            detail: `${where} não grava em disco${save === '?' ? ' (AOF desligado; não foi possível ler a configuração save)' : ' (sem AOF nem RDB)'}: um reinício apaga as filas. Nada se perde — o reconciliador recria os avisos a partir do PostgreSQL —, mas os posts esperam até um ciclo (RECONCILE_INTERVAL_MS).`,
            fix: 'Ligue o AOF: appendonly yes (o docker-compose já usa).',
          },
    );
    const redisMs = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
    results.push(
      clockResult('clock-redis', 'Relógio: Pauta × Redis', redisMs - (sent + received) / 2, received - sent),
    );
    return results;
  } catch (error) {
    return [
      {
        id: 'redis',
        status: 'fail',
        title,
        detail: `Não foi possível conectar ao Redis em ${where} (${errorCode(error)}): a publicação fica pausada.`,
        fix: 'Confira REDIS_URL, se o Redis está no ar e se este servidor o alcança (firewall, senha na URL).',
      },
    ];
  } finally {
    redis.disconnect();
  }
}

// ---- PostgreSQL --------------------------------------------------------------------------------

function clockResult(id: string, title: string, skewMs: number, rttMs: number): CheckResult {
  const abs = Math.abs(skewMs);
  const human = abs < 1000 ? `${Math.round(abs)} ms` : `${(abs / 1000).toFixed(1)} s`;
  const detail = `Diferença de ${human} (${skewMs >= 0 ? 'o outro à frente' : 'a Pauta à frente'}; ida e volta ${rttMs} ms).`;
  if (abs < CLOCK_WARN_MS) return ok(id, title, detail);
  return {
    id,
    status: abs >= CLOCK_FAIL_MS ? 'fail' : 'warn',
    title,
    detail: `${detail} Horários de publicação, sessões e "Precisa de atenção" dependem de relógios certos.`,
    fix: 'Sincronize o relógio das máquinas com NTP (systemd-timesyncd, chrony) — a da Pauta, a do banco e a do Redis.',
  };
}

async function checkDatabase(ctx: DoctorContext): Promise<CheckResult[]> {
  try {
    const sent = Date.now();
    const { rows } = await sql<{ now: Date }>`SELECT now() AS now`.execute(ctx.db);
    const received = Date.now();
    const pending = await pendingMigrations(ctx.db);
    return [
      pending.length === 0
        ? ok('migrations', 'Migrações do banco', 'Todas as migrações estão aplicadas.')
        : {
            id: 'migrations',
            status: 'fail',
            title: 'Migrações do banco',
            detail: `${pending.length} ${pending.length === 1 ? 'migração pendente' : 'migrações pendentes'}: ${pending.join(', ')}.`,
            fix: 'Rode npm run db:migrate (no compose: docker compose run --rm migrate; no Kubernetes: o Job pauta-migrate) antes de subir web e worker.',
          },
      clockResult(
        'clock-database',
        'Relógio: Pauta × PostgreSQL',
        rows[0]!.now.getTime() - (sent + received) / 2,
        received - sent,
      ),
    ];
  } catch (error) {
    return [
      {
        id: 'database',
        status: 'fail',
        title: 'Banco de dados',
        detail: `O PostgreSQL não respondeu (${errorCode(error)}).`,
        fix: 'Confira DATABASE_URL e se o PostgreSQL está no ar e acessível deste servidor.',
      },
    ];
  }
}

// ---- SMTP --------------------------------------------------------------------------------------

/** Connects, reads the greeting, says EHLO and QUIT; resolves with the server's greeting line. */
function smtpHandshake(url: URL, timeoutMs: number): Promise<string> {
  const secure = url.protocol === 'smtps:';
  const port = Number(url.port || (secure ? 465 : 587));
  return new Promise((resolve, reject) => {
    const socket = secure
      ? tls.connect({ host: url.hostname, port, servername: url.hostname })
      : net.connect({ host: url.hostname, port });
    socket.setTimeout(timeoutMs, () =>
      socket.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
    );
    let buffer = '';
    let greeting = '';
    let step: 'greeting' | 'ehlo' = 'greeting';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      // A reply is complete when its last line is "NNN text" (not "NNN-text").
      const lines = buffer.split(/\r?\n/).filter(Boolean);
      const last = lines.at(-1);
      if (!last || !/^\d{3} /.test(last) || !buffer.endsWith('\n')) return;
      buffer = '';
      const code = Number(last.slice(0, 3));
      if (step === 'greeting') {
        if (code !== 220) return socket.destroy(Object.assign(new Error(last), { code: `SMTP ${code}` }));
        greeting = last;
        step = 'ehlo';
        socket.write('EHLO pauta-doctor\r\n');
      } else {
        if (code !== 250) return socket.destroy(Object.assign(new Error(last), { code: `SMTP ${code}` }));
        socket.end('QUIT\r\n');
        resolve(greeting);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(Object.assign(new Error('closed'), { code: 'ECONNRESET' })));
  });
}

async function checkSmtp(ctx: DoctorContext): Promise<CheckResult> {
  const id = 'smtp';
  const title = 'Email (SMTP)';
  if (!ctx.env.SMTP_URL)
    return {
      id,
      status: 'warn',
      title,
      detail:
        'SMTP_URL não está definida: os emails ficam na caixa de saída (Templates de Email) e não chegam a ninguém — nem a redefinição de senha nem os avisos de worker parado.',
      fix: 'Defina SMTP_URL=smtps://usuario:senha@smtp.exemplo.com:465 (ou smtp://…:587) e MAIL_FROM.',
    };
  const url = new URL(ctx.env.SMTP_URL);
  const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
  try {
    await smtpHandshake(url, ctx.timeoutMs ?? 5_000);
    return ok(id, title, `${where} respondeu ao EHLO.`);
  } catch (error) {
    return {
      id,
      status: 'fail',
      title,
      detail: `Não foi possível falar com o servidor SMTP em ${where} (${errorCode(error)}).`,
      fix: 'Confira host e porta de SMTP_URL (smtps:// para a porta 465, smtp:// para 587 ou 25) e se o firewall libera a saída para essa porta.',
    };
  }
}

// ---- networks that connect through a form ------------------------------------------------------

/**
 * A network whose accounts log in with their own password (Bluesky's app password) needs no app
 * credentials and no return URL: the check is that its default server answers (describeServer).
 */
async function checkSessionServer(ctx: DoctorContext, platform: Platform): Promise<CheckResult> {
  const label = PLATFORM_LABELS[platform];
  const id = `session-server-${platform}`;
  const title = `Servidor — ${label}`;
  const variable = NETWORKS[platform].session?.defaultServiceVariable ?? '';
  const client = sessionClient(platform, { env: ctx.env, timeoutMs: ctx.timeoutMs ?? 5_000 })!;
  const where = ctx.env.SOCIAL_SANDBOX_URL
    ? ' (modo Sandbox: o servidor local respondeu no lugar da rede)'
    : '';
  try {
    const service = await client.probe();
    return ok(
      id,
      title,
      `${service} respondeu${where}. As contas do ${label} se conectam com usuário e senha de app: não há credenciais de app nem URL de retorno a cadastrar.`,
    );
  } catch (error) {
    const service = error instanceof SessionProbeError ? error.service : '';
    return {
      id,
      status: 'warn',
      title,
      detail: `Não foi possível falar com o servidor padrão do ${label} (${service})${where}: as contas não conseguirão se conectar nem publicar.`,
      fix: `Confira se este servidor tem saída https para ${service || 'a rede'}, ou defina ${variable} com o servidor (PDS) das contas e reinicie web e worker.`,
    };
  }
}

// ---- all ---------------------------------------------------------------------------------------

/** Runs every check (the slow ones in parallel); the order is the order shown. */
export async function runDoctorChecks(ctx: DoctorContext): Promise<CheckResult[]> {
  const [appUrl, database, redis, smtp, ...credentials] = await Promise.all([
    checkAppUrl(ctx),
    checkDatabase(ctx),
    checkRedis(ctx),
    checkSmtp(ctx),
    ...OAUTH_PROVIDER_NAMES.map((name) => checkCredentials(ctx, name)),
    ...PLATFORMS.filter((platform) => NETWORKS[platform].session).map((platform) =>
      checkSessionServer(ctx, platform),
    ),
  ]);
  return [appUrl, checkCookies(ctx), ...database, ...redis, smtp, ...checkRedirectUris(ctx), ...credentials];
}

const ICON: Record<CheckStatus, string> = { ok: '✔', warn: '!', fail: '✘' };

/** The CLI's text: one block per check, its fix under it. */
export function formatDoctorReport(results: readonly CheckResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    lines.push(
      `${ICON[r.status]} [${r.status === 'ok' ? 'ok' : r.status === 'warn' ? 'aviso' : 'falha'}] ${r.title}`,
    );
    lines.push(`    ${r.detail}`);
    if (r.fix) lines.push(`    Como corrigir: ${r.fix}`);
  }
  const fails = results.filter((r) => r.status === 'fail').length;
  const warns = results.filter((r) => r.status === 'warn').length;
  lines.push('');
  lines.push(
    fails
      ? `${fails} ${fails === 1 ? 'falha' : 'falhas'} e ${warns} ${warns === 1 ? 'aviso' : 'avisos'}: corrija as falhas acima.`
      : `Tudo certo${warns ? ` (${warns} ${warns === 1 ? 'aviso' : 'avisos'})` : ''}.`,
  );
  return `${lines.join('\n')}\n`;
}
