// X (API v2) failures and what the owner is told (docs/networks.md, "Error tables"). Keys are
// X's numeric error codes (`errors[].code`: 187, 186, 453…), the v2 problem's `reason`
// (`client-not-enrolled`), or the HTTP status; publish.ts records them as networkCode.
import type { NetworkErrorTable } from '../publishing/errors.js';

export const X_ERRORS: NetworkErrorTable = [
  {
    key: 'MEDIA_SCOPE_MISSING',
    when: '403 on POST /2/media/upload: the token lacks media.write (connected before images)',
    message:
      'O X não autorizou o envio de imagens por esta conta (ela foi conectada antes de o Pauta publicar imagens). Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'VIDEO_SCOPE_MISSING',
    when: '403 on POST /2/media/upload/initialize: the token lacks media.write (connected before media)',
    message:
      'O X não autorizou o envio de vídeos por esta conta (ela foi conectada antes de o Pauta publicar mídia). Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'VIDEO_PROCESSING_FAILED',
    when: 'STATUS (or FINALIZE) answered processing_info.state "failed": X could not process the video',
    message:
      'O X não conseguiu processar o vídeo (formato ou codificação que ele não aceita). Exporte o vídeo de novo em MP4 (H.264, áudio AAC), troque-o no post e reagende.',
  },
  {
    key: 'VIDEO_PROCESSING_SLOW',
    when: 'processing_info still pending/in_progress after every STATUS read allowed: nothing was posted',
    message:
      'O X ainda estava processando o vídeo quando o tempo de espera acabou; nada foi publicado. O Pauta tentará de novo automaticamente.',
  },
  {
    key: '324',
    when: '400 "Your media IDs are invalid." (code 324): a media id unknown, expired or another account\'s',
    message:
      'O X não aceitou as imagens enviadas (expiraram ou não pertencem à conta). Reagende o post para enviá-las de novo.',
  },
  {
    key: '187',
    when: '403, code 187 / "duplicate content": the same text was posted recently',
    message: 'O X recusou o post por ser igual a uma publicação recente da conta. Altere o texto e reagende.',
  },
  {
    key: 'DUPLICATE',
    when: '403 "You are not allowed to create a Tweet with duplicate content."',
    message: 'O X recusou o post por ser igual a uma publicação recente da conta. Altere o texto e reagende.',
  },
  {
    key: '186',
    when: '403, code 186: the text is over the limit',
    message: 'O X recusou o texto por passar de 280 caracteres (links contam 23). Encurte o post e reagende.',
  },
  {
    key: '453',
    when: '403, code 453: the app access level does not include this endpoint',
    message:
      'O nível de acesso do app do Pauta na API do X não permite publicar. O administrador precisa ajustar o plano ou o projeto do app no portal de desenvolvedores do X.',
  },
  {
    key: 'client-not-enrolled',
    when: '403 problem client-forbidden, reason client-not-enrolled: the app is not attached to a project',
    message:
      'O app do Pauta não está vinculado a um projeto na API do X. O administrador precisa vinculá-lo no portal de desenvolvedores do X.',
  },
  {
    key: '89',
    when: '401, code 89: invalid or expired token',
    message:
      'A conexão com o X expirou ou foi revogada. Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'HTTP 401',
    when: '401 Unauthorized: the token was refused',
    message: 'O X recusou o acesso da conta. Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: '326',
    when: '403, code 326: the account is locked',
    message:
      'A conta do X está bloqueada temporariamente pelo X. Entre no X para desbloqueá-la e depois reagende o post.',
  },
  {
    key: '64',
    when: '403, code 64: the account is suspended',
    message:
      'A conta do X está suspensa e não pode publicar. Resolva a suspensão no X e depois reagende o post.',
  },
  {
    key: 'HTTP 403',
    when: '403 without a known code',
    message:
      'O X recusou a publicação (acesso negado). Confira no X se a conta está ativa e reconecte-a em Contas Conectadas; depois reagende.',
  },
  {
    key: 'HTTP 429',
    when: '429 Too Many Requests (x-rate-limit-reset says when the window reopens)',
    message:
      'A conta ou o app atingiu o limite de publicações do X (no plano gratuito, poucas por dia). O Pauta tentará de novo automaticamente quando o limite passar.',
  },
  {
    key: 'HTTP 400',
    when: '400 invalid request',
    message: 'O X recusou a requisição como inválida. Revise o texto do post e reagende.',
  },
];
