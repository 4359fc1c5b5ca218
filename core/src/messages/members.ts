// pt-BR texts of the members page ("Equipe") and of invitations (docs/workspaces.md).
import { INVITATION_TTL_DAYS } from '../workspaces/members.js';
import { WORKSPACE_ROLE_LABELS, type WorkspaceRole } from '../workspaces/permissions.js';
import type { ConflictReason, ValidationReason } from './app-error.js';

const roleName = (role: WorkspaceRole) => WORKSPACE_ROLE_LABELS[role];

export const membersMessages = {
  navLabel: 'Equipe',
  membersTitle: 'Membros',
  loading: 'Carregando a equipe...',
  loadError: 'Não foi possível carregar a equipe deste cliente.',
  retry: 'Tentar novamente',
  readOnlyHint: 'Só o proprietário do cliente convida pessoas e muda papéis.',
  personalHint:
    'Este é o seu espaço pessoal: só você trabalha nele. Para trabalhar em equipe, crie um cliente e convide as pessoas para ele.',
  columnName: 'Nome',
  columnEmail: 'Email',
  columnRole: 'Papel',
  columnSince: 'Desde',
  you: '(você)',
  roleLabel: (name: string) => `Papel de ${name}`,
  actions: 'Ações',
  actionsLabel: (name: string) => `Ações para ${name}`,
  roleChanged: (name: string, role: WorkspaceRole) => `${name} agora é ${roleName(role)}.`,
  roleChangeError: 'Não foi possível mudar o papel',
  remove: 'Remover do cliente',
  removeTitle: 'Remover membro',
  removeConfirm: (name: string, workspace: string) =>
    `${name} deixa de ter acesso a ${workspace} na hora. Os temas e posts que essa pessoa criou continuam no cliente.`,
  removed: (name: string) => `${name} foi removido(a) do cliente.`,
  removeError: 'Não foi possível remover o membro',
  transfer: 'Tornar proprietário',
  transferTitle: 'Transferir propriedade',
  transferConfirm: (name: string) =>
    `${name} passa a ser Proprietário(a) deste cliente e você passa a ser Editor(a). Você não poderá mais convidar nem remover pessoas.`,
  transferred: (name: string) => `${name} agora é o(a) proprietário(a) do cliente.`,
  transferError: 'Não foi possível transferir a propriedade',
  leave: 'Sair deste cliente',
  leaveTitle: 'Sair do cliente',
  leaveConfirm: (workspace: string) =>
    `Você deixa de ter acesso a ${workspace}. Os temas e posts que você criou continuam no cliente. Para voltar, peça um novo convite.`,
  left: (workspace: string) => `Você saiu de ${workspace}.`,
  leaveError: 'Não foi possível sair do cliente',
  cancel: 'Cancelar',
  confirm: 'Confirmar',
  working: 'Aguarde...',

  invite: 'Convidar pessoa',
  inviteTitle: 'Convidar para o cliente',
  inviteHint: `A pessoa recebe um link por email, válido por ${INVITATION_TTL_DAYS} dias e de uso único.`,
  inviteEmail: 'Email',
  inviteEmailPlaceholder: 'nome@agencia.com.br',
  inviteEmailInvalid: 'Informe um email válido.',
  inviteRole: 'Papel',
  roleHints: {
    editor: 'Cria e edita temas, posts e contas conectadas.',
    reviewer: 'Lê, comenta e aprova posts, sem editar.',
    client: 'Vê os posts que aguardam a sua aprovação e os publicados.',
  } satisfies Record<Exclude<WorkspaceRole, 'owner'>, string>,
  send: 'Enviar convite',
  sending: 'Enviando...',
  invited: (email: string) => `Convite enviado para ${email}.`,
  inviteError: 'Não foi possível enviar o convite',

  pendingTitle: 'Convites pendentes',
  pendingEmpty: 'Nenhum convite pendente.',
  invitationExpires: (date: string) => `Expira em ${date}`,
  invitationExpired: 'Expirado',
  invitedBy: (name: string) => `Convidado(a) por ${name}`,
  resend: 'Reenviar',
  resent: (email: string) => `Um novo convite foi enviado para ${email}. O link anterior deixou de valer.`,
  resendError: 'Não foi possível reenviar o convite',
  revoke: 'Revogar',
  revoked: (email: string) => `O convite para ${email} foi revogado.`,
  revokeError: 'Não foi possível revogar o convite',

  // A member removed (or whose cliente was deleted) while the page is open.
  accessLostTitle: 'Acesso encerrado',
  accessLost: (workspace: string) =>
    `Você não faz mais parte de ${workspace}. Mostrando o seu espaço pessoal.`,

  // The page of an invitation link.
  acceptTitle: 'Convite para um cliente',
  acceptLoading: 'Verificando o convite...',
  acceptIntro: (inviter: string, workspace: string, role: WorkspaceRole) =>
    `${inviter} convidou você para trabalhar em ${workspace} como ${roleName(role)}.`,
  acceptFor: (email: string) => `Convite para ${email}`,
  accept: 'Aceitar convite',
  accepting: 'Entrando...',
  acceptedTitle: 'Convite aceito',
  accepted: (workspace: string) => `Você agora faz parte de ${workspace}.`,
  acceptError: 'Não foi possível aceitar o convite',
  signedInAs: (email: string) => `Você está conectado(a) como ${email}.`,
  otherEmail: (invited: string) =>
    `Este convite é para ${invited}. Saia da sua conta e entre com esse email para aceitá-lo.`,
  signOut: 'Sair e entrar com outro email',
  createAccountTitle: 'Criar sua conta',
  haveAccount: 'Já tenho conta',
  noAccount: 'Criar conta',
  signInTitle: 'Entrar para aceitar',
  nameLabel: 'Seu nome',
  nameRequired: 'Informe o seu nome.',
  passwordLabel: 'Senha',
  passwordRequired: 'Informe a sua senha.',
  accountExists:
    'Já existe uma conta com este email, e a senha não confere. Escolha "Já tenho conta" e entre com a sua senha.',
  createAndAccept: 'Criar conta e entrar',
  signInAndAccept: 'Entrar e aceitar',
  goToApp: 'Ir para a Pauta',
  status: {
    expired: 'Este convite expirou. Peça ao proprietário do cliente para enviar um novo.',
    revoked: 'Este convite foi cancelado pelo proprietário do cliente.',
    used: 'Este convite já foi usado. Se foi você, entre na sua conta para abrir o cliente.',
    invalid: 'Link de convite inválido. Confira se copiou o endereço inteiro do email.',
  },
} as const;

