// Sandbox Anthropic: a local imitation of `POST /v1/messages` (API version 2026-10-21) at
// `/api.anthropic.com/v1/messages`, so `ANTHROPIC_BASE_URL=${SANDBOX_URL}/api.anthropic.com` works.
//
// What it checks, as the real API does: an API key (`x-api-key`, else `Authorization: Bearer`;
// any non-empty key except the configured rejected ones), the `anthropic-version` header, and
// the body (model, max_tokens, messages; on 2026-10-21 `temperature`/`top_p`/`top_k` are
// "Extra inputs are not permitted"). Errors use Anthropic's shape
// `{ type: 'error', error: { type, message }, request_id }`; answers use the Message shape.
//
// The Pauta drafting convention (server/src/ai/prompt.ts writes the other side): the last user
// message carries the structured inputs as JSON between `<posts_request>` and `</posts_request>`:
//
//   { "count": 5, "theme": { "name": "…", "description": "…" }, "tones": ["Profissional"],
//     "avoid_topics": ["Política"], "max_characters": 280,
//     "networks": [{ "id": "x", "name": "X (Twitter)", "max_characters": 280 }] }
//
// With `output_config.format` (json_schema) the stand-in answers JSON text
// `{ "posts": [{ "title", "content", "post_order", "versions": [{ "network", "content" }] }] }`:
// `count` pt-BR posts about the theme, in its tones; `content` fits every listed network's limit
// (X measured in weighted characters) and each version is written in its network's style within
// that network's limit (server/src/ai/prompt.ts NETWORK_GUIDES).
// An adaptation request (server/src/ai/adapt.ts) carries `<adapt_request>` instead, with
// `{ "text", "from": { "id" }, "to": { "id", "max_characters" }, "theme" }`; the answer is
// `{ "content" }`, the text in the target network's style within its limit.
// A variation request (worker/src/publish/variation.ts, a recurring post's next occurrence on a
// network that refuses duplicate text) carries `<variation_request>` with `{ "text", "network":
// { "id", "max_characters" }, "occurrence", "theme" }`; the answer is `{ "content" }`: the same
// message with another opening line for each occurrence, never equal to `text`, within the limit.
// Tests steer the next answers with `setNextOutput(mode)` / `POST /__sandbox/anthropic/next`:
// 'ok' (the default), 'malformed' (not JSON), 'no_posts' (`{ "posts": [] }`), 'too_long'
// (posts over the limit, several sentences each, so a sentence-boundary trim can recover them).
// A chunk of a larger request (server/src/ai/chunks.ts) adds `"part": { "first", "last", "total" }`
// and `"angles"`; the stand-in then writes the posts of those slots (titles and texts follow the
// slot, so the chunks of one request do not repeat each other).
// An image block (`{ type: 'image', source: { type: 'base64', media_type, data } }`) is checked as
// the real API checks it: media_type one of jpeg/png/gif/webp, data valid base64, at most 5 MB, and
// the bytes' signature matching media_type; else 400 invalid_request_error. An alt text request
// (server/src/ai/describe-image.ts) carries an image and `<alt_request>` with
// `{ "post_text", "theme", "max_characters" }`; the answer is `{ "alt_text" }`, a deterministic pt-BR
// description from the image's orientation and size and the post's theme (the sandbox does not
// look at pixels), within max_characters.
// A carousel request (server/src/carousel/write-carousel.ts) carries `<carousel_request>` with
// `{ "post_title", "post_text", "theme", "min_slides", "max_slides", "max_title_characters",
// "max_body_characters" }`; the answer is `{ "slides": [{ "kind", "title", "body" }] }`: a cover
// from the title, one slide per sentence of the post, a call to action, within every limit.
// Output speed: with `outputTokensPerSecond` (option, `setOutputSpeed`, `POST
// /__sandbox/anthropic/speed`, or SANDBOX_ANTHROPIC_TOKENS_PER_SECOND for `npm run sandbox`) an
// answer waits output_tokens / speed seconds before it is sent, as a real model's generation does,
// so a test or a measurement sees how long a request of that size takes (0: at once).
import { randomBytes } from 'node:crypto';
import { isPlatform, measurePostLength } from '@pauta/core';
import type { ErrorRequestHandler, Request, Response, Router } from 'express';
import { z } from 'zod';
import { inspectImage } from './images.js';
import { SandboxTimers } from './timers.js';

export const ANTHROPIC_HOST = 'api.anthropic.com';
/** The API version the SDK 1.x sends; the only one that rejects sampling parameters here. */
export const ANTHROPIC_API_VERSION = '2026-10-21';
export const ANTHROPIC_SUPPORTED_VERSIONS: readonly string[] = ['2023-06-01', ANTHROPIC_API_VERSION];
/** Rejected with 401 unless `rejectedApiKeys` says otherwise. */
export const ANTHROPIC_REJECTED_KEY = 'sk-ant-sandbox-rejected';
export const SAMPLING_PARAMETERS = ['temperature', 'top_p', 'top_k'] as const;

export const ANTHROPIC_OUTPUT_MODES = ['ok', 'malformed', 'no_posts', 'too_long'] as const;
export type AnthropicOutputMode = (typeof ANTHROPIC_OUTPUT_MODES)[number];

export interface AnthropicStandInOptions {
  /** Keys answered with 401 authentication_error (default: [ANTHROPIC_REJECTED_KEY]). */
  rejectedApiKeys?: string[];
  /** Simulated generation speed: an answer of N output tokens waits N / speed seconds (default 0: at once). */
  outputTokensPerSecond?: number;
}

