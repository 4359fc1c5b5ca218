// The OpenAPI 3.1 document of the REST API v1 (GET /api/v1/openapi.json; docs/api.md), generated
// from the route declarations (routes.ts) and the procedures' own zod input schemas: a field
// added to a procedure's input appears here with it. Procedures declare no output schema, so a
// success answer is described as JSON with the route's summary (docs/api.md, "Limites").
import {
  API_RATE_LIMIT,
  API_SCOPE_DESCRIPTIONS,
  API_TOKEN_SCOPES,
  ERROR_CODES,
  errorMessages,
  MAX_MEDIA_PER_POST,
  MEDIA_UPLOAD_MAX_BYTES,
} from '@pauta/core';
import { API_MEDIA_PATH, API_ROUTES, type ApiRoute } from './routes.js';
import { fieldsOf, inputSchemaOf, jsonSchemaOf, procedureDef } from './schemas.js';

type Json = Record<string, unknown>;

export function scopesOf(route: ApiRoute): readonly string[] {
  return typeof route.scope === 'function' ? (route.scopes ?? API_TOKEN_SCOPES) : [route.scope];
}

const problemResponse = (description: string): Json => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

function operation(route: ApiRoute): Json {
  const def = procedureDef(route.procedure);
  const schema = inputSchemaOf(route.procedure);
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const hidden = new Set([
    ...pathParams.map((p) => route.params?.[p] ?? p),
    ...Object.keys(route.fixed ?? {}),
  ]);
  const json = schema ? jsonSchemaOf(schema) : null;
  const properties = (json?.properties ?? {}) as Record<string, Json>;
  const required = new Set((json?.required ?? []) as string[]);
  const parameters: Json[] = pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[route.params?.[name] ?? name] ?? { type: 'string' },
  }));
  let requestBody: Json | undefined;
  if (route.method === 'get') {
    for (const [name, property] of Object.entries(properties)) {
      if (hidden.has(name) || name === 'direction') continue;
      parameters.push({ name, in: 'query', required: required.has(name), schema: property });
    }
  } else if (json && Object.keys(fieldsOf(schema)).some((name) => !hidden.has(name))) {
    const bodyProperties = Object.fromEntries(
      Object.entries(properties).filter(([name]) => !hidden.has(name)),
    );
    const bodyRequired = [...required].filter((name) => !hidden.has(name));
    requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: { ...json, properties: bodyProperties, required: bodyRequired },
        },
      },
    };
  }
  if (route.method === 'post') {
    parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  } else if (def.type === 'mutation') {
    parameters.push({ $ref: '#/components/parameters/IdempotencyKeyOptional' });
  }
  const scopes = scopesOf(route);
  return {
    operationId: route.procedure.replace('.', '_'),
    tags: [route.tag],
    summary: route.summary,
    description: [
      route.description,
      `Permissão do token: ${scopes.map((s) => `\`${s}\``).join(' ou ')}. Mesmo procedimento da interface: \`${route.procedure}\`.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    'x-pauta-procedure': route.procedure,
    'x-pauta-scopes': scopes,
    security: [{ token: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(route.status ?? 200)]: {
        description: 'Sucesso.',
        content: { 'application/json': { schema: {} } },
      },
      '400': problemResponse('Dados inválidos (VALIDATION_FAILED) ou Idempotency-Key ausente.'),
      '401': problemResponse('Token ausente, inválido, expirado ou revogado.'),
      '403': problemResponse('O token não tem a permissão, ou o seu papel no cliente não permite a ação.'),
      '404': problemResponse('Não encontrado (ou de outro cliente).'),
      '429': {
        ...problemResponse(`Mais de ${API_RATE_LIMIT.limit} requisições por minuto com o mesmo token.`),
        headers: {
          'Retry-After': { schema: { type: 'integer' }, description: 'Segundos até poder tentar de novo.' },
        },
      },
    },
  };
}

/** POST /posts/{id}/media: the raw image upload (rest.ts `mediaUploadRoute`), not a procedure. */
function mediaOperation(): Json {
  const mb = MEDIA_UPLOAD_MAX_BYTES / 1024 / 1024;
  return {
    operationId: 'posts_uploadMedia',
    tags: ['Posts'],
    summary: 'Envia uma imagem para um post (JPEG, PNG ou WebP).',
    description: [
      `O corpo é a própria imagem (não JSON nem multipart), com o tipo em \`Content-Type\` (\`image/jpeg\`, \`image/png\` ou \`image/webp\`), até ${mb} MB. Os dados de localização (EXIF) são removidos; até ${MAX_MEDIA_PER_POST} imagens por post, que precisa estar editável.`,
      'Repetir o envio com a mesma `Idempotency-Key` devolve a mesma imagem (200) em vez de criar outra (201).',
      'Permissão do token: `write`, e o papel da pessoa no cliente precisa poder editar imagens. Mesmo processo de envio da interface.',
    ].join('\n\n'),
    'x-pauta-scopes': ['write'],
    security: [{ token: [] }],
    parameters: [
      { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      { $ref: '#/components/parameters/IdempotencyKey' },
    ],
    requestBody: {
      required: true,
      content: {
        'image/jpeg': { schema: { type: 'string', contentMediaType: 'image/jpeg' } },
        'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
        'image/webp': { schema: { type: 'string', contentMediaType: 'image/webp' } },
      },
    },
    responses: {
      '201': {
        description:
          'Imagem guardada: `{ media: { id, position, mimeType, width, height, sizeBytes, altText, url, thumbUrl } }`.',
        content: { 'application/json': { schema: {} } },
      },
      '200': {
        description: 'A mesma Idempotency-Key: a imagem já guardada.',
        content: { 'application/json': { schema: {} } },
      },
      '400': problemResponse(
        'Imagem recusada (MEDIA_REJECTED: tipo, tamanho, post não editável, limite de imagens) ou Idempotency-Key ausente.',
      ),
      '401': problemResponse('Token ausente, inválido, expirado ou revogado.'),
      '403': problemResponse(
        'O token não tem a permissão `write`, ou o seu papel no cliente não permite a ação.',
      ),
      '404': problemResponse('Post não encontrado (ou de outro cliente).'),
      '413': problemResponse(`Imagem maior que ${mb} MB.`),
      '429': problemResponse('Limite de requisições ou de envios de imagem atingido.'),
    },
  };
}

