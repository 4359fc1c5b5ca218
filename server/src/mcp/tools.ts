// The tools of Pauta's MCP server (issue 28, item 4; docs/mcp.md). Each one calls the SAME tRPC
// procedure as the UI through a caller built from the API token (caller.ts), so permissions,
// workspace scoping, idempotency and the pt-BR errors are the UI's. A tool first checks the
// token's scopes (read, write, publish); an application error becomes a tool error
// (`isError: true`) with its ErrorCode and pt-BR text, never a protocol failure.
import { randomUUID } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import {
  type ApiTokenScope,
  AppError,
  errorMessages,
  INPUT_LIMITS,
  mcpMessages,
  messages,
  PLATFORM_LABELS,
  PLATFORM_TEXT_LIMITS,
  PLATFORMS,
  POST_STATUSES,
  WEEKDAY_NAMES,
} from '@pauta/core';
import { isDatabaseUnavailable } from '@pauta/db';
import { TRPCError } from '@trpc/server';
import { type ZodRawShape, z } from 'zod';
import type { ApiPrincipal } from '../api/tokens.js';
import type { AppDeps } from '../deps.js';
import { fieldIssues, publicErrorCode } from '../trpc/error-format.js';
import { userMessageOf } from '../trpc/errors.js';
import { IDEMPOTENCY_KEY_PATTERN } from '../trpc/idempotency.js';
import { callerFor, type PautaCaller } from './caller.js';

/** What a tool's handler gets: the token's caller for queries, and one per mutation key. */
interface ToolCall {
  /** A caller without an Idempotency-Key: queries only. */
  read: PautaCaller;
  /**
   * A caller whose mutation runs under the tool call's key plus `suffix` (one suffix per
   * mutation of the tool), so a client that repeats the call with the same `idempotency_key`
   * replays every step instead of doing it twice.
   */
  write(suffix?: string): PautaCaller;
}

interface ToolAnswer {
  text: string;
  data: Record<string, unknown>;
}

interface ToolSpec<Shape extends ZodRawShape> {
  name: string;
  title: string;
  /** pt-BR first, then English: assistants of either language pick the right tool. */
  description: string;
  scopes: readonly ApiTokenScope[];
  input: Shape;
  annotations: ToolAnnotations;
  run(args: z.infer<z.ZodObject<Shape>>, call: ToolCall): Promise<ToolAnswer>;
}

const id = z.uuid();
/** Optional on every write tool: the same key on a retry replays the first call's result. */
const idempotencyKey = z
  .string()
  .regex(IDEMPOTENCY_KEY_PATTERN)
  .max(100)
  .optional()
  .describe(
    'Opcional: a mesma chave numa nova tentativa não repete a ação (16–100 caracteres A-Z, a-z, 0-9, _ ou -). / Optional: retrying with the same key does not repeat the action.',
  );
const platform = z.enum(PLATFORMS);
const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('AAAA-MM-DD no fuso do usuário / YYYY-MM-DD in the user’s time zone');

/** Cursor paging of the list tools (the procedures' own `cursor` / `limit`). */
const paging = {
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe('nextCursor da página anterior / previous page’s nextCursor'),
  limit: z.number().int().min(1).max(100).optional().describe('Até 100, padrão 20 / up to 100, default 20'),
};
const list = (lines: string[], empty: string) => (lines.length ? lines.join('\n') : empty);
const iso = (date: Date | string) => new Date(date).toISOString();