/** The structured inputs of a drafting request (the `<posts_request>` block), all optional. */
export const postsRequestSchema = z.object({
  count: z.int().min(1).max(50).catch(5),
  theme: z
    .object({ name: z.string().catch('Conteúdo'), description: z.string().catch('') })
    .catch({ name: 'Conteúdo', description: '' }),
  tones: z.array(z.string()).catch([]),
  avoid_topics: z.array(z.string()).catch([]),
  max_characters: z.int().min(1).optional().catch(undefined),
  /** Set when the request is one chunk of a larger one: the slots it writes. */
  part: z
    .object({ first: z.int().min(1), last: z.int().min(1), total: z.int().min(1) })
    .optional()
    .catch(undefined),
  angles: z.array(z.string()).optional().catch(undefined),
  /** Commemorative dates the person picked: the post of `post_order` (in this request) cites its date. */
  commemorative_dates: z
    .array(z.object({ post_order: z.int().min(1), name: z.string(), date: z.string(), why: z.string() }))
    .optional()
    .catch(undefined),
  networks: z
    .array(z.object({ id: z.string(), name: z.string().optional(), max_characters: z.int().min(1) }))
    .catch([]),
});
export type PostsRequest = z.output<typeof postsRequestSchema>;

/** State the tests steer: which kind of answer the next drafting requests get. */
export class AnthropicStandIn {
  readonly rejectedApiKeys: ReadonlySet<string>;
  private queue: AnthropicOutputMode[] = [];
  private readonly defaultSpeed: number;
  /** Output tokens per second; 0 answers at once. */
  outputTokensPerSecond: number;
  private readonly timers = new SandboxTimers();

  constructor(options: AnthropicStandInOptions = {}) {
    this.rejectedApiKeys = new Set(options.rejectedApiKeys ?? [ANTHROPIC_REJECTED_KEY]);
    this.defaultSpeed = Math.max(0, options.outputTokensPerSecond ?? 0);
    this.outputTokensPerSecond = this.defaultSpeed;
  }

  /** Simulated generation speed (null or 0: answers at once); `reset()` restores the option's. */
  setOutputSpeed(tokensPerSecond: number | null): void {
    this.outputTokensPerSecond = Math.max(0, tokensPerSecond ?? 0);
  }

  /** How long an answer of `outputTokens` takes to generate at the current speed. */
  generationMs(outputTokens: number): number {
    return this.outputTokensPerSecond > 0
      ? Math.round((outputTokens / this.outputTokensPerSecond) * 1000)
      : 0;
  }

  /** Waits `ms` (dropped by `dispose`, so a closing sandbox does not wait for it). */
  wait(ms: number): Promise<void> {
    return this.timers.wait(ms);
  }

  dispose(): void {
    this.timers.dispose();
  }

  /** The next `times` answers use `mode`; 'ok' clears anything queued. */
  setNextOutput(mode: AnthropicOutputMode, times = 1): void {
    if (mode === 'ok') {
      this.queue = [];
      return;
    }
    for (let i = 0; i < times; i += 1) this.queue.push(mode);
  }

  takeMode(): AnthropicOutputMode {
    return this.queue.shift() ?? 'ok';
  }

  reset(): void {
    this.queue = [];
    this.outputTokensPerSecond = this.defaultSpeed;
  }
}

// Errors

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

const ERROR_MESSAGES: Record<string, string> = {
  rate_limit_error: 'Number of request tokens has exceeded your per-minute rate limit.',
  api_error: 'Internal server error',
  overloaded_error: 'Overloaded',
  timeout_error: 'Request timed out',
};

function requestId(): string {
  return `req_sbx${randomBytes(12).toString('hex')}`;
}

/** Anthropic's error body for a status (used for injected faults on this host too). */
export function anthropicErrorBody(status: number, message?: string) {
  const type = ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
  return {
    type: 'error',
    error: { type, message: message ?? ERROR_MESSAGES[type] ?? 'Error' },
    request_id: requestId(),
  };
}

function sendError(res: Response, status: number, message: string): void {
  const body = anthropicErrorBody(status, message);
  res.setHeader('request-id', body.request_id);
  res.status(status).json(body);
}

// Request checks

function apiKeyOf(req: Request): string | null {
  const header = req.headers['x-api-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined && key.trim() !== '') return key.trim();
  const bearer = req.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i);
  return bearer?.[1] ?? null;
}

type Checked<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

interface TextBlock {
  type: 'text';
  text: string;
}

interface ContentBlock {
  type: string;
  text?: unknown;
  source?: unknown;
}

export const ANTHROPIC_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/** The real API's limit for one base64 image. */
export const ANTHROPIC_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Standard base64 with padding (a plain character class: no backtracking on megabytes). */
const isBase64 = (data: string) => data.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(data);