let cached: { appUrl: string; document: Json } | null = null;

export function openApiDocument(appUrl: string): Json {
  if (cached?.appUrl === appUrl) return cached.document;
  const paths: Record<string, Json> = {};
  for (const route of API_ROUTES) {
    paths[route.path] ??= {};
    (paths[route.path] as Json)[route.method] = operation(route);
  }
  paths[API_MEDIA_PATH] = { ...paths[API_MEDIA_PATH], post: mediaOperation() };
  const document: Json = {
    openapi: '3.1.0',
    info: {
      title: 'API da Pauta',
      version: '1.0.0',
      description: [
        'API REST v1 da Pauta: temas, posts, aprovação, contas conectadas, publicados e melhores horários.',
        'Autentique com um token de acesso pessoal (Configurações → Integrações) no cabeçalho `Authorization: Bearer pauta_pat_…`. O token age em um único cliente, em nome de quem o criou e com o papel dessa pessoa.',
        `Permissões: ${API_TOKEN_SCOPES.map((s) => `\`${s}\` — ${API_SCOPE_DESCRIPTIONS[s]}`).join(' ')}`,
        'Todo POST exige o cabeçalho `Idempotency-Key` (16 a 128 caracteres: letras, números, `-` e `_`): repetir a mesma requisição com a mesma chave devolve o mesmo resultado sem repetir a ação.',
        'Erros seguem a RFC 9457 (`application/problem+json`) com `code` e `detail` em português.',
      ].join('\n\n'),
    },
    servers: [{ url: `${new URL(appUrl).origin}/api/v1` }],
    tags: [...new Set(API_ROUTES.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        token: { type: 'http', scheme: 'bearer', description: 'Token de acesso pessoal (pauta_pat_…).' },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description: 'Uma chave por ação; a repetição devolve o resultado guardado.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,128}$' },
        },
        IdempotencyKeyOptional: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: 'Opcional: sem ela, cada requisição é uma ação.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{16,128}$' },
        },
      },
      schemas: {
        Problem: {
          type: 'object',
          required: ['type', 'title', 'status', 'detail', 'code'],
          properties: {
            type: { type: 'string' },
            title: { type: 'string' },
            status: { type: 'integer' },
            detail: { type: 'string', description: 'Mensagem em português, pronta para mostrar.' },
            code: { type: 'string', enum: [...ERROR_CODES] },
            instance: { type: 'string' },
            errors: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  field: { type: 'string' },
                  issues: { type: 'array', items: { type: 'string' } },
                },
              },
            },
            details: {},
          },
        },
      },
    },
    'x-pauta-error-codes': Object.fromEntries(ERROR_CODES.map((code) => [code, errorMessages[code]])),
  };
  cached = { appUrl, document };
  return document;
}
