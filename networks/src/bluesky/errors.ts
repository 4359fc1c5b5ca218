// Bluesky failures and what the owner is told (docs/networks.md, "Error tables"): XRPC answers
// `{ error, message }`, and the adapter records `error` as the network code.
import type { NetworkErrorTable } from '../publishing/errors.js';

export const BLUESKY_ERRORS: NetworkErrorTable = [
  {
    key: 'ExpiredToken',
    when: '400 ExpiredToken: the access JWT expired (renewed with refreshSession, then retried)',
    message:
      'A sessão do Bluesky expirou e não pôde ser renovada. Conecte a conta de novo em Contas Conectadas (com uma senha de app) e reagende o post.',
  },
  {
    key: 'InvalidToken',
    when: '400 InvalidToken: the session was ended (the app password was revoked, deleteSession)',
    message:
      'A senha de app do Bluesky foi revogada ou a sessão foi encerrada. Conecte a conta de novo em Contas Conectadas e reagende o post.',
  },
  {
    key: 'AuthenticationRequired',
    when: '401 AuthenticationRequired: no valid session',
    message:
      'O Bluesky não reconheceu a sessão da conta. Conecte a conta de novo em Contas Conectadas e reagende o post.',
  },
  {
    key: 'RateLimitExceeded',
    when: '429 RateLimitExceeded: the account used its write points (5,000 an hour, 35,000 a day)',
    message:
      'A conta do Bluesky atingiu o limite de publicações da rede por agora. O Pauta tentará de novo automaticamente quando o limite renovar.',
  },
  {
    key: 'InvalidRequest',
    when: '400 InvalidRequest: the record was refused (text over 300 graphemes, a facet out of range, an image too large)',
    message:
      'O Bluesky recusou o post: o texto pode passar de 300 caracteres ou uma imagem passar de 1 MB. Revise o post e reagende.',
  },
  {
    key: 'BlobTooLarge',
    when: '400 BlobTooLarge: an image over 1,000,000 bytes',
    message: 'Uma das imagens passa de 1 MB, o máximo do Bluesky. Troque a imagem por uma menor e reagende.',
  },
  {
    key: 'TEXT_TOO_LONG',
    when: 'checked before sending: more than 300 graphemes',
    message: 'O texto passa de 300 caracteres, o limite do Bluesky. Encurte o texto e reagende.',
  },
];