/** The error message of an invalid image block (the real API's wording), or null when it is valid. */
export function checkImageBlock(path: string, block: ContentBlock): string | null {
  const source = block.source as Record<string, unknown> | null | undefined;
  if (source === null || typeof source !== 'object') return `${path}.image.source: Field required`;
  if (source.type === 'url') {
    return typeof source.url === 'string' && /^https?:\/\//.test(source.url)
      ? `${path}.image.source.url: the Pauta sandbox does not fetch image URLs; send base64`
      : `${path}.image.source.url: Input should be a valid URL`;
  }
  if (source.type !== 'base64') {
    return `${path}.image.source: Input tag '${String(source.type)}' found using 'type' does not match any of the expected tags: 'base64', 'url', 'file'`;
  }
  const mediaType = source.media_type;
  if (!(ANTHROPIC_IMAGE_TYPES as readonly unknown[]).includes(mediaType)) {
    return `${path}.image.source.base64.media_type: Input should be 'image/jpeg', 'image/png', 'image/gif' or 'image/webp'`;
  }
  if (typeof source.data !== 'string' || source.data === '') {
    return `${path}.image.source.base64.data: Field required`;
  }
  if (!isBase64(source.data)) {
    return `${path}.image.source.base64.data: The image data is not valid base64`;
  }
  const bytes = Buffer.from(source.data, 'base64');
  if (bytes.length > ANTHROPIC_IMAGE_MAX_BYTES) {
    return `${path}.image.source.base64.data: image exceeds 5 MB maximum: ${bytes.length} bytes > ${ANTHROPIC_IMAGE_MAX_BYTES} bytes`;
  }
  const inspected = inspectImage(bytes);
  if (inspected === null) return `${path}.image.source.base64.data: Could not process image`;
  if (inspected.mimeType !== mediaType) {
    return `${path}.image.source.base64.data: Image does not match the provided media type ${String(mediaType)}`;
  }
  return null;
}

interface MessagesBody {
  model: string;
  max_tokens: number;
  messages: { role: 'user' | 'assistant'; content: string | ContentBlock[] }[];
  system?: string | TextBlock[];
  stream?: boolean;
  output_config?: { format?: { type: string; schema?: unknown } | null } | null;
}

function fail(status: number, message: string): { ok: false; status: number; message: string } {
  return { ok: false, status, message };
}

function checkBody(body: unknown, version: string): Checked<MessagesBody> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return fail(400, 'Request body must be a JSON object');
  }
  const b = body as Record<string, unknown>;
  if (version >= ANTHROPIC_API_VERSION) {
    for (const name of SAMPLING_PARAMETERS) {
      if (name in b) return fail(400, `${name}: Extra inputs are not permitted`);
    }
  }
  if (b.model === undefined) return fail(400, 'model: Field required');
  if (typeof b.model !== 'string' || b.model.trim() === '')
    return fail(400, 'model: Input should be a valid string');
  if (!b.model.startsWith('claude-')) return fail(404, `model: ${b.model}`);
  if (b.max_tokens === undefined) return fail(400, 'max_tokens: Field required');
  if (typeof b.max_tokens !== 'number' || !Number.isInteger(b.max_tokens)) {
    return fail(400, 'max_tokens: Input should be a valid integer');
  }
  if (b.max_tokens < 1) return fail(400, 'max_tokens: Input should be greater than or equal to 1');
  if (b.messages === undefined) return fail(400, 'messages: Field required');
  if (!Array.isArray(b.messages)) return fail(400, 'messages: Input should be a valid list');
  if (b.messages.length === 0) return fail(400, 'messages: at least one message is required');
  for (const [i, message] of b.messages.entries()) {
    const m = message as Record<string, unknown> | null;
    if (m === null || typeof m !== 'object')
      return fail(400, `messages.${i}: Input should be a valid dictionary`);
    if (m.role !== 'user' && m.role !== 'assistant') {
      return fail(400, `messages.${i}.role: Input should be 'user' or 'assistant'`);
    }
    if (typeof m.content === 'string') {
      if (m.content === '') return fail(400, `messages.${i}: text content blocks must be non-empty`);
    } else if (!Array.isArray(m.content)) {
      return fail(400, `messages.${i}.content: Input should be a valid string or list`);
    } else {
      for (const [j, raw] of (m.content as unknown[]).entries()) {
        const block = raw as ContentBlock | null;
        if (block === null || typeof block !== 'object' || typeof block.type !== 'string') {
          return fail(400, `messages.${i}.content.${j}: Input should be a valid dictionary`);
        }
        if (block.type === 'image') {
          if (m.role !== 'user')
            return fail(400, `messages.${i}.content.${j}: images are only allowed in user messages`);
          const problem = checkImageBlock(`messages.${i}.content.${j}`, block);
          if (problem !== null) return fail(400, problem);
        }
      }
    }
  }
  if (b.system !== undefined && typeof b.system !== 'string' && !Array.isArray(b.system)) {
    return fail(400, 'system: Input should be a valid string or list');
  }
  if (b.stream === true) return fail(400, 'stream: the Pauta sandbox does not support streaming');
  const config = b.output_config as MessagesBody['output_config'] | undefined;
  if (config?.format !== undefined && config.format !== null) {
    if (config.format.type !== 'json_schema') {
      return fail(400, "output_config.format.type: Input should be 'json_schema'");
    }
    if (config.format.schema === null || typeof config.format.schema !== 'object') {
      return fail(400, 'output_config.format.schema: Field required');
    }
  }
  return { ok: true, value: b as unknown as MessagesBody };
}

function textOf(content: MessagesBody['messages'][number]['content'] | MessagesBody['system']): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .filter((block) => block.type === 'text' && typeof block.text === 'string')
    .map((block) => block.text as string)
    .join('\n');
}

/**
 * A reader of the JSON inputs in a `<tag>…</tag>` block of the prompt: the inputs as the schema
 * reads them, or null when there is no block, it is not JSON or the schema refuses it.
 */
function requestBlockReader<Schema extends z.ZodType>(
  tag: string,
  schema: Schema,
): (text: string) => z.output<Schema> | null {
  const block = new RegExp(`<${tag}>\\s*([\\s\\S]*?)\\s*</${tag}>`);
  return (text) => {
    const match = text.match(block);
    if (match === null) return null;
    let raw: unknown;
    try {
      raw = JSON.parse(match[1]!);
    } catch {
      return null;
    }
    const parsed = schema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  };
}

