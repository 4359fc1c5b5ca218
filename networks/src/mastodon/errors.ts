// Mastodon failures and what the owner is told (docs/networks.md, "Error tables"). Mastodon
// answers `{ "error": "…" }` with the HTTP status: 401 (token revoked), 403, 404, 422 (validation:
// "Validation failed: Text character limit of 500 exceeded"), 429 (X-RateLimit-Reset), 5xx.
import type { NetworkErrorTable } from '../publishing/errors.js';

export const MASTODON_ERRORS: NetworkErrorTable = [
  {
    key: 'TEXT_TOO_LONG',
    when: '422 "Text character limit of N exceeded": the text passes the instance\'s max_characters',
    message:
      'A instância do Mastodon recusou o texto por passar do limite de caracteres dela (cada link conta 23). Encurte o post e reagende.',
  },
  {
    key: 'MEDIA_COUNT',
    when: "more images than the instance's max_media_attachments",
    message: 'A instância do Mastodon recusou o número de imagens do post. Remova imagens e reagende.',
  },
  {
    key: 'MEDIA_NOT_READY',
    when: '422 on the status: a media attachment was still processing (or 206 on GET /api/v1/media/:id after every read); nothing was published',
    message:
      'A instância do Mastodon ainda estava processando as imagens quando o Pauta pediu a publicação; nada foi publicado. O Pauta tentará de novo automaticamente.',
  },
  {
    key: 'HTTP 401',
    when: '401 "The access token is invalid" / "was revoked": the person removed Pauta at the instance',
    message:
      'O acesso do Pauta foi revogado na instância do Mastodon (os tokens do Mastodon não expiram: alguém removeu o app nas configurações da conta). Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'HTTP 403',
    when: '403: the token lacks write:statuses / write:media, or the account is suspended or not yet approved',
    message:
      'A instância do Mastodon negou a publicação: a conta pode estar suspensa ou sem a permissão de publicar. Confira a conta na instância e reconecte-a em Contas Conectadas.',
  },
  {
    key: 'HTTP 404',
    when: 'the account or the status no longer exists at the instance',
    message:
      'A instância do Mastodon não encontrou a conta. Confira se ela ainda existe e reconecte-a em Contas Conectadas.',
  },
  {
    key: 'HTTP 422',
    when: '422 other than the kinds above: the status failed validation',
    message: 'A instância do Mastodon recusou o post como inválido. Revise o texto e as imagens e reagende.',
  },
  {
    key: 'HTTP 429',
    when: '429: 300 requests per 5 minutes, or 30 media uploads per 30 minutes, of the account',
    message:
      'A conta atingiu o limite de chamadas da instância do Mastodon (300 a cada 5 minutos; 30 imagens a cada 30 minutos). O Pauta tentará de novo automaticamente quando o limite passar.',
  },
];
