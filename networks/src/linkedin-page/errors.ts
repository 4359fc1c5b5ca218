// A company Page's failures and what the owner is told (docs/networks.md, "Error tables"): its own
// rows where a Page differs from the member (admin role, the Community Management product), then
// the member LinkedIn rows, worded for the Page.

import { LINKEDIN_ERRORS } from '../linkedin/errors.js';
import type { NetworkErrorTable } from '../publishing/errors.js';

const OWN: NetworkErrorTable = [
  {
    key: 'ACCESS_DENIED',
    when: '403, serviceErrorCode 100: the member is no longer an ADMINISTRATOR of the organisation, or the token lacks w_organization_social',
    message:
      'O LinkedIn negou a publicação na Página: a conta que a conectou não é mais administradora dela, ou não autorizou o Pauta a publicar por ela. Peça o papel de administrador da Página, reconecte-a em Contas Conectadas e reagende o post.',
  },
  {
    key: 'HTTP 403',
    when: '403 without a code',
    message:
      'O LinkedIn negou a ação para esta Página. Reconecte a Página em Contas Conectadas; se repetir, confira se o app do LinkedIn tem o produto "Community Management API".',
  },
  {
    key: 'HTTP 422',
    when: '422 other than a duplicate: the author is not an organisation the token can post as, or the body failed validation',
    message:
      'O LinkedIn recusou o post da Página como inválido (a Página pode ter sido desativada). Confira a Página no LinkedIn, revise o texto e reagende.',
  },
];

export const LINKEDIN_PAGE_ERRORS: NetworkErrorTable = [
  ...OWN,
  ...LINKEDIN_ERRORS.filter((row) => !OWN.some((own) => own.key === row.key)).map((row) => ({
    ...row,
    message: row.message
      .replaceAll('Reconecte a conta', 'Reconecte a Página')
      .replaceAll('desta conta', 'desta Página')
      .replaceAll('da conta', 'da Página'),
  })),
];
