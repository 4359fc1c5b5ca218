// pt-BR texts of the public REST API and its personal access tokens (issue 28; docs/api.md):
// the Integrações view and the API's own refusals.
import type { ApiTokenExpiryDays, ApiTokenScope } from '../constants/api-tokens.js';

export const API_SCOPE_LABELS = {
  read: 'Leitura',
  write: 'Escrita',
  publish: 'Publicação',
} as const satisfies Record<ApiTokenScope, string>;

export const API_SCOPE_DESCRIPTIONS = {
  read: 'Ver temas, posts, contas conectadas, publicados e melhores horários.',
  write:
    'Criar, editar e excluir temas e posts, enviar imagens, gerar rascunhos e mover no quadro de aprovação.',
  publish: 'Agendar e aprovar posts: tudo o que faz um post ir ao ar.',
} as const satisfies Record<ApiTokenScope, string>;

export const apiExpiryLabel = (days: ApiTokenExpiryDays): string =>
  days === null ? 'Nunca expira' : `${days} dias`;

export const apiMessages = {
  integrations: {
    title: 'Integrações',
    description: 'Conecte a Pauta a outras ferramentas pela API.',
    apiIntro:
      'Use tokens de acesso pessoal para automatizar a Pauta pela API REST. Cada token age neste cliente, em seu nome e com o seu papel.',
    referenceLink: 'Abrir a referência da API',
  },
  /** Integrações → "Conectar um assistente de IA (MCP)" (docs/mcp.md; README). */
  mcp: {
    title: 'Conectar um assistente de IA (MCP)',
    intro:
      'Assistentes compatíveis com MCP (Claude Desktop, Claude Code e outros) podem listar temas, gerar rascunhos, agendar e aprovar posts neste cliente, com as permissões do token.',
    urlLabel: 'Endereço do servidor MCP',
    steps:
      'Crie um token acima e adicione o Pauta ao assistente com este endereço e o cabeçalho Authorization: Bearer <token>. Troque pauta_pat_SEU_TOKEN pelo token copiado.',
    snippetLabel: 'Configuração do cliente MCP (por exemplo .mcp.json)',
    copyUrl: 'Copiar endereço',
    copySnippet: 'Copiar configuração',
    copied: 'Copiado!',
  },
  tokens: {
    title: 'Tokens de acesso pessoal',
    create: 'Criar token',
    creating: 'Criando…',
    name: 'Nome do token',
    namePlaceholder: 'Ex.: Planilha de pautas',
    nameRequired: 'Dê um nome ao token.',
    nameTooLong: (max: number) => `Use no máximo ${max} caracteres.`,
    scopes: 'Permissões',
    scopesRequired: 'Escolha ao menos uma permissão.',
    badToken: 'O token gerado é inválido. Recarregue a página e tente de novo.',
    expiry: 'Validade',
    empty: 'Nenhum token criado ainda.',
    loadError: 'Não foi possível carregar os tokens.',
    retry: 'Tentar de novo',
    createdTitle: 'Copie o seu token agora',
    createdWarning:
      'Este é o único momento em que o token aparece. Guarde-o em um lugar seguro: se perder, revogue-o e crie outro.',
    copy: 'Copiar token',
    copied: 'Copiado!',
    done: 'Já copiei',
    revoke: 'Revogar',
    revoking: 'Revogando…',
    revokeTitle: 'Revogar token?',
    revokeConfirm: (name: string) =>
      `O token "${name}" para de funcionar na hora, em todas as integrações que o usam. Esta ação não pode ser desfeita.`,
    revokeCancel: 'Cancelar',
    revoked: 'Token revogado.',
    created: 'Token criado.',
    columns: {
      name: 'Nome',
      prefix: 'Início do token',
      scopes: 'Permissões',
      createdAt: 'Criado em',
      lastUsed: 'Último uso',
      expires: 'Expira em',
      status: 'Situação',
    },
    never: 'Nunca',
    noExpiry: 'Sem validade',
    statusActive: 'Ativo',
    statusRevoked: 'Revogado',
    statusExpired: 'Expirado',
  },
  /** The API's own refusals (problem details' `detail`). */
  errors: {
    missingToken: 'Envie o token no cabeçalho Authorization: Bearer pauta_pat_…',
    invalidToken: 'Token inválido, expirado ou revogado.',
    missingScope: (scope: ApiTokenScope) =>
      `Este token não tem a permissão "${API_SCOPE_LABELS[scope]}" (${scope}) necessária para esta ação.`,
    rateLimited: (seconds: number) =>
      `Limite de requisições deste token atingido. Tente de novo em ${seconds} segundo${seconds === 1 ? '' : 's'}.`,
    notFound: 'Rota não encontrada na API v1.',
    badJson: 'O corpo da requisição não é um JSON válido.',
  },
} as const;