/** The `<posts_request>` inputs of the last user message, or null when there are none. */
export const readPostsRequest = requestBlockReader('posts_request', postsRequestSchema);

// Writing posts

interface Limit {
  id: string;
  max: number;
}

function limitsOf(request: PostsRequest): Limit[] {
  const limits = request.networks.map((n) => ({ id: n.id, max: n.max_characters }));
  if (request.max_characters !== undefined) limits.push({ id: 'any', max: request.max_characters });
  return limits.length > 0 ? limits : [{ id: 'x', max: 280 }];
}

function measure(id: string, text: string): number {
  return isPlatform(id) ? measurePostLength(id, text) : [...text].length;
}

function fitsAll(text: string, limits: Limit[]): boolean {
  return limits.every((limit) => measure(limit.id, text) <= limit.max);
}

/** Drops whole words from the end until the text fits (the last resort of a well-behaved model). */
function cutWords(text: string, limits: Limit[]): string {
  const words = text.split(/\s+/);
  while (words.length > 1 && !fitsAll(`${words.join(' ')}…`, limits)) words.pop();
  const cut = `${words.join(' ')}…`;
  return fitsAll(cut, limits) ? cut : '';
}

function excerpt(description: string, maxChars: number): string {
  const clean = description.replace(/\s+/g, ' ').trim();
  if (clean === '') return '';
  const first = clean.match(/^.*?[.!?](?=\s|$)/)?.[0] ?? clean;
  if ([...first].length <= maxChars) return /[.!?]$/.test(first) ? first : `${first}.`;
  const words = first.split(' ');
  let out = '';
  for (const word of words) {
    if ([...`${out} ${word}`].length > maxChars - 1) break;
    out = out === '' ? word : `${out} ${word}`;
  }
  return out === '' ? '' : `${out}…`;
}

function hashtag(name: string): string {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '');
  const tag = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join('');
  return tag === '' ? '' : `#${tag.slice(0, 40)}`;
}

const OPENERS: Record<string, readonly string[]> = {
  Inspirador: [
    'Todo grande resultado começa com um pequeno passo.',
    'Constância vence pressa, sempre.',
    'O melhor momento para começar é agora.',
  ],
  Profissional: [
    'Vamos direto ao ponto.',
    'Um lembrete importante para quem leva o trabalho a sério.',
    'Boas práticas fazem diferença no resultado.',
  ],
  Empático: [
    'Sabemos que nem sempre é fácil.',
    'Se você já se sentiu perdido com isso, não está sozinho.',
    'Cada pessoa tem o seu ritmo, e tudo bem.',
  ],
  Informativo: ['Você sabia?', 'Um resumo rápido para você.', 'Separamos uma informação útil.'],
  Descontraído: [
    'Bora falar de um assunto que a gente adora?',
    'Pega o café e vem com a gente!',
    'Spoiler: é mais simples do que parece.',
  ],
};

const TITLES: readonly ((name: string) => string)[] = [
  (name) => `${name}: por onde começar`,
  (name) => `3 ideias práticas sobre ${name}`,
  (name) => `O que pouca gente conta sobre ${name}`,
  (name) => `${name} no dia a dia`,
  (name) => `Perguntas frequentes sobre ${name}`,
  (name) => `Um erro comum em ${name}`,
  (name) => `${name}: mitos e verdades`,
];

const POINTS: readonly ((name: string) => string)[] = [
  (name) => `Hoje o foco é ${name}.`,
  (name) => `Quando o assunto é ${name}, consistência faz toda a diferença.`,
  (name) => `Pequenos ajustes em ${name} geram grandes resultados.`,
  (name) => `Entender ${name} ajuda a tomar decisões melhores.`,
  (name) => `${name} fica mais fácil quando dividimos o caminho em etapas.`,
];

const CALLS_TO_ACTION: readonly string[] = [
  'Conte nos comentários o que você acha!',
  'Salve este post para consultar depois.',
  'Compartilhe com quem precisa ler isso hoje.',
  'Qual é a sua experiência com o tema?',
  'Siga para mais conteúdos como este.',
];

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length]!;
}

function toneOf(request: PostsRequest, index: number): string {
  const tones = request.tones.filter((t) => t in OPENERS);
  return tones.length === 0 ? 'Profissional' : pick(tones, index);
}

/** A post that fits every limit: optional sentences are dropped before any word is cut. */
function writePost(request: PostsRequest, index: number, limits: Limit[]) {
  const name = request.theme.name.trim() || 'Conteúdo';
  const opener = pick(OPENERS[toneOf(request, index)]!, Math.floor(index / 5));
  const parts = {
    opener,
    point: pick(POINTS, index)(name),
    excerpt: excerpt(request.theme.description, 160),
    cta: pick(CALLS_TO_ACTION, index + 2),
    tag: hashtag(name),
  };
  const order: (keyof typeof parts)[] = ['excerpt', 'tag', 'cta', 'opener'];
  const join = () =>
    [parts.opener, parts.point, parts.excerpt, parts.cta, parts.tag].filter((p) => p !== '').join(' ');
  let content = join();
  for (const key of order) {
    if (fitsAll(content, limits)) break;
    parts[key] = '';
    content = join();
  }
  if (!fitsAll(content, limits)) content = cutWords(content, limits);
  return { title: pick(TITLES, index)(name), content, post_order: index + 1 };
}

/** The post given a commemorative date cites it in its title ('Black Friday: …'), as a model would. */
function occasionTitle(request: PostsRequest, postOrder: number, index: number): { title?: string } {
  const occasion = request.commemorative_dates?.find((o) => o.post_order === postOrder);
  if (occasion === undefined) return {};
  const name = request.theme.name.trim() || 'Conteúdo';
  return { title: `${occasion.name}: ${pick(TITLES, index)(name)}`.slice(0, 80) };
}