/** The tool definitions, in the order an assistant sees them. */
const TOOLS = [
  tool({
    name: 'list_themes',
    title: 'Listar temas',
    description:
      'Lista os temas do cliente do token, com redes, frequência e quantos posts estão agendados e publicados. / Lists the themes of the token’s workspace with their networks, frequency and scheduled/published counts.',
    scopes: ['read'],
    input: {},
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(_args, call) {
      const themes = await call.read.themes.list();
      return {
        text: list(
          themes.map(
            (t) =>
              `- ${t.name} (id ${t.id}): ${t.socialNetworks.map((p) => PLATFORM_LABELS[p]).join(', ')}; ${t.scheduledCount} agendado(s), ${t.publishedCount} publicado(s)`,
          ),
          mcpMessages.noThemes,
        ),
        data: { themes },
      };
    },
  }),
  tool({
    name: 'draft_posts',
    title: 'Gerar rascunhos de posts',
    description:
      'Gera 5 rascunhos de posts para um tema com a IA do Pauta (os mesmos de "Posts sugeridos"). Os rascunhos NÃO são salvos: use create_scheduled_post para agendar o escolhido. / Drafts 5 posts for a theme with Pauta’s AI. Drafts are NOT saved: schedule the chosen one with create_scheduled_post.',
    scopes: ['write'],
    input: {
      theme_id: id.describe('O id do tema (list_themes) / the theme id'),
      idempotency_key: idempotencyKey,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    async run(args, call) {
      const result = await call.write().themes.generateDrafts({ themeId: args.theme_id, mode: 'screen' });
      return {
        text: [
          `${result.drafts.length} rascunho(s) (${result.source === 'ai' ? 'IA' : 'modelos prontos'}):`,
          ...result.drafts.map(
            (d, i) =>
              `${i + 1}. [${d.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')}] ${d.title}\n${d.content}`,
          ),
        ].join('\n'),
        data: result,
      };
    },
  }),
  tool({
    name: 'create_scheduled_post',
    title: 'Criar e agendar post',
    description:
      'Cria um post num tema e o agenda em cada rede escolhida: no horário informado (scheduled_for, ISO 8601 com fuso) ou, sem ele, no próximo horário livre do tema. Exige os escopos write e publish. / Creates a post in a theme and schedules it on each chosen network, at scheduled_for (ISO 8601 with offset) or at the theme’s next free slot. Needs the write and publish scopes.',
    scopes: ['write', 'publish'],
    input: {
      theme_id: id.describe('O id do tema (list_themes) / the theme id'),
      title: z.string().trim().min(1).max(INPUT_LIMITS.postTitle).describe('Título interno / internal title'),
      content: z
        .string()
        .trim()
        .min(1)
        .max(INPUT_LIMITS.postContent)
        .describe(
          'Texto do post, respeitando o limite de cada rede / post text, within each network’s limit',
        ),
      platforms: z
        .array(platform)
        .min(1)
        .max(PLATFORMS.length)
        .describe('Redes do tema em que publicar / networks of the theme to publish on'),
      scheduled_for: z
        .string()
        .datetime({ offset: true })
        .optional()
        .describe('Quando publicar, ex. 2026-12-01T18:00:00-03:00 / when to publish'),
      confirm_over_budget: z
        .boolean()
        .optional()
        .describe('Agendar mesmo passando do limite mensal da rede / schedule even past a network budget'),
      idempotency_key: idempotencyKey,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    async run(args, call) {
      const created = await call.write().themes.scheduleDraft({
        themeId: args.theme_id,
        title: args.title,
        content: args.content,
        platforms: args.platforms,
      });
      let posts = await Promise.all(created.postIds.map((postId) => call.read.posts.get({ id: postId })));
      if (args.scheduled_for) {
        const scheduledFor = new Date(args.scheduled_for);
        try {
          posts = [];
          for (const [index, postId] of created.postIds.entries()) {
            posts.push(
              await call.write(`r${index}`).posts.reschedule({
                id: postId,
                scheduledFor,
                confirmOverBudget: args.confirm_over_budget,
              }),
            );
          }
        } catch (error) {
          // The time was refused (past, too far, over a budget): the posts just created go, so a
          // refused call changes nothing, and the error says why.
          for (const [index, postId] of created.postIds.entries()) {
            await call
              .write(`d${index}`)
              .posts.delete({ id: postId })
              .catch(() => undefined);
          }
          throw error;
        }
      }
      return {
        text: [
          `Post agendado em ${posts.length} rede(s):`,
          ...posts.map(
            (p) => `- ${PLATFORM_LABELS[p.platform]}: ${iso(p.scheduledFor)} (id ${p.id}, ${p.status})`,
          ),
        ].join('\n'),
        data: {
          posts: posts.map((p) => ({
            id: p.id,
            platform: p.platform,
            scheduledFor: p.scheduledFor,
            status: p.status,
            approvalStage: p.approvalStage,
          })),
          budgetOverruns: created.budgetOverruns,
        },
      };
    },
  }),
  tool({
    name: 'list_scheduled_posts',
    title: 'Listar posts agendados',
    description:
      'Lista os posts de "Posts agendados", por data crescente, com filtros opcionais (tema, rede, datas, status) e paginação por cursor. / Lists the scheduled posts, earliest first, with optional filters (theme, network, dates, statuses) and cursor paging.',
    scopes: ['read'],
    input: {
      theme_id: id.optional().describe('Filtrar por tema / filter by theme'),
      platform: platform.optional().describe('Filtrar por rede / filter by network'),
      scheduled_from: localDate.optional(),
      scheduled_to: localDate.optional(),
      statuses: z
        .array(z.enum(POST_STATUSES))
        .max(POST_STATUSES.length)
        .optional()
        .describe('Filtrar por status / filter by status'),
      ...paging,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args, call) {
      const page = await call.read.posts.list({
        themeId: args.theme_id,
        platform: args.platform,
        scheduledFrom: args.scheduled_from,
        scheduledTo: args.scheduled_to,
        statuses: args.statuses,
        cursor: args.cursor,
        limit: args.limit ?? 20,
      });
      const posts = page.items.map((p) => ({
        id: p.id,
        themeId: p.themeId,
        themeName: p.themeName,
        title: p.title,
        content: p.content,
        platform: p.platform,
        scheduledFor: p.scheduledFor,
        status: p.status,
        approvalStage: p.approvalStage,
        lastErrorMessage: p.lastErrorMessage,
      }));
      return {
        text: posts.length
          ? [
              `${page.total} post(s) no filtro; nesta página ${posts.length}.`,
              ...posts.map(
                (p) =>
                  `- ${iso(p.scheduledFor)} ${PLATFORM_LABELS[p.platform]} — ${p.title} (id ${p.id}, ${p.status}${p.approvalStage ? `, aprovação: ${p.approvalStage}` : ''})`,
              ),
            ].join('\n')
          : mcpMessages.noPosts,
        data: { posts, total: page.total, nextCursor: page.nextCursor },
      };
    },
  }),
  tool({
    name: 'list_published_posts',
    title: 'Listar posts publicados com métricas',
    description:
      'Lista os posts publicados, do mais recente ao mais antigo, com link e métricas (alcance, curtidas, comentários, taxa de engajamento; null quando a rede não informa). / Lists published posts, newest first, with link and metrics (reach, likes, comments, engagement rate; null when the network does not report them).',
    scopes: ['read'],
    input: {
      theme_id: id.optional().describe('Filtrar por tema / filter by theme'),
      platform: platform.optional().describe('Filtrar por rede / filter by network'),
      ...paging,
    },
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args, call) {
      const page = await call.read.published.list({
        themeId: args.theme_id,
        platform: args.platform,
        cursor: args.cursor,
        limit: args.limit ?? 20,
      });
      const metric = (value: number | null) => (value === null ? '—' : String(value));
      return {
        text: list(
          page.items.map(
            (p) =>
              `- ${iso(p.publishedAt)} ${PLATFORM_LABELS[p.platform]} — ${p.title}: alcance ${metric(p.reach)}, curtidas ${metric(p.likes)}, comentários ${metric(p.comments)}${p.url ? ` (${p.url})` : ''}`,
          ),
          mcpMessages.noPublished,
        ),
        data: { posts: page.items, nextCursor: page.nextCursor },
      };
    },
  }),
  tool({
    name: 'best_times',
    title: 'Melhores horários',
    description:
      'Os melhores horários de cada rede (dia da semana e hora no fuso do usuário, nota 0–100, confiança pela quantidade de posts com métricas). Com post_id: os 3 próximos horários livres bons para esse post. / Best posting times per network (weekday and hour in the user’s zone, score 0–100, confidence). With post_id: the next 3 good free slots for that post.',
    scopes: ['read'],
    input: { post_id: id.optional().describe('Um post agendado / a scheduled post') },
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args, call) {
      if (args.post_id) {
        const result = await call.read.bestTime.suggestions({ postId: args.post_id });
        return {
          text: list(
            result.suggestions.map((s) => `- ${iso(s.scheduledFor)} (nota ${s.score})`),
            'Sem sugestões de horário para este post.',
          ),
          data: result,
        };
      }
      const grid = await call.read.bestTime.grid();
      const networks = grid.networks.map((n) => ({
        platform: n.platform,
        posts: n.posts,
        confidence: n.confidence,
        ranking: n.ranking,
      }));
      return {
        text: [
          `Fuso: ${grid.timeZone}`,
          ...networks.map(
            (n) =>
              `- ${PLATFORM_LABELS[n.platform]} (confiança ${n.confidence}, ${n.posts} post(s)): ${n.ranking
                .slice(0, 5)
                .map((s) => `${WEEKDAY_NAMES[s.weekday]} ${s.hour}h (${s.score})`)
                .join(', ')}`,
          ),
        ].join('\n'),
        data: { timeZone: grid.timeZone, networks },
      };
    },
  }),
  tool({
    name: 'approve_post',
    title: 'Aprovar post',
    description:
      'Aprova um post de um tema que exige aprovação (move para "Aprovado"; um post cujo horário já passou sai em seguida). Exige o escopo publish e um papel que possa aprovar. / Approves a post of a theme that requires approval. Needs the publish scope and a role allowed to approve.',
    scopes: ['publish'],
    input: { post_id: id.describe('O id do post / the post id'), idempotency_key: idempotencyKey },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(args, call) {
      const result = await call.write().approval.move({ postId: args.post_id, to: 'approved' });
      return {
        text: result.changed ? `Post ${result.id} aprovado.` : `Post ${result.id} já estava aprovado.`,
        data: result,
      };
    },
  }),
  tool({
    name: 'request_changes',
    title: 'Pedir ajustes',
    description:
      'Pede ajustes num post em aprovação (move para "Ajustes") e, se informado, deixa um comentário dizendo o que mudar. Exige o escopo write. / Asks for changes on a post under approval (moves it to "Ajustes") and optionally leaves a comment. Needs the write scope.',
    scopes: ['write'],
    input: {
      post_id: id.describe('O id do post / the post id'),
      comment: z
        .string()
        .trim()
        .min(1)
        .max(INPUT_LIMITS.approvalComment)
        .optional()
        .describe('O que mudar / what to change'),
      idempotency_key: idempotencyKey,
    },
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(args, call) {
      const result = await call.write().approval.move({ postId: args.post_id, to: 'changes' });
      const comment = args.comment
        ? await call.write('c').approval.comment({ postId: args.post_id, body: args.comment })
        : null;
      return {
        text: `Ajustes pedidos no post ${result.id}${comment ? ', com comentário' : ''}.`,
        data: { ...result, comment },
      };
    },
  }),
];