/** The pt-BR text of a refused invitation or member change, by the refusal's reason; null if none. */
export function membersRefusalText(
  reason: ValidationReason | ConflictReason | undefined,
  workspaceName?: string,
): string | null {
  switch (reason) {
    case 'INVITATION_INVALID':
      return membersMessages.status.invalid;
    case 'INVITATION_EXPIRED':
      return membersMessages.status.expired;
    case 'INVITATION_REVOKED':
      return membersMessages.status.revoked;
    case 'INVITATION_USED':
      return membersMessages.status.used;
    case 'INVITATION_OTHER_EMAIL':
      return 'Este convite é para outro email. Entre com o email que recebeu o convite.';
    case 'LAST_OWNER':
      return 'Todo cliente precisa de pelo menos um proprietário. Torne outra pessoa proprietária antes.';
    case 'PERSONAL_OWNER':
      return 'O espaço pessoal pertence sempre à sua pessoa: ela não pode sair nem deixar de ser proprietária.';
    case 'ALREADY_MEMBER':
      return 'Esta pessoa já faz parte do cliente.';
    case 'SOLE_OWNER':
      return `Esta pessoa é a única proprietária do cliente ${workspaceName ?? ''}, que tem outros membros. Transfira a propriedade desse cliente antes de excluir a conta.`;
    default:
      return null;
  }
}