/** A post over the tightest limit, made of whole sentences so a trim can keep the first ones. */
function writeLongPost(request: PostsRequest, index: number, limits: Limit[]) {
  const name = request.theme.name.trim() || 'Conteúdo';
  const sentences = [pick(OPENERS[toneOf(request, index)]!, index), pick(POINTS, index)(name)];
  const over = (text: string) => limits.some((l) => measure(l.id, text) > l.max * 1.2 + 20);
  let k = 1;
  while (!over(sentences.join(' ')) && k < 100_000) {
    sentences.push(`Ponto ${k}: ${pick(POINTS, index + k)(name)}`);
    k += 1;
  }
  return { title: pick(TITLES, index)(name), content: sentences.join(' '), post_order: index + 1 };
}

/** The networks of a request as limits (the default X when it names none). */
function networksOf(request: PostsRequest): Limit[] {
  const limits = request.networks.map((n) => ({ id: n.id, max: n.max_characters }));
  return limits.length > 0 ? limits : [{ id: 'x', max: 280 }];
}

/**
 * Post `index` written for one network, in that network's style (what the drafting prompt's
 * NETWORK_GUIDES ask for): X short and direct with one hashtag, LinkedIn in paragraphs with
 * hashtags at the end, Facebook conversational ending in a question, Instagram with a hook,
 * emoji and hashtags, Threads conversational with a question. Optional parts are dropped, then
 * words cut, until it fits the network.
 */
function writeVersion(request: PostsRequest, index: number, network: Limit): string {
  const name = request.theme.name.trim() || 'Conteúdo';
  const opener = pick(OPENERS[toneOf(request, index)]!, Math.floor(index / 5));
  const point = pick(POINTS, index)(name);
  const cta = pick(CALLS_TO_ACTION, index + 2);
  const tag = hashtag(name);
  const limits = [network];
  const variants: Record<string, () => string[][]> = {
    x: () => [[opener, point, tag], [point, tag], [point]],
    linkedin: () => [
      [opener, `${point} ${excerpt(request.theme.description, 400)}`, cta, [tag, '#Aprendizado'].join(' ')],
      [opener, point, cta, tag],
    ],
    facebook: () => [
      [`${opener} ${point}`, excerpt(request.theme.description, 300), 'E você, o que acha? Conta pra gente!'],
      [`${opener} ${point}`, 'E você, o que acha?'],
    ],
    instagram: () => [
      [
        `✨ ${point}`,
        excerpt(request.theme.description, 300),
        `💬 ${cta}`,
        [tag, '#dicas', '#conteudo'].join(' '),
      ],
      [`✨ ${point}`, `💬 ${cta}`, tag],
    ],
    // Threads: conversational, one idea, a question, at most one hashtag (a topic).
    threads: () => [
      [`${opener} ${point}`, 'E você, o que acha?', tag],
      [point, 'E você?'],
    ],
    // A company Page: the company's voice ("nós"), a call to action, the sector's hashtags.
    linkedin_page: () => [
      [
        `Aqui na empresa, ${point.charAt(0).toLowerCase()}${point.slice(1)}`,
        cta,
        [tag, '#Negócios'].join(' '),
      ],
      [point, cta],
    ],
  };
  const joiner = network.id === 'x' ? ' ' : '\n\n';
  const candidates = (variants[network.id] ?? variants.facebook!)().map((parts) =>
    parts.filter((p) => p !== '').join(joiner),
  );
  for (const candidate of candidates) if (fitsAll(candidate, limits)) return candidate;
  return cutWords(candidates.at(-1)!, limits);
}

function postsAnswer(request: PostsRequest, mode: AnthropicOutputMode): string {
  const limits = limitsOf(request);
  const networks = networksOf(request);
  // A chunk writes the slots it was given (post i of the answer is slot `offset + i + 1`).
  const offset = (request.part?.first ?? 1) - 1;
  switch (mode) {
    case 'malformed':
      return `Claro! Aqui estão os posts sobre ${request.theme.name}:\n{"posts": [{"title": "Post 1", "content": "Texto interrompido`;
    case 'no_posts':
      return JSON.stringify({ posts: [] });
    case 'too_long': {
      // The version for the tightest network is over its limit (whole sentences, so a trim can
      // keep the first ones); the base text too; the other versions are ordinary.
      const tightest = networks.reduce((a, b) => (b.max < a.max ? b : a));
      return JSON.stringify({
        posts: Array.from({ length: request.count }, (_, n) => {
          const i = offset + n;
          const post = { ...writeLongPost(request, i, limits), post_order: n + 1 };
          return {
            ...post,
            versions: networks.map((network) => ({
              network: network.id,
              content: network === tightest ? post.content : writeVersion(request, i, network),
            })),
          };
        }),
      });
    }
    default:
      return JSON.stringify({
        posts: Array.from({ length: request.count }, (_, n) => ({
          ...writePost(request, offset + n, limits),
          ...occasionTitle(request, n + 1, offset + n),
          post_order: n + 1,
          versions: networks.map((network) => ({
            network: network.id,
            content: writeVersion(request, offset + n, network),
          })),
        })),
      });
  }
}

/** The inputs of an adaptation request (the `<adapt_request>` block of server/src/ai/adapt.ts). */
export const adaptRequestSchema = z.object({
  text: z.string(),
  from: z.object({ id: z.string() }).catch({ id: 'x' }),
  to: z.object({ id: z.string(), name: z.string().optional(), max_characters: z.int().min(1) }),
  theme: z.string().catch(''),
});
export type AdaptRequest = z.output<typeof adaptRequestSchema>;