/** Keeps each spec's input and handler types tied together in the array above. */
function tool<Shape extends ZodRawShape>(spec: ToolSpec<Shape>): ToolSpec<Shape> {
  return spec;
}

/** The tool names, for tests and docs. */
export const MCP_TOOL_NAMES = TOOLS.map((t) => t.name);

/** The error of a call that never reached the app, or the app's refusal, as a tool result. */
function toolError(code: string, message: string, details?: unknown): CallToolResult {
  return {
    isError: true,
    content: [{ type: 'text', text: `${message} (${code})` }],
    structuredContent: { error: code, message, ...(details === undefined ? {} : { details }) },
  };
}

/**
 * The pt-BR text of an AppError, as precise as the screen's: a date in the past or a text too
 * long for a network say so (the Editar Post dialog's texts), everything else its code's text.
 */
function messageOf(error: AppError): string {
  if (error.code === 'VALIDATION_FAILED') {
    const details = (error as AppError<'VALIDATION_FAILED'>).details;
    const tooLong = details?.tooLongFor?.[0];
    if (tooLong) return messages.posts.tooLongFor(PLATFORM_LABELS[tooLong], PLATFORM_TEXT_LIMITS[tooLong]);
    if (details?.field === 'scheduledFor' && details.reason === 'PAST') return messages.posts.pastSchedule;
  }
  return userMessageOf(error);
}

