// Facebook (Graph API) failures and what the owner is told (docs/networks.md, "Error tables").
// Keys are Graph's `code` or `code/error_subcode` (meta/graph.ts records them as networkCode).
import type { NetworkErrorTable } from '../publishing/errors.js';

export const FACEBOOK_ERRORS: NetworkErrorTable = [
  {
    key: '190/463',
    when: 'OAuthException 190, subcode 463: the token expired',
    message: 'A conexão com o Facebook expirou. Reconecte a Página em Contas Conectadas e reagende o post.',
  },
  {
    key: '190/460',
    when: 'OAuthException 190, subcode 460: the password changed',
    message:
      'A senha do Facebook foi trocada e a conexão deixou de valer. Reconecte a Página em Contas Conectadas e reagende o post.',
  },
  {
    key: '190/467',
    when: 'OAuthException 190, subcode 467: the user logged out / the token is invalid',
    message:
      'A sessão do Facebook foi encerrada e a conexão deixou de valer. Reconecte a Página em Contas Conectadas e reagende o post.',
  },
  {
    key: '190/458',
    when: 'OAuthException 190, subcode 458: the user removed the app',
    message:
      'O acesso do Pauta foi removido nas configurações do Facebook. Reconecte a Página em Contas Conectadas e reagende o post.',
  },
  {
    key: '190',
    when: 'OAuthException 190: the token is invalid',
    message:
      'O Facebook não aceita mais a conexão desta Página. Reconecte a Página em Contas Conectadas e reagende o post.',
  },
  {
    key: '102',
    when: 'API session expired',
    message: 'A sessão do Facebook expirou. Reconecte a Página em Contas Conectadas e reagende o post.',
  },
  {
    key: '200',
    when: 'permission error (#200): pages_manage_posts not granted or not a Page admin',
    message:
      'O Facebook negou a publicação: falta a permissão de publicar na Página, ou você não é mais administrador dela. Reconecte a Página em Contas Conectadas aceitando todas as permissões.',
  },
  {
    key: '10',
    when: 'permission error (#10): the app lacks a permission or feature',
    message:
      'O Facebook negou a ação por falta de permissão. Reconecte a Página em Contas Conectadas aceitando todas as permissões; se repetir, o administrador precisa conferir as permissões do app na Meta.',
  },
  {
    key: '368',
    when: '#368: blocked as abusive or spam-like (temporary block)',
    message:
      'O Facebook bloqueou temporariamente a publicação por considerá-la parecida com spam. Espere algumas horas, altere o texto e reagende.',
  },
  {
    key: '506',
    when: '#506: duplicate status message',
    message:
      'O Facebook recusou o post por ser igual a uma publicação recente da Página. Altere o texto e reagende.',
  },
  {
    key: '4',
    when: '#4: application request limit reached',
    message:
      'O app do Pauta atingiu o limite de chamadas do Facebook. O Pauta tentará de novo automaticamente quando o limite passar.',
  },
  {
    key: '17',
    when: '#17: user request limit reached',
    message:
      'Esta conta atingiu o limite de chamadas do Facebook. O Pauta tentará de novo automaticamente quando o limite passar.',
  },
  {
    key: '32',
    when: '#32: Page request limit reached',
    message:
      'A Página atingiu o limite de chamadas do Facebook. O Pauta tentará de novo automaticamente quando o limite passar.',
  },
  {
    key: '613',
    when: '#613: calls to this API exceeded the rate limit',
    message:
      'O Facebook limitou a frequência de publicações. O Pauta tentará de novo automaticamente quando o limite passar.',
  },
  {
    key: '324',
    when: '#324 "Missing or invalid image file" / "Requires upload file" on a photo upload',
    message:
      'O Facebook não aceitou uma das imagens do post (arquivo inválido ou num formato que ele não lê). Troque a imagem e reagende.',
  },
  {
    key: '6000',
    when: '#6000: "There was a problem uploading your video file" (the upload is incomplete or unreadable)',
    message:
      'O Facebook não conseguiu receber o vídeo do post. Confira se o arquivo é um MP4 ou MOV válido, troque-o se preciso e reagende.',
  },
  {
    key: '6001',
    when: '#6001: a chunk of a Page video upload was refused (wrong offset or size)',
    message:
      'O envio do vídeo ao Facebook foi interrompido no meio e ele recusou a continuação. Reagende o post para enviar o vídeo de novo desde o início.',
  },
  {
    key: '352',
    when: '#352: the video file format is not supported',
    message:
      'O Facebook não aceitou o formato do vídeo. Exporte-o como MP4 (H.264 ou HEVC, áudio AAC), troque o vídeo e reagende.',
  },
  {
    key: '382',
    when: '#382: the video file is too large',
    message:
      'O vídeo é grande demais para o Facebook. Reduza o tamanho do arquivo, troque o vídeo e reagende.',
  },
  {
    key: 'RUPLOAD_REJECTED',
    when: "rupload.facebook.com refused a Reel's bytes (debug_info: ParameterValidationError, …)",
    message:
      'O Facebook recusou o envio do vídeo do Reel. Confira se o arquivo é um MP4 ou MOV válido, troque-o se preciso e reagende.',
  },
  {
    key: '100',
    when: '#100: invalid parameter (e.g. the Page or post no longer exists)',
    message:
      'O Facebook recusou a requisição (parâmetro inválido): a Página pode ter sido removida ou o texto tem algo que ele não aceita. Confira a Página conectada e o texto e reagende.',
  },
  {
    key: '1',
    when: '#1: unknown error at Graph; the post may exist',
    message:
      'O Facebook teve um erro desconhecido do lado dele e o post pode ter sido publicado. Confira a Página antes de tentar de novo.',
  },
  {
    key: '2',
    when: '#2: service temporarily unavailable; the post may exist',
    message:
      'O Facebook ficou instável durante o envio e o post pode ter sido publicado. Confira a Página antes de tentar de novo.',
  },
];
