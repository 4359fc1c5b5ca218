// YouTube failures and what the owner is told (docs/networks.md, "Error tables"). The Data API
// answers `{ "error": { "code", "message", "errors": [{ "domain", "reason", "message" }] } }`; the
// key is the first error's `reason` (quotaExceeded, uploadLimitExceeded …), else `HTTP <code>`.
// https://developers.google.com/youtube/v3/docs/errors
// https://developers.google.com/youtube/v3/docs/videos/insert#errors
import type { NetworkErrorTable } from '../publishing/errors.js';

export const YOUTUBE_ERRORS: NetworkErrorTable = [
  {
    key: 'quotaExceeded',
    when: "403: the project's daily quota (10,000 units by default; a video costs 1,600) is used up until midnight Pacific time",
    message:
      'A cota diária da API do YouTube do Pauta acabou (cada vídeo gasta 1.600 das 10.000 unidades do dia, cerca de 6 vídeos). O Pauta tentará de novo quando a cota renovar, à meia-noite do horário do Pacífico (5h ou 6h em Brasília). Se isso se repetir, peça ao administrador para solicitar mais cota ao Google.',
  },
  {
    key: 'uploadLimitExceeded',
    when: "400: the channel's own daily upload limit was reached",
    message: 'O seu canal atingiu o limite diário de envios do YouTube. Reagende o vídeo para amanhã.',
  },
  {
    key: 'invalidTitle',
    when: '400: the title is empty, over 100 characters or has < or >',
    message:
      'O YouTube recusou o título do vídeo: ele precisa ter de 1 a 100 caracteres, sem < ou >. Ajuste o título em Editar Post e reagende.',
  },
  {
    key: 'invalidDescription',
    when: '400: the description is over 5,000 bytes or has < or >',
    message:
      'O YouTube recusou a descrição do vídeo: ela pode ter até 5.000 bytes (acentos e emojis contam mais de um), sem < ou >. Encurte o texto e reagende.',
  },
  {
    key: 'invalidVideoMetadata',
    when: '400: the snippet or status is invalid (privacy, made-for-kids, category)',
    message:
      'O YouTube recusou as informações do vídeo (título, privacidade ou a indicação "conteúdo para crianças"). Revise as opções do YouTube no post e reagende.',
  },
  {
    key: 'youtubeSignupRequired',
    when: '401/403: the Google account has no YouTube channel (it was deleted after connecting)',
    message:
      'A conta do Google conectada não tem mais um canal do YouTube. Crie o canal em youtube.com e reconecte o YouTube em Contas Conectadas.',
  },
  {
    key: 'forbidden',
    when: "403: the token's user may not upload to this channel (suspended, or upload blocked)",
    message:
      'O YouTube não permitiu o envio para este canal (ele pode estar suspenso ou com envios bloqueados). Confira o canal em studio.youtube.com e reconecte-o em Contas Conectadas.',
  },
  {
    key: 'insufficientPermissions',
    when: '403: the token lacks youtube.upload (the person unticked it at the consent screen)',
    message:
      'O Pauta não tem permissão para enviar vídeos ao seu canal. Reconecte o YouTube em Contas Conectadas e aceite todas as permissões pedidas.',
  },
  {
    key: 'authError',
    when: '401: the access token expired or was revoked (myaccount.google.com/permissions)',
    message:
      'O acesso do Pauta ao YouTube expirou ou foi revogado. Reconecte o canal em Contas Conectadas e reagende o post.',
  },
  {
    key: 'rateLimitExceeded',
    when: '403/429: too many requests in a short time',
    message: 'O YouTube limitou as chamadas por alguns instantes. O Pauta tentará de novo automaticamente.',
  },
];