/** An error thrown by a procedure, as the UI would have seen it: its ErrorCode and pt-BR text. */
function appErrorResult(error: unknown, deps: AppDeps, requestId: string, toolName: string): CallToolResult {
  if (error instanceof TRPCError) {
    const cause = error.cause;
    if (cause instanceof AppError) return toolError(cause.code, messageOf(cause), cause.details);
    if (cause instanceof z.ZodError) {
      return toolError('VALIDATION_FAILED', errorMessages.VALIDATION_FAILED, fieldIssues(cause));
    }
    if (isDatabaseUnavailable(cause))
      return toolError('DATABASE_UNAVAILABLE', errorMessages.DATABASE_UNAVAILABLE);
    const code = publicErrorCode(error, false);
    if (code !== 'INTERNAL') return toolError(code, errorMessages[code]);
  }
  if (isDatabaseUnavailable(error))
    return toolError('DATABASE_UNAVAILABLE', errorMessages.DATABASE_UNAVAILABLE);
  deps.logger.error({ err: error, tool: toolName, requestId }, 'erro inesperado numa ferramenta MCP');
  return toolError('INTERNAL', errorMessages.INTERNAL);
}

/** JSON of the answer (dates as ISO strings): what `structuredContent` carries. */
function plain(data: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

/** Registers every tool on `server`, each acting as `identity`. */
export function registerTools(
  server: McpServer,
  deps: AppDeps,
  identity: ApiPrincipal,
  request: { requestId: string; ip: string },
): void {
  for (const spec of TOOLS as ToolSpec<ZodRawShape>[]) {
    server.registerTool(
      spec.name,
      {
        title: spec.title,
        description: spec.description,
        inputSchema: spec.input,
        annotations: { title: spec.title, ...spec.annotations },
      },
      async (args: Record<string, unknown>) => {
        const missing = spec.scopes.filter((scope) => !identity.scopes.includes(scope));
        if (missing.length > 0) return toolError('INSUFFICIENT_SCOPE', mcpMessages.missingScope(spec.scopes));
        const base = typeof args.idempotency_key === 'string' ? args.idempotency_key : randomUUID();
        const call: ToolCall = {
          read: callerFor(deps, identity, request),
          write: (suffix) =>
            callerFor(deps, identity, { ...request, idempotencyKey: suffix ? `${base}-${suffix}` : base }),
        };
        try {
          const answer = await spec.run(args as never, call);
          return { content: [{ type: 'text', text: answer.text }], structuredContent: plain(answer.data) };
        } catch (error) {
          return appErrorResult(error, deps, request.requestId, spec.name);
        }
      },
    );
  }
}
