// pt-BR texts of the MCP server (issue 28, item 4; docs/mcp.md): what an AI assistant shows the
// person when Pauta refuses a call that never reached a procedure.
export const mcpMessages = {
  /** 401: no `Authorization: Bearer` header. */
  tokenMissing: 'Informe um token de acesso do Pauta no cabeçalho Authorization: Bearer <token>.',
  /** 401: the token is unknown, expired or revoked. */
  tokenInvalid:
    'Token de acesso inválido, expirado ou revogado. Crie um novo em Configurações → Integrações.',
  /** 403: a browser page on another site tried to call /mcp (DNS rebinding). */
  originRefused: 'Origem não permitida para o servidor MCP do Pauta.',
  /** 405: stateless server, only POST. */
  methodNotAllowed: 'O servidor MCP do Pauta aceita apenas POST (modo sem sessão).',
  /** A tool the token's scopes do not cover. */
  missingScope: (scopes: readonly string[]) =>
    `Este token não tem permissão para esta ação. Escopos necessários: ${scopes.join(', ')}. Crie um token com esses escopos em Configurações → Integrações.`,
  /** A tool's text answer. */
  noThemes: 'Nenhum tema neste cliente.',
  noPosts: 'Nenhum post encontrado com esses filtros.',
  noPublished: 'Nenhum post publicado encontrado.',
} as const;
