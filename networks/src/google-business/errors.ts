// Google Business Profile failures and what the owner is told (docs/networks.md, "Error tables").
// Google answers `{ "error": { "code", "message", "status", "details" } }`; the key is the
// canonical `status` (INVALID_ARGUMENT, PERMISSION_DENIED …), else `HTTP <code>`.
// https://cloud.google.com/apis/design/errors
import type { NetworkErrorTable } from '../publishing/errors.js';

export const GOOGLE_BUSINESS_ERRORS: NetworkErrorTable = [
  {
    key: 'INVALID_ARGUMENT',
    when: "400: the post failed validation (summary over 1,500 characters, a phone number in it, a photo Google could not read or under 250 × 250 px, a button without a valid link, an event's or offer's title over 58 characters or dates missing or backwards, an offer's redeem link invalid)",
    message:
      'O Google recusou o post: o texto pode passar de 1.500 caracteres ou conter um número de telefone, a foto pode não ter sido lida (JPG ou PNG de 10 KB a 5 MB, com pelo menos 250 × 250 px), ou as Opções do Google Meu Negócio estão incompletas (título e datas do evento ou da oferta, link do botão ou do resgate). Revise o post em Editar Post e reagende.',
  },
  {
    key: 'FAILED_PRECONDITION',
    when: '400 FAILED_PRECONDITION: the location is not verified, or suspended, so it cannot post',
    message:
      'O Google não aceita Novidades deste Perfil da Empresa agora: ele precisa estar verificado e ativo. Confira o perfil em business.google.com e reconecte-o em Contas Conectadas.',
  },
  {
    key: 'UNAUTHENTICATED',
    when: '401: the access token expired or was revoked (the person removed Pauta at myaccount.google.com/permissions)',
    message:
      'O acesso do Pauta ao Perfil da Empresa no Google expirou ou foi revogado. Reconecte a conta em Contas Conectadas e reagende o post.',
  },
  {
    key: 'PERMISSION_DENIED',
    when: '403: the person no longer manages the location, or the token lacks business.manage, or the project has no Business Profile API access',
    message:
      'O Google negou a publicação: a sua conta pode ter deixado de administrar este Perfil da Empresa, ou o acesso do Pauta à API do Perfil da Empresa ainda não foi aprovado pelo Google. Confira os administradores do perfil e reconecte-o em Contas Conectadas.',
  },
  {
    key: 'NOT_FOUND',
    when: '404: the location (or the post) no longer exists',
    message:
      'O Google não encontrou este Perfil da Empresa (ele pode ter sido removido). Reconecte a conta em Contas Conectadas e escolha o local de novo.',
  },
  {
    key: 'RESOURCE_EXHAUSTED',
    when: "429: 10 edits a minute per location, or the project's quota (0 until Google approves the API access application)",
    message:
      'O Google limitou as publicações deste Perfil da Empresa (até 10 alterações por minuto). O Pauta tentará de novo automaticamente; se isso se repetir sempre, o acesso do Pauta à API do Perfil da Empresa ainda não foi aprovado pelo Google (veja o Diagnóstico).',
  },
];
