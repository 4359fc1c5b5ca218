// TikTok failures and what the owner is told (docs/networks.md, "Error tables"). TikTok API v2
// answers `{ "data": {…}, "error": { "code": "<readable code>", "message": "…", "log_id": "…" } }`
// with the HTTP status (400 invalid_params, 401 access_token_invalid / scope_not_authorized, 403
// the spam and audit refusals, 429 rate_limit_exceeded, 5xx internal_error); a post that TikTok
// refuses after the upload ends in status/fetch's `FAILED` with a `fail_reason` (recorded as
// `FAILED/<fail_reason>`). The rows without a TikTok code are the adapter's own checks before any
// upload, against creator_info and the post.
// https://developers.tiktok.com/doc/tiktok-api-v2-error-handling
// https://developers.tiktok.com/doc/content-posting-api-reference-direct-post
// https://developers.tiktok.com/doc/content-posting-api-reference-get-video-status
import type { NetworkErrorTable } from '../publishing/errors.js';

export const TIKTOK_ERRORS: NetworkErrorTable = [
  {
    key: 'VIDEO_REQUIRED',
    when: 'the post has no video (Pauta publishes videos to TikTok, never text or images alone)',
    message: 'O TikTok publica só vídeos: adicione um vídeo ao post e reagende.',
  },
  {
    key: 'PRIVACY_NOT_CHOSEN',
    when: "the post's TikTok options have no privacy level (TikTok's guidelines: the person picks it, no default)",
    message:
      'Escolha quem pode ver o vídeo no TikTok (em Editar Post, opções do TikTok) e reagende: o TikTok exige que essa escolha seja sua.',
  },
  {
    key: 'PRIVACY_NOT_OFFERED',
    when: "creator_info's privacy_level_options does not offer the level to send (e.g. a private account has no PUBLIC_TO_EVERYONE)",
    message:
      'A sua conta do TikTok não permite a privacidade escolhida para este vídeo (uma conta privada não publica para "Todos", por exemplo). Escolha outra opção em Editar Post e reagende.',
  },
  {
    key: 'VIDEO_TOO_LONG_FOR_CREATOR',
    when: "the video is longer than creator_info's max_video_post_duration_sec for this account",
    message:
      'O vídeo é mais longo do que a sua conta do TikTok pode publicar. Corte o vídeo para a duração permitida e reagende.',
  },
  {
    key: 'CAPTION_TOO_LONG',
    when: 'the caption passes 2,200 UTF-16 code units (post_info.title; an emoji counts two)',
    message:
      'A legenda passa de 2.200 caracteres, o limite do TikTok (cada emoji conta como 2). Encurte o texto e reagende.',
  },
  {
    key: 'access_token_invalid',
    when: '401: the access token expired or was revoked',
    message:
      'O acesso do Pauta ao TikTok expirou ou foi removido. Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'scope_not_authorized',
    when: '401: the person did not grant video.publish (or user.info.basic) when connecting',
    message:
      'A conta do TikTok foi conectada sem a permissão de publicar vídeos. Reconecte a conta em Contas Conectadas e aceite todas as permissões.',
  },
  {
    key: 'rate_limit_exceeded',
    when: '429: the token passed its per-minute limit (init: 6 a minute, status/fetch: 30 a minute)',
    message:
      'O TikTok limitou as chamadas do Pauta por alguns instantes. Uma nova tentativa será feita quando o limite passar.',
  },
  {
    key: 'spam_risk_too_many_posts',
    when: "403: the account reached TikTok's daily cap of posts through the API",
    message:
      'A sua conta do TikTok atingiu o limite diário de publicações pela API. Reagende este vídeo para amanhã.',
  },
  {
    key: 'spam_risk_user_banned_from_posting',
    when: '403: TikTok barred the account from posting',
    message:
      'O TikTok bloqueou publicações desta conta. Resolva a situação no app do TikTok antes de reagendar.',
  },
  {
    key: 'reached_active_user_cap',
    when: '403: an unaudited app already had its 5 posting users in the last 24 hours',
    message:
      'O app do Pauta no TikTok ainda não passou pela auditoria e já publicou por 5 contas nas últimas 24 horas, o limite do TikTok. Reagende para amanhã; se repetir, avise o administrador.',
  },
  {
    key: 'unaudited_client_can_only_post_to_private_accounts',
    when: '403: an unaudited app posts only to accounts set to private',
    message:
      'Enquanto o app do Pauta não passar pela auditoria do TikTok, o TikTok só aceita publicar em contas privadas. Torne a sua conta privada no app do TikTok (Configurações → Privacidade) e reagende, ou peça ao administrador a auditoria.',
  },
  {
    key: 'privacy_level_option_mismatch',
    when: "400/403: the privacy level sent is not one of creator_info's options",
    message:
      'O TikTok recusou a privacidade escolhida para esta conta. Escolha outra opção em Editar Post e reagende.',
  },
  {
    key: 'invalid_params',
    when: '400: a field TikTok refused (caption, chunk sizes, cover time)',
    message:
      'O TikTok recusou os dados do vídeo (legenda, tamanho ou capa). Revise o post e reagende; se repetir, avise o administrador.',
  },
  {
    key: 'invalid_file_upload',
    when: '400: the uploaded file does not meet the API specifications',
    message:
      'O TikTok recusou o arquivo de vídeo. Confira se é MP4 ou MOV em H.264/H.265, de 23 a 60 quadros por segundo, e reagende.',
  },
  {
    key: 'FAILED/file_format_check_failed',
    when: 'status FAILED: TikTok could not read the file format',
    message: 'O TikTok não reconheceu o formato do vídeo. Exporte como MP4 (H.264) e reagende.',
  },
  {
    key: 'FAILED/duration_check_failed',
    when: 'status FAILED: the duration is outside what the account may post',
    message:
      'O TikTok recusou a duração do vídeo para esta conta. Corte o vídeo para a duração permitida e reagende.',
  },
  {
    key: 'FAILED/frame_rate_check_failed',
    when: 'status FAILED: the frame rate is outside 23–60 fps',
    message:
      'O TikTok recusou a taxa de quadros do vídeo (aceita de 23 a 60 por segundo). Exporte de novo e reagende.',
  },
  {
    key: 'FAILED/picture_size_check_failed',
    when: 'status FAILED: a side is under 360 or over 4096 pixels',
    message:
      'O TikTok recusou o tamanho da imagem do vídeo (cada lado de 360 a 4.096 pixels). Exporte de novo e reagende.',
  },
  {
    key: 'FAILED/spam_risk_too_many_posts',
    when: 'status FAILED: the daily cap of posts was reached while TikTok processed the video',
    message:
      'A sua conta do TikTok atingiu o limite diário de publicações pela API e o vídeo não foi publicado. Reagende para amanhã.',
  },
  {
    key: 'FAILED/auth_removed',
    when: 'status FAILED: the person removed Pauta from their TikTok apps during processing',
    message:
      'O acesso do Pauta foi removido no TikTok durante o processamento e o vídeo não foi publicado. Reconecte a conta e reagende.',
  },
  {
    key: 'FAILED',
    when: 'status FAILED with another fail_reason (spam_risk_text, internal, publish_cancelled …): nothing was published',
    message:
      'O TikTok não publicou o vídeo depois de recebê-lo. Revise o vídeo e a legenda e reagende; se repetir, avise o administrador com o código abaixo.',
  },
  {
    key: 'PROCESSING_TIMEOUT',
    when: 'the whole video was sent but status/fetch still answered PROCESSING_* after the last poll',
    message:
      'O vídeo foi enviado ao TikTok, que ainda o estava processando quando o Pauta parou de conferir. Ele pode aparecer no seu perfil em alguns minutos: confira o TikTok antes de tentar de novo, para não publicar duas vezes.',
  },
  {
    key: 'UPLOAD_INCOMPLETE',
    when: 'the upload of a chunk before the last one failed: nothing can be published from it',
    message:
      'A conexão com o TikTok falhou durante o envio do vídeo, antes da última parte: nada foi publicado. Uma nova tentativa será feita automaticamente.',
  },
];
