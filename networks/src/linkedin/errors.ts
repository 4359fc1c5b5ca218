// LinkedIn's failures and what the owner is told (docs/networks.md, "Error tables"). Keys are the
// `code` LinkedIn sends in its REST error body (`{ status, code, serviceErrorCode, message }`), or
// the HTTP status; the adapter (publish.ts) records them as `details.networkCode`.
import type { NetworkErrorTable } from '../publishing/errors.js';

/** The scope member post analytics need (Community Management API product). */
export const LINKEDIN_ANALYTICS_SCOPE = 'r_member_postAnalytics';

export const LINKEDIN_ERRORS: NetworkErrorTable = [
  {
    key: 'INVALID_ACCESS_TOKEN',
    when: '401, serviceErrorCode 65600: token expired (60 days) or revoked',
    message:
      'A conexão com o LinkedIn expirou ou foi revogada (os tokens do LinkedIn duram 60 dias). Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'REVOKED_ACCESS_TOKEN',
    when: '401, serviceErrorCode 65601: the member revoked the app in their LinkedIn settings',
    message:
      'O acesso da Pauta foi revogado no LinkedIn (o app foi removido nas configurações da conta). Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'HTTP 401',
    when: '401 without a code: the token was refused',
    message:
      'O LinkedIn recusou o acesso da conta. Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'ACCESS_DENIED',
    when: '403, serviceErrorCode 100: the token lacks w_member_social, or the author is not the member',
    message:
      'O LinkedIn negou a publicação: a conta conectada não autorizou o Pauta a publicar em seu nome. Reconecte a conta em Contas Conectadas aceitando a permissão de publicar e reagende o post.',
  },
  {
    key: 'SCOPE_MISSING_ANALYTICS',
    when: `403 ACCESS_DENIED on memberCreatorPostAnalytics: the token lacks ${LINKEDIN_ANALYTICS_SCOPE}`,
    message:
      'O LinkedIn não autorizou a leitura das métricas desta conta. Reconecte a conta em Contas Conectadas para conceder a permissão de métricas.',
  },
  {
    key: 'HTTP 403',
    when: '403 without a code',
    message:
      'O LinkedIn negou a ação para esta conta. Reconecte a conta em Contas Conectadas; se repetir, confira se o app do LinkedIn tem o produto "Share on LinkedIn".',
  },
  {
    key: 'DUPLICATE_POST',
    when: '422 (or 409) "Content is a duplicate of urn:li:share:…"',
    message:
      'O LinkedIn recusou o post por ser igual a uma publicação recente da conta. Altere o texto e reagende.',
  },
  {
    key: 'HTTP 422',
    when: '422 other than a duplicate: the body failed validation',
    message: 'O LinkedIn recusou o conteúdo do post como inválido. Revise o texto e reagende.',
  },
  {
    key: 'HTTP 400',
    when: '400: a field or header LinkedIn refused',
    message:
      'O LinkedIn recusou a requisição como inválida. Revise o texto do post e reagende; se repetir, avise o administrador.',
  },
  {
    key: 'VIDEO_PROCESSING_FAILED',
    when: 'GET /rest/videos/{urn} answered status PROCESSING_FAILED: LinkedIn could not process the video',
    message:
      'O LinkedIn não conseguiu processar o vídeo (formato ou codificação que ele não aceita). Exporte o vídeo de novo em MP4 (H.264, áudio AAC), troque-o no post e reagende.',
  },
  {
    key: 'VIDEO_PROCESSING_SLOW',
    when: 'the video was still PROCESSING after every status read allowed: nothing was posted',
    message:
      'O LinkedIn ainda estava processando o vídeo quando o tempo de espera acabou; nada foi publicado. O Pauta tentará de novo automaticamente.',
  },
  {
    key: 'NONEXISTENT_VERSION',
    when: '426: the LinkedIn-Version sent has been sunset',
    message:
      'A versão da API do LinkedIn configurada foi aposentada pelo LinkedIn. O administrador precisa atualizar LINKEDIN_VERSION; depois, reagende o post.',
  },
  {
    key: 'HTTP 429',
    when: '429: member or application daily limit reached',
    message:
      'O LinkedIn limitou as publicações desta conta ou do app por hoje. O Pauta tentará de novo automaticamente quando o limite passar.',
  },
];