export const readAdaptRequest = requestBlockReader('adapt_request', adaptRequestSchema);

/** The inputs of a variation request (the `<variation_request>` block of worker/src/publish/variation.ts). */
export const variationRequestSchema = z.object({
  text: z.string(),
  network: z.object({ id: z.string(), max_characters: z.int().min(1) }),
  occurrence: z.int().min(1).catch(2),
  theme: z.string().catch(''),
});
export type VariationRequest = z.output<typeof variationRequestSchema>;

export const readVariationRequest = requestBlockReader('variation_request', variationRequestSchema);

const VARIATION_OPENERS = [
  'Vale lembrar:',
  'Caso tenha perdido:',
  'De volta ao assunto:',
  'Relembrando:',
  'Mais uma vez, porque importa:',
  'Voltando a este tema:',
];

/** Another opening for each occurrence, the message kept; a previous opening is replaced. */
function variationText(request: VariationRequest): string {
  let body = request.text.trim();
  for (const opener of VARIATION_OPENERS)
    if (body.startsWith(opener)) body = body.slice(opener.length).trim();
  const limit: Limit[] = [{ id: request.network.id, max: request.network.max_characters }];
  for (let i = 0; i < VARIATION_OPENERS.length; i++) {
    const opener = VARIATION_OPENERS[(request.occurrence + i) % VARIATION_OPENERS.length]!;
    let candidate = `${opener} ${body}`;
    if (!fitsAll(candidate, limit)) candidate = cutWords(candidate, limit);
    if (candidate !== request.text.trim()) return candidate;
  }
  return cutWords(`${body} (${request.occurrence})`, limit);
}

/**
 * A `{content}` answer (a variation, an adaptation) in the test's output mode: cut-off JSON, an
 * empty content, the `tooLong` text, or the well-behaved `text`.
 */
function contentAnswer(mode: AnthropicOutputMode, text: () => string, tooLong: () => string): string {
  switch (mode) {
    case 'malformed':
      return '{"content": "Texto interrompido';
    case 'no_posts':
      return JSON.stringify({ content: '' });
    case 'too_long':
      return JSON.stringify({ content: tooLong() });
    default:
      return JSON.stringify({ content: text() });
  }
}

function variationAnswer(request: VariationRequest, mode: AnthropicOutputMode): string {
  return contentAnswer(
    mode,
    () => variationText(request),
    () => `${request.text} `.repeat(4),
  );
}

/** The inputs of an alt text request (the `<alt_request>` block of server/src/ai/describe-image.ts). */
export const altRequestSchema = z.object({
  post_text: z.string().catch(''),
  theme: z.string().catch(''),
  max_characters: z.int().min(20).catch(250),
});
export type AltRequest = z.output<typeof altRequestSchema>;

export const readAltRequest = requestBlockReader('alt_request', altRequestSchema);

/** The inputs of a carousel request (the `<carousel_request>` block of server/src/carousel/write-carousel.ts). */
export const carouselRequestSchema = z.object({
  post_title: z.string().catch(''),
  post_text: z.string().catch(''),
  theme: z.string().catch(''),
  min_slides: z.int().min(1).max(20).catch(5),
  max_slides: z.int().min(1).max(20).catch(10),
  max_title_characters: z.int().min(10).catch(80),
  max_body_characters: z.int().min(10).catch(240),
});
export type CarouselRequest = z.output<typeof carouselRequestSchema>;

export const readCarouselRequest = requestBlockReader('carousel_request', carouselRequestSchema);

