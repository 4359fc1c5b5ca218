// pt-BR texts of the workspace roles in the UI (issue 25; docs/workspaces.md "Roles in the UI"
// and "The Cliente view").

export const roleMessages = {
  /** Shown where a read-only role opens something it may not change. */
  readOnly: (role: string) => `Seu papel neste cliente é ${role}: você pode ver e comentar, mas não editar.`,
  readOnlyTitle: 'Somente leitura',
  /** Create / edit theme opened by a role that may not write. */
  cannotWriteThemes:
    'Seu papel neste cliente não permite criar ou editar temas. Peça a um Editor ou ao Proprietário.',
  /** The Cliente's view ("Para aprovar"). */
  clientView: {
    nav: 'Para aprovar',
    pendingTitle: 'Aguardando sua aprovação',
    pendingEmpty: 'Nada aguardando a sua aprovação',
    pendingEmptyHint: 'Quando a equipe enviar posts para você aprovar, eles aparecem aqui.',
    publishedTitle: 'Publicados',
    publishedEmpty: 'Nenhum post publicado ainda',
    publishedEmptyHint: 'Os posts aparecem aqui com as métricas depois de irem ao ar.',
    loadError: 'Não foi possível carregar os posts. Tente novamente.',
    retry: 'Tentar novamente',
    loadMore: 'Carregar mais',
    publishedAt: (when: string) => `Publicado em ${when}`,
    reach: 'Alcance',
    likes: 'Curtidas',
    comments: 'Comentários',
    notAvailable: 'não disponível',
    viewOnNetwork: 'Ver na rede',
    forbidden: 'Seu papel neste cliente não permite aprovar posts.',
  },
} as const;
