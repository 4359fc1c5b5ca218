// pt-BR texts of "Todos os clientes", "Dados do cliente" and "Excluir cliente" (docs/workspaces.md).
import { WORKSPACE_LOGO_MAX_BYTES } from '../workspaces/branding.js';
import { formatMediaBytes } from './media.js';

/** "1 tema" / "3 temas". */
function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The label beside a count shown on its own ("post para hoje" / "posts para hoje"). */
function labelOf(count: number, singular: string, plural: string): string {
  return count === 1 ? singular : plural;
}

export const workspaceAdminMessages = {
  overview: {
    navLabel: 'Todos os clientes',
    loadError: 'Erro ao carregar os clientes',
    emptyTitle: 'Você tem um cliente só',
    empty: 'A visão geral reúne vários clientes. Crie um cliente pelo botão Novo cliente no topo da tela.',
    personal: 'Pessoal',
    role: (role: string) => `Seu papel: ${role}`,
    open: (name: string) => `Abrir ${name}`,
    settings: 'Dados do cliente',
    today: (date: string) => `Hoje, ${date}`,
    updatedEvery: 'Atualiza sozinho a cada minuto e quando você volta para esta aba.',
    dueToday: (n: number) => labelOf(n, 'post para hoje', 'posts para hoje'),
    approvalInternal: (n: number) => labelOf(n, 'na aprovação interna', 'na aprovação interna'),
    approvalClient: (n: number) => labelOf(n, 'na aprovação do cliente', 'na aprovação do cliente'),
    attention: (n: number) => labelOf(n, 'com falha ou atenção', 'com falha ou atenção'),
    accounts: (n: number) => labelOf(n, 'conta para reconectar', 'contas para reconectar'),
    /** A count's link, read by screen readers: "2 posts para hoje em Padaria". */
    countLink: (count: number, label: string, name: string) => `${count} ${label} em ${name}`,
    clientOnly: 'Como Cliente, você vê só os posts que esperam a sua aprovação.',
    allClear: 'Nada pendente hoje.',
    countsLabel: (name: string) => `Pendências de ${name}`,
  },
  settings: {
    ownerOnlyTitle: 'Só para o proprietário',
    ownerOnly: 'Só o proprietário do cliente altera os dados do cliente.',
    loadError: 'Erro ao carregar os dados do cliente',
    identityTitle: 'Nome e cor',
    nameLabel: 'Nome do cliente',
    nameHintPersonal: 'Este é o seu espaço pessoal; você pode dar a ele outro nome.',
    colorLabel: 'Cor do cliente',
    colorHint: 'Aparece no seletor de clientes, na visão geral e na página de aprovação.',
    paletteLabel: (color: string) => `Usar a cor ${color}`,
    customColor: 'Cor personalizada',
    customColorHint: 'Formato #RRGGBB, por exemplo #1C7ED6.',
    noColor: 'Sem cor',
    save: 'Salvar alterações',
    saved: 'Dados do cliente salvos.',
    savedTitle: 'Cliente atualizado',
    saveError: 'Não foi possível salvar os dados do cliente',
    logoTitle: 'Logo',
    logoHint: `PNG, JPEG ou WebP de até ${formatMediaBytes(WORKSPACE_LOGO_MAX_BYTES)}. Guardamos uma cópia de até 512 px, sem os metadados do arquivo.`,
    logoAlt: (name: string) => `Logo de ${name}`,
    noLogo: 'Nenhum logo enviado.',
    uploadLogo: 'Enviar logo',
    replaceLogo: 'Trocar logo',
    removeLogo: 'Remover logo',
    logoSaved: 'Logo atualizado.',
    logoRemoved: 'Logo removido.',
    logoError: 'Não foi possível enviar o logo',
    deleteTitle: 'Excluir cliente',
    deleteHint:
      'Apaga o cliente e tudo o que é dele: temas, posts (os agendados deixam de ser publicados), imagens, contas conectadas, links de aprovação e o histórico. Não dá para desfazer.',
    deletePersonal: 'O seu espaço pessoal não pode ser excluído.',
    deleteButton: 'Excluir cliente',
    deleteDialogTitle: (name: string) => `Excluir ${name}?`,
    deleteWillRemove: 'Serão excluídos para sempre:',
    deleteCounts: {
      themes: (n: number) => countOf(n, 'tema', 'temas'),
      posts: (n: number, scheduled: number) =>
        `${countOf(n, 'post', 'posts')} (${countOf(scheduled, 'agendado', 'agendados')})`,
      published: (n: number) => countOf(n, 'post publicado no histórico', 'posts publicados no histórico'),
      accounts: (n: number) => countOf(n, 'conta conectada', 'contas conectadas'),
      links: (n: number) => countOf(n, 'link de aprovação', 'links de aprovação'),
      members: (n: number) => countOf(n, 'pessoa perde o acesso', 'pessoas perdem o acesso'),
    },
    deleteTypeLabel: (name: string) => `Para confirmar, digite o nome do cliente: ${name}`,
    deleteTypeMismatch: 'O nome digitado não é o nome do cliente.',
    deleteConfirm: 'Excluir para sempre',
    deleteCancel: 'Cancelar',
    deleted: (name: string) => `${name} foi excluído.`,
    deletedTitle: 'Cliente excluído',
    deleteError: 'Não foi possível excluir o cliente',
  },
  switcher: {
    overview: 'Todos os clientes',
    settings: 'Dados do cliente',
  },
  publicPage: {
    logoAlt: (name: string) => `Logo de ${name}`,
  },
} as const;