function fitWords(text: string, max: number): string {
  const chars = [...text.trim()];
  if (chars.length <= max) return text.trim();
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[,;:.\s]+$/, '')}…`;
}

/**
 * The stand-in's carousel, as a well-behaved model writes it: a cover from the post's title, one
 * slide per sentence of the post (hashtags and links left out), a call to action; between
 * min_slides and max_slides slides, every text within its limit.
 */
export function carouselSlidesFor(request: CarouselRequest): { kind: string; title: string; body: string }[] {
  const plain = request.post_text
    .replace(/https?:\/\/\S+/g, '')
    // As asked: no emoji on the slides.
    .replace(/\p{Extended_Pictographic}|\u200D|\uFE0F/gu, '')
    .replace(/(^|\s)#[\p{L}\p{N}_]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentences = plain
    .split(/(?<=[.!?…])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const ideasWanted = Math.max(request.min_slides - 2, Math.min(request.max_slides - 2, sentences.length));
  const theme = request.theme.trim() === '' ? 'o tema' : request.theme.trim();
  const ideas: { kind: string; title: string; body: string }[] = [];
  for (let i = 0; i < ideasWanted; i++) {
    const sentence = sentences[i];
    ideas.push(
      sentence === undefined
        ? {
            kind: 'content',
            title: fitWords(`Dica ${i + 1} sobre ${theme}`, request.max_title_characters),
            body: fitWords(
              `Comece pelo básico: um passo de cada vez sobre ${theme}, sem pressa.`,
              request.max_body_characters,
            ),
          }
        : {
            kind: 'content',
            title: fitWords(
              `${i + 1}. ${sentence.split(/[,;:]/)[0]!.replace(/[.!?…]+$/, '')}`,
              request.max_title_characters,
            ),
            body: fitWords(sentence, request.max_body_characters),
          },
    );
  }
  const cover = fitWords(
    request.post_title.trim() === '' ? `Tudo sobre ${theme}` : request.post_title,
    request.max_title_characters,
  );
  return [
    {
      kind: 'cover',
      title: cover,
      body: fitWords(
        `Arraste para o lado e veja ${ideas.length} ideias sobre ${theme}.`,
        request.max_body_characters,
      ),
    },
    ...ideas,
    {
      kind: 'cta',
      title: fitWords('Gostou? Salve e compartilhe!', request.max_title_characters),
      body: fitWords(
        'Siga o perfil para mais conteúdos como este e comente qual ideia você vai testar primeiro.',
        request.max_body_characters,
      ),
    },
  ];
}

function carouselAnswer(request: CarouselRequest, mode: AnthropicOutputMode): string {
  switch (mode) {
    case 'malformed':
      return '{"slides": [{"kind": "cover", "title": "Texto interrompido';
    case 'no_posts':
      return JSON.stringify({ slides: [] });
    default:
      return JSON.stringify({ slides: carouselSlidesFor(request) });
  }
}

/** The inputs of a report analysis (the `<report_request>` block of server/src/reports/analysis.ts). */
const trend = z.enum(['up', 'down', 'flat', 'unknown']).catch('unknown');
export const reportRequestSchema = z.object({
  client_name: z.string().catch(''),
  trends: z
    .object({ published: trend, reach: trend, engagement: trend, followers: trend })
    .catch({ published: 'unknown', reach: 'unknown', engagement: 'unknown', followers: 'unknown' }),
  best_network: z.string().nullable().catch(null),
});
export type ReportRequest = z.output<typeof reportRequestSchema>;

export const readReportRequest = requestBlockReader('report_request', reportRequestSchema);

const TREND_WORDS: Record<'up' | 'down' | 'flat' | 'unknown', string> = {
  up: 'cresceu',
  down: 'caiu',
  flat: 'ficou estável',
  unknown: 'ainda não tem base de comparação',
};

/** The stand-in's analysis: deterministic, from the trends only, with no digits (as asked). */
function reportAnswer(request: ReportRequest, mode: AnthropicOutputMode): string {
  if (mode === 'malformed') return '{"analysis": "Texto interrompido';
  const t = request.trends;
  const best = request.best_network ? ` O destaque do período foi o ${request.best_network}.` : '';
  return JSON.stringify({
    analysis:
      `No período, o alcance ${TREND_WORDS[t.reach]} e o engajamento ${TREND_WORDS[t.engagement]} em relação ao período anterior; ` +
      `a base de seguidores ${TREND_WORDS[t.followers]} e o volume de publicações ${TREND_WORDS[t.published]}.${best} ` +
      'Vale manter os formatos que mais engajaram e revisar os horários dos posts com menor resultado.',
  });
}

/** The images (dimensions) of a message's content blocks, already checked by checkBody. */
function imagesOf(content: MessagesBody['messages'][number]['content']): { width: number; height: number }[] {
  if (typeof content === 'string') return [];
  return content.flatMap((block) => {
    if (block.type !== 'image') return [];
    const source = block.source as { data?: string };
    const inspected = inspectImage(Buffer.from(source.data ?? '', 'base64'));
    return inspected === null ? [] : [{ width: inspected.width, height: inspected.height }];
  });
}

/**
 * The stand-in's description: deterministic, from the image's shape and the theme, e.g.
 * "Cena em formato paisagem (1000 × 750 px) que ilustra o tema \"Café\"." (no "Imagem de").
 */
export function altTextFor(
  image: { width: number; height: number } | undefined,
  request: AltRequest,
): string {
  const shape =
    image === undefined
      ? 'sem imagem legível'
      : `em formato ${image.width > image.height ? 'paisagem' : image.width < image.height ? 'retrato' : 'quadrado'} (${image.width} × ${image.height} px)`;
  const theme = request.theme.trim() === '' ? '' : ` que ilustra o tema "${request.theme.trim()}"`;
  const text = `Cena ${shape}${theme}.`;
  return text.length <= request.max_characters ? text : `${text.slice(0, request.max_characters - 1)}…`;
}

function altAnswer(
  request: AltRequest,
  images: { width: number; height: number }[],
  mode: AnthropicOutputMode,
): string {
  switch (mode) {
    case 'malformed':
      return '{"alt_text": "Texto interrompido';
    case 'no_posts':
      return JSON.stringify({ alt_text: '' });
    default:
      return JSON.stringify({ alt_text: altTextFor(images[0], request) });
  }
}

/** The text rewritten in the target network's style, within its limit (a well-behaved model). */
function adaptText(request: AdaptRequest): string {
  const target: Limit = { id: request.to.id, max: request.to.max_characters };
  const plain = request.text
    .replace(/(^|\s)#[\p{L}\p{N}_]+/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const sentences = plain
    .match(/[^.!?]+[.!?]*/g)
    ?.map((p) => p.trim())
    .filter((p) => p !== '') ?? [plain];
  const tag = hashtag(request.theme);
  let candidates: string[];
  switch (target.id) {
    case 'x':
      candidates = sentences.map((_, i) =>
        [sentences.slice(0, sentences.length - i).join(' '), tag].join(' ').trim(),
      );
      break;
    case 'linkedin':
    case 'linkedin_page': {
      const paragraphs: string[] = [];
      for (let i = 0; i < sentences.length; i += 2) paragraphs.push(sentences.slice(i, i + 2).join(' '));
      candidates = [[...paragraphs, [tag, '#Aprendizado'].join(' ').trim()].join('\n\n')];
      break;
    }
    case 'threads':
      candidates = [`${sentences.join(' ')}\n\nE você, o que acha?`, sentences.join(' ')];
      break;
    case 'instagram':
      candidates = [
        `✨ ${sentences.join(' ')}\n\n💬 Conta nos comentários!\n\n${[tag, '#dicas', '#conteudo'].join(' ').trim()}`,
      ];
      break;
    default:
      candidates = [`${sentences.join(' ')}\n\nE você, o que acha? Conta pra gente!`];
  }
  for (const candidate of candidates) if (fitsAll(candidate, [target])) return candidate;
  return cutWords(candidates.at(-1)!, [target]);
}

function adaptAnswer(request: AdaptRequest, mode: AnthropicOutputMode): string {
  return contentAnswer(
    mode,
    () => adaptText(request),
    () =>
      `${request.text} `.repeat(
        Math.ceil((request.to.max_characters * 1.5) / Math.max(1, request.text.length)),
      ),
  );
}

const DEFAULT_POSTS_REQUEST: PostsRequest = postsRequestSchema.parse({});

/** About four characters per token, like the real tokenizer on pt-BR prose. */
function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Mounts `POST /api.anthropic.com/v1/messages` (and Anthropic-shaped errors under that host). */
export function mountAnthropic(app: Router, standIn: AnthropicStandIn): void {
  app.post(`/${ANTHROPIC_HOST}/v1/messages`, async (req: Request, res: Response) => {
    const key = apiKeyOf(req);
    if (key === null) {
      sendError(res, 401, 'x-api-key header is required');
      return;
    }
    if (standIn.rejectedApiKeys.has(key)) {
      sendError(res, 401, 'invalid x-api-key');
      return;
    }
    const version = req.get('anthropic-version');
    if (version === undefined || version.trim() === '') {
      sendError(res, 400, 'anthropic-version: header is required');
      return;
    }
    if (!ANTHROPIC_SUPPORTED_VERSIONS.includes(version)) {
      sendError(res, 400, `anthropic-version: invalid version ${version}`);
      return;
    }
    const checked = checkBody(req.body, version);
    if (!checked.ok) {
      sendError(res, checked.status, checked.message);
      return;
    }
    const body = checked.value;
    const lastUser = [...body.messages].reverse().find((m) => m.role === 'user');
    const userText = lastUser === undefined ? '' : textOf(lastUser.content);
    const request = readPostsRequest(userText);
    const adapt = request === null ? readAdaptRequest(userText) : null;
    const variation = request === null && adapt === null ? readVariationRequest(userText) : null;
    const alt = request === null && adapt === null && variation === null ? readAltRequest(userText) : null;
    const report = request === null && adapt === null && alt === null ? readReportRequest(userText) : null;
    const carousel =
      request === null && adapt === null && alt === null && report === null
        ? readCarouselRequest(userText)
        : null;
    const structured = body.output_config?.format?.type === 'json_schema';
    // Only a drafting or adaptation request consumes a queued mode.
    let text: string;
    if (adapt !== null) text = adaptAnswer(adapt, standIn.takeMode());
    else if (variation !== null) text = variationAnswer(variation, standIn.takeMode());
    else if (alt !== null)
      text = altAnswer(alt, lastUser === undefined ? [] : imagesOf(lastUser.content), standIn.takeMode());
    else if (report !== null) text = reportAnswer(report, standIn.takeMode());
    else if (carousel !== null) text = carouselAnswer(carousel, standIn.takeMode());
    else if (structured || request !== null)
      text = postsAnswer(request ?? DEFAULT_POSTS_REQUEST, standIn.takeMode());
    else text = 'Olá! Aqui é o simulador local da API da Anthropic usado pelo Pauta.';

    let stopReason = 'end_turn';
    if (estimateTokens(text) > body.max_tokens) {
      text = text.slice(0, body.max_tokens * 4);
      stopReason = 'max_tokens';
    }
    const inputText = textOf(body.system) + body.messages.map((m) => textOf(m.content)).join('\n');
    // Generation time at the simulated speed; a client that gave up meanwhile gets nothing.
    const generationMs = standIn.generationMs(estimateTokens(text));
    if (generationMs > 0) {
      await standIn.wait(generationMs);
      if (res.destroyed || res.writableEnded) return;
    }
    const id = requestId();
    res.setHeader('request-id', id);
    res.json({
      id: `msg_sbx${randomBytes(12).toString('hex')}`,
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [{ type: 'text', text }],
      stop_reason: stopReason,
      stop_sequence: null,
      stop_details: null,
      container: null,
      usage: {
        // An image costs about width × height / 750 tokens (Anthropic's vision docs).
        input_tokens:
          estimateTokens(inputText) +
          body.messages
            .flatMap((m) => (m.role === 'user' ? imagesOf(m.content) : []))
            .reduce((sum, image) => sum + Math.ceil((image.width * image.height) / 750), 0),
        output_tokens: estimateTokens(text),
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        service_tier: 'standard',
      },
    });
  });

  app.all(`/${ANTHROPIC_HOST}/*path`, (req, res) => {
    sendError(res, 404, `Not found: ${req.method} ${req.path.slice(ANTHROPIC_HOST.length + 1)}`);
  });

  // A body that is not JSON (the shared body parser failed) still gets Anthropic's shape.
  const onError: ErrorRequestHandler = (error: { status?: number; message?: string }, _req, res, _next) => {
    const status =
      typeof error.status === 'number' && error.status >= 400 && error.status < 500 ? error.status : 500;
    sendError(
      res,
      status,
      status === 500 ? 'Internal server error' : `Invalid request: ${error.message ?? ''}`,
    );
  };
  app.use(`/${ANTHROPIC_HOST}`, onError);
}
