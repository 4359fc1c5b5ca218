// Pinterest failures and what the owner is told (docs/networks.md, "Error tables"). Pinterest
// answers `{ "code": <number>, "message": "…" }` with the HTTP status: 400 (invalid parameters,
// an image it could not fetch), 401 (token expired or the app removed), 403 (no access to the
// board, Trial access limits), 404 (board not found), 429 (rate limit), 5xx.
import type { NetworkErrorTable } from '../publishing/errors.js';

export const PINTEREST_ERRORS: NetworkErrorTable = [
  {
    key: 'IMAGE_FETCH',
    when: '400: Pinterest could not download the image from the signed URL (it must be public)',
    message:
      'O Pinterest não conseguiu baixar a imagem do pin (o endereço precisa ser público). Confira a imagem e reagende; se repetir, avise o administrador.',
  },
  {
    key: 'HTTP 400',
    when: '400 "Invalid parameters": a field Pinterest refused (title over 100, description over 800, alt text over 500, a bad link)',
    message:
      'O Pinterest recusou o pin: o título passa de 100 caracteres, a descrição de 800, o texto alternativo de 500, ou o link é inválido. Revise o post e reagende.',
  },
  {
    key: 'HTTP 401',
    when: '401 "Authentication failed": the token expired or the person removed the app in Pinterest\'s settings',
    message:
      'O acesso do Pauta ao Pinterest expirou ou foi removido nas configurações da conta do Pinterest. Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'HTTP 403',
    when: "403: the board is not the user's (or no longer shared with them), or the app is on Trial access and the action needs Standard",
    message:
      'O Pinterest negou o pin nesta pasta: ela pode não pertencer mais à conta, ou o app do Pauta ainda está em acesso de teste (Trial). Reconecte a conta e escolha a pasta de novo; se repetir, avise o administrador.',
  },
  {
    key: 'HTTP 404',
    when: '404 "Board not found": the picked board was deleted',
    message:
      'A pasta do Pinterest escolhida não existe mais. Reconecte a conta em Contas Conectadas, escolha outra pasta e reagende o post.',
  },
  {
    key: 'HTTP 429',
    when: "429: the app's or the user's rate limit (Trial access: 1,000 calls a day)",
    message:
      'O Pinterest limitou as chamadas do Pauta (no acesso de teste são 1.000 por dia). Uma nova tentativa será feita quando o limite passar.',
  },
];
