/**
 * The pt-BR message catalogue: every word a user reads, grouped by area. Texts quoted by the
 * product spec are verbatim; a text with parameters is a function. Toasts come as a title plus
 * a message: the titles are the `*Title` keys (or `common.error` / `common.success`).
 */

import { DATA_DELETION_DAYS, NEW_USERS_WINDOW_DAYS } from '../constants/limits.js';
import { MAX_MEDIA_PER_POST } from '../constants/media.js';
import type { View } from '../constants/views.js';
import { connectionErrorMessages } from './connection-errors.js';
import { errorMessages, passwordIssueMessages, publishErrorMessages } from './error-codes.js';
import { formatVideoDuration } from './video.js';

/** "1 post" / "3 posts". */
function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

interface ViewText {
  readonly title: string;
  readonly subtitle: string;
}

/** A post's media field (Editar Post's and the composer's): up to 4 images or one video. */
const MEDIA_FIELD_LABEL = 'Imagens ou vídeo';

const views = {
  dashboard: {
    title: 'Dashboard',
    subtitle: 'Acompanhe seus resultados e o que está programado para as suas redes.',
  },
  create: {
    title: 'Criar Novo Tema',
    subtitle: 'Defina o assunto, o tom de voz e as redes. A IA escreve e agenda os posts para você.',
  },
  edit: {
    title: 'Editar Tema',
    subtitle: 'Ajuste as definições do tema. Os próximos posts gerados seguirão as novas escolhas.',
  },
  themes: {
    title: 'Meus Temas',
    subtitle: 'Gerencie seus temas de conteúdo e gere novos posts com IA.',
  },
  'theme-posts': {
    title: 'Posts do Tema',
    subtitle: 'Todos os posts agendados e publicados deste tema.',
  },
  'scheduled-posts': {
    title: 'Posts Agendados',
    subtitle: 'Revise, edite ou reagende os posts antes que sejam publicados.',
  },
  'approval-board': {
    title: 'Quadro de aprovação',
    subtitle: 'Leve cada post de Rascunho até Aprovado: só os aprovados são publicados.',
  },
  'client-view': {
    title: 'Para aprovar',
    subtitle: 'Veja cada post como vai aparecer na rede e aprove ou peça ajustes.',
  },
  'published-posts': {
    title: 'Posts Publicados',
    subtitle: 'Veja o que já foi ao ar e como cada post está performando.',
  },
  'suggested-posts': {
    title: 'Posts Sugeridos',
    subtitle: 'Revise as sugestões da IA para este tema e agende as que quiser publicar.',
  },
  'connected-accounts': {
    title: 'Contas Conectadas',
    subtitle: 'Conecte suas redes sociais para publicar automaticamente.',
  },
  members: {
    title: 'Equipe',
    subtitle: 'Quem trabalha neste cliente, com qual papel, e os convites enviados.',
  },
  settings: {
    title: 'Configurações',
    subtitle: 'Gerencie suas contas conectadas, sua privacidade e seus dados.',
  },
  'clients-overview': {
    title: 'Todos os clientes',
    subtitle: 'O que pede a sua atenção hoje em cada cliente: posts do dia, aprovações, falhas e contas.',
  },
  'client-settings': {
    title: 'Dados do cliente',
    subtitle: 'Nome, cor e logo do cliente: aparecem no seletor, na visão geral e na página de aprovação.',
  },
  reports: {
    title: 'Relatórios',
    subtitle:
      'O relatório mensal de cada cliente: resultados, comparação com o período anterior, PDF e link.',
  },
  integrations: {
    title: 'Integrações',
    subtitle:
      'Conecte a Pauta às suas ferramentas: tokens de acesso à API e avisos automáticos (webhooks) a cada post publicado, aprovado ou com falha.',
  },
  snippets: {
    title: 'Trechos salvos',
    subtitle:
      'Grupos de hashtags e assinaturas deste cliente, prontos para inserir no texto dos posts com "Inserir trecho".',
  },
  'posting-queue': {
    title: 'Fila de publicação',
    subtitle:
      'Os horários fixos de cada conta. "Adicionar à fila" coloca um post no próximo horário livre da conta da rede dele.',
  },
  'privacy-policy': {
    title: 'Política de Privacidade',
    subtitle: 'Como coletamos, usamos e protegemos as suas informações.',
  },
  'data-deletion': {
    title: 'Exclusão de Dados',
    subtitle: 'Solicite a remoção dos seus dados da plataforma.',
  },
  admin: {
    title: 'Administração',
    subtitle: 'Gerencie usuários, templates de email, logs de publicação e configurações do sistema.',
  },
  'publishing-logs': {
    title: 'Logs de Publicação',
    subtitle: 'Histórico de todas as tentativas de publicação, com sucessos e erros.',
  },
  'user-management': {
    title: 'Gerenciar Usuários',
    subtitle: 'Veja quem usa a plataforma, edite perfis e defina papéis.',
  },
  'email-templates': {
    title: 'Templates de Email',
    subtitle: 'Crie e edite os emails enviados pela plataforma.',
  },
  'admin-settings': {
    title: 'Configurações do Sistema',
    subtitle: 'Ajuste os parâmetros gerais que valem para todos os usuários.',
  },
} as const satisfies Record<View, ViewText>;

export const messages = {
  common: {
    appName: 'Pauta',
    error: 'Erro',
    success: 'Sucesso!',
    warning: 'Atenção',
    info: 'Informação',
    loading: 'Carregando...',
    saving: 'Salvando...',
    deleting: 'Excluindo...',
    back: 'Voltar',
    cancel: 'Cancelar',
    save: 'Salvar',
    delete: 'Excluir',
    edit: 'Editar',
    remove: 'Remover',
    confirm: 'Confirmar',
    close: 'Fechar',
    create: 'Criar',
    update: 'Atualizar',
    search: 'Buscar',
    clear: 'Limpar',
    yes: 'Sim',
    no: 'Não',
    active: 'Ativo',
    inactive: 'Inativo',
    actions: 'Ações',
    details: 'Detalhes',
    tryAgain: 'Tentar novamente',
    notAvailable: 'N/A',
    requiredField: 'Campo obrigatório',
    unexpectedError: 'Ocorreu um erro inesperado.',
    loadError: 'Não foi possível carregar os dados.',
    sandboxBadge: 'Sandbox',
    sandboxHint: 'Ambiente de testes: as publicações não vão para as redes reais.',
    previousPage: 'Página anterior',
    nextPage: 'Próxima página',
    page: (page: number, total: number) => `Página ${page} de ${total}`,
    characterCount: (used: number, limit: number) => `${used}/${limit} caracteres`,
    tooLong: (limit: number) => `Use no máximo ${limit} caracteres.`,
  },

  /** Names and announcements for assistive technology (issue 14). */
  a11y: {
    skipToContent: 'Pular para o conteúdo',
    closeNotification: 'Fechar notificação',
    notifications: 'Notificações',
  },

  landing: {
    heroTitle: 'Seu gerente de redes sociais movido a inteligência artificial',
    heroSubtitle:
      'Crie temas, deixe a IA escrever os posts e publique automaticamente no LinkedIn, no Facebook, no X e no Instagram.',
    stats: [
      {
        value: '80%',
        label: 'menos tempo',
        description: 'gasto planejando, escrevendo e publicando conteúdo',
      },
      {
        value: '3x',
        label: 'mais engajamento',
        description: 'com posts frequentes, no tom certo e no horário certo',
      },
      { value: '100%', label: 'automatizado', description: 'da ideia à publicação, sem copiar e colar' },
    ] as readonly { value: string; label: string; description: string }[],
    start: 'Começar agora',
    login: 'Entrar',
    features: [
      {
        title: 'Temas de conteúdo',
        description: 'Defina assunto, tom de voz, tópicos a evitar, redes e frequência uma única vez.',
      },
      {
        title: 'Posts escritos por IA',
        description: 'A IA cria sugestões de posts sob medida para cada tema e para cada rede.',
      },
      {
        title: 'Agendamento automático',
        description: 'Os posts ganham datas de publicação de acordo com a frequência escolhida.',
      },
      {
        title: 'Publicação e métricas',
        description: 'Publicamos nas suas contas conectadas e mostramos alcance, curtidas e engajamento.',
      },
    ] as readonly { title: string; description: string }[],
    footerPrivacy: 'Política de Privacidade',
    footerDataDeletion: 'Exclusão de Dados',
  },

  auth: {
    back: 'Voltar',
    loginTab: 'Fazer login',
    signupTab: 'Criar conta',
    loginTitle: 'Bem-vindo de volta',
    loginSubtitle: 'Entre para gerenciar seus temas e posts.',
    signupTitle: 'Crie sua conta',
    signupSubtitle: 'Comece a automatizar suas redes sociais em poucos minutos.',
    firstName: 'Nome',
    lastName: 'Sobrenome',
    email: 'Email',
    password: 'Senha',
    confirmPassword: 'Confirmar senha',
    rememberMe: 'Lembrar de mim',
    forgotPassword: 'Esqueceu sua senha?',
    emailPlaceholder: 'seu@email.com',
    loginSubmit: 'Entrar',
    signupSubmit: 'Criar conta',
    loggingIn: 'Entrando...',
    signingUp: 'Criando conta...',
    connecting: 'Conectando...',
    orContinueWith: 'ou continue com',
    continueWith: (provider: string) => `Continuar com ${provider}`,
    showPassword: 'Mostrar senha',
    hidePassword: 'Ocultar senha',
    socialProviders: 'Entrar com uma rede social',
    invalidEmail: 'Informe um email válido.',
    forgotPasswordTitle: 'Recuperação de senha',
    forgotPasswordUnavailable: (email: string | null) =>
      email
        ? `A recuperação de senha pelo site ainda não está disponível. Escreva para ${email} e ajudamos você a recuperar o acesso.`
        : 'A recuperação de senha pelo site ainda não está disponível. Entre em contato conosco para recuperar o acesso.',

    fillAllFields: 'Por favor, preencha todos os campos.',
    passwordsDontMatch: 'As senhas não conferem.',
    weakPasswordTitle: 'Senha fraca',
    passwordIssues: passwordIssueMessages,

    loginErrorTitle: 'Erro no login',
    invalidCredentials: 'Email ou senha incorretos.',
    loginSuccessTitle: 'Sucesso!',
    loginSuccess: 'Login realizado com sucesso.',
    unexpectedError: 'Ocorreu um erro inesperado.',
    signupErrorTitle: 'Erro no cadastro',
    signupSuccess: 'Conta criada com sucesso!',
    /** Sign-up with an email whose account the password did not open (docs/security.md A9). */
    signupCheckEmailTitle: 'Verifique seu email para continuar',
    signupCheckEmail:
      'Enviamos um email para este endereço com os próximos passos. Se você já tem uma conta, entre com a sua senha ou use "Esqueceu sua senha?".',
    /** Sign-in from a new browser while the account is under attack (docs/security.md A6). */
    loginCheckEmailTitle: 'Verifique seu email',
    loginCheckEmail:
      'Por segurança, este navegador só entra por um link. Se a senha estiver correta, enviamos um link de acesso para o seu email (vale por 15 minutos).',
    signInLinkTitle: 'Entrar com o link do email',
    signInLinkDescription: 'Este link entra na sua conta neste navegador. Ele só pode ser usado uma vez.',
    signInLinkSubmit: 'Entrar na Pauta',
    signInLinkSubmitting: 'Entrando...',
    signInLinkInvalidTitle: 'Link inválido ou expirado',
    signInLinkInvalid:
      'Este link de acesso é inválido, já foi usado ou expirou. Faça login novamente para receber outro.',

    redirectingTitle: 'Redirecionando',
    redirecting: (provider: string) => `Você será redirecionado para ${provider}...`,
    authErrorTitle: 'Erro de Autenticação',
    connectError: (provider: string) => `Erro ao conectar com ${provider}.`,
    oauthInvalidCredentials: 'Credenciais inválidas. Tente novamente.',
    emailNotConfirmed: 'Email não confirmado. Verifique sua caixa de entrada.',
    redirectConfigError: 'Erro de configuração. Verifique as URLs de redirecionamento no backend.',
    socialLoginUnexpected: 'Erro inesperado ao tentar fazer login. Tente novamente.',
    callbackUnexpected: 'Erro inesperado durante a autenticação.',
    processingConnection: 'Processando conexão da conta...',

    logoutError: 'Erro ao fazer logout. Tente novamente.',
    sessionExpired: 'Sua sessão expirou. Faça login novamente.',

    checkingPermissions: 'Verificando permissões...',
    accessDeniedTitle: 'Acesso Negado',
    accessDeniedMessage: 'Você não tem permissões de administrador para acessar esta área.',
    accessDenied: 'Acesso Negado: Você não tem permissões de administrador para acessar esta área.',

    resetRequestTitle: 'Redefinir senha',
    resetRequestDescription:
      'Informe o email da sua conta. Enviaremos um link para você criar uma nova senha.',
    resetRequestSubmit: 'Enviar link',
    resetRequestSending: 'Enviando...',
    resetRequestLocalMailbox:
      'Esta Pauta roda no modo local, sem servidor de email: a mensagem não sai desta máquina. Abra o link "Caixa de entrada local" que apareceu no terminal onde a Pauta está rodando.',
    resetRequestSentTitle: 'Verifique seu email',
    resetRequestSent:
      'Se houver uma conta com este email, enviaremos um link para redefinir a senha. O link vale por 30 minutos e só pode ser usado uma vez.',
    resetRequestError: 'Não foi possível enviar o pedido. Tente novamente.',
    resetTitle: 'Criar nova senha',
    resetDescription:
      'Escolha uma nova senha para a sua conta. Ao salvar, as outras sessões abertas são encerradas.',
    newPassword: 'Nova senha',
    confirmNewPassword: 'Confirmar nova senha',
    resetSubmit: 'Salvar nova senha',
    resetSubmitting: 'Salvando...',
    resetSuccessTitle: 'Senha redefinida!',
    resetSuccess: 'Sua senha foi alterada e você já está conectado.',
    resetErrorTitle: 'Erro na redefinição',
    resetInvalidTitle: 'Link inválido ou expirado',
    resetInvalid: 'Este link de redefinição é inválido, já foi usado ou expirou. Solicite um novo link.',
    requestNewLink: 'Solicitar novo link',
    resetChecking: 'Verificando o link...',
    backToLogin: 'Voltar ao login',
  },

  nav: {
    home: 'Home',
    themes: 'Meus Temas',
    scheduledPosts: 'Posts Agendados',
    publishedPosts: 'Posts Publicados',
    settings: 'Configurações',
    logout: 'Sair',
    adminSection: 'Administração',
    adminPanel: 'Painel Administrativo',
    publishingLogs: 'Logs de Publicação',
    userManagement: 'Gerenciar Usuários',
    emailTemplates: 'Templates de Email',
    newTheme: 'Novo Tema',
    menu: 'Menu',
    openMenu: 'Abrir menu',
    closeMenu: 'Fechar menu',
    logoHome: 'Pauta: ir para o Dashboard',
    toggleColorScheme: 'Alternar modo claro/escuro',
    mainNavigation: 'Navegação principal',
    signingOut: 'Saindo...',
  },

  /** Workspaces, called "clientes" in the UI (docs/workspaces.md). */
  workspaces: {
    switcherLabel: (name: string) => `Cliente atual: ${name}. Trocar de cliente`,
    listTitle: 'Clientes',
    newClient: 'Novo cliente',
    createTitle: 'Novo cliente',
    createHint: 'Cada cliente tem seus próprios temas, posts, contas conectadas e aprovações.',
    nameLabel: 'Nome do cliente',
    namePlaceholder: 'Ex.: Padaria Pão Quente',
    nameRequired: 'Informe o nome do cliente.',
    nameTooLong: 'O nome pode ter no máximo 80 caracteres.',
    create: 'Criar cliente',
    creating: 'Criando...',
    cancel: 'Cancelar',
    createErrorTitle: 'Não foi possível criar o cliente',
    created: (name: string) => `Cliente "${name}" criado. Você está trabalhando nele agora.`,
    createdTitle: 'Cliente criado',
    switched: (name: string) => `Agora você está em ${name}.`,
    unavailableTitle: 'Cliente indisponível',
    unavailable:
      'O cliente do endereço não existe ou você não tem acesso a ele. Mostrando o seu espaço pessoal.',
  },

  shell: {
    underConstructionTitle: 'Em construção',
    underConstruction: 'Esta tela está em construção e chega em uma próxima versão do Pauta.',
    publishingPaused: 'Publicação pausada: o Redis está indisponível. Os posts agendados continuam salvos.',
    /** The admins' banner when posts are due and no worker beat for 2 min (docs/operations.md). */
    noWorker: (minutes: number | null, duePosts: number) =>
      `${minutes === null ? 'Nenhum worker ativo' : `Nenhum worker ativo há ${minutes} min`} — ${countOf(duePosts, 'post atrasado', 'posts atrasados')}`,
    noWorkerHelp:
      'Os posts continuam salvos e saem assim que um worker voltar. Inicie o worker (npm run start:worker, o serviço worker do docker compose ou o Deployment pauta-worker) e confira o log dele: ele precisa alcançar o PostgreSQL e o Redis.',
    noWorkerLink: 'Ver workers',
    sessionErrorTitle: 'Não foi possível carregar o Pauta',
  },

  views,

  themes: {
    sectionBasics: 'Informações básicas',
    sectionBasicsHint: 'Sobre o que você quer falar?',
    sectionStyle: 'Estilo do conteúdo',
    sectionStyleHint: 'Como os posts devem soar e o que evitar.',
    sectionChannels: 'Canais e frequência',
    sectionChannelsHint: 'Onde e com que frequência publicar.',
    sectionColor: 'Cor',
    sectionColorHint: 'Usada para identificar o tema nos cards e no calendário.',

    name: 'Nome do tema',
    namePlaceholder: 'Ex.: Dicas de marketing digital',
    description: 'Descrição',
    descriptionPlaceholder: 'Descreva o assunto, o público e os objetivos dos posts.',
    tones: 'Tom de voz',
    avoidTopics: 'Tópicos a evitar',
    avoidTopicsHint: 'Opcional',
    networks: 'Redes sociais',
    frequency: 'Frequência de postagem',
    color: 'Cor do tema',
    customColor: 'Cor personalizada',
    customHexHint: 'Digite um código hexadecimal (ex: #FF0000)',
    invalidHex: 'Código hexadecimal inválido. Use o formato #RRGGBB.',

    createSubmit: 'Criar Tema',
    creating: 'Criando...',
    updateSubmit: 'Salvar Alterações',
    saving: 'Salvando...',
    back: 'Voltar',
    cancel: 'Cancelar',

    empty: 'Nenhum tema criado',
    emptyDescription: 'Crie seu primeiro tema e deixe a IA sugerir posts para você.',
    createFirst: 'Criar primeiro tema',
    newTheme: 'Novo Tema',
    generatePosts: 'Gerar 5 Posts',
    generating: 'Gerando...',
    editTheme: 'Editar Tema',
    deleteTheme: 'Excluir Tema',
    viewPosts: 'Ver posts',
    themeMenu: (name: string) => `Ações do tema ${name}`,
    moreCount: (count: number) => `+${count}`,
    postsCount: (count: number) => countOf(count, 'post', 'posts'),
    scheduledCount: (count: number) => countOf(count, 'agendado', 'agendados'),
    publishedCount: (count: number) => countOf(count, 'publicado', 'publicados'),
    count: (count: number) => countOf(count, 'tema', 'temas'),

    tabAllPosts: 'Todos os Posts',
    tabScheduled: 'Posts Agendados',
    tabByTheme: 'Por Tema',

    notLoggedIn: 'Você precisa estar logado para criar um tema.',
    missingNameOrDescription: 'Por favor, preencha o nome e a descrição do tema.',
    missingTone: 'Selecione pelo menos um tom de voz.',
    missingNetwork: 'Selecione pelo menos uma rede social.',
    limitReached: (max: number) => `Você atingiu o limite de ${countOf(max, 'tema', 'temas')}.`,

    createError: 'Não foi possível criar o tema. Tente novamente.',
    unexpectedError: 'Ocorreu um erro inesperado.',
    updateError: 'Não foi possível atualizar o tema. Tente novamente.',
    deleteError: 'Erro ao excluir tema. Tente novamente.',
    loadError: 'Erro ao carregar temas.',

    warningTitle: 'Atenção',
    suggestionsProblem: 'Tema criado, mas houve um problema ao gerar as sugestões de posts.',
    noPostsGenerated: 'Tema criado, mas nenhum post foi gerado.',
    suggestionsFailed: 'Tema criado, mas não foi possível gerar sugestões de posts.',
    partialSuccessTitle: 'Sucesso parcial',
    partialSuccess: 'Tema criado! Houve um problema com a IA, mas você pode gerar posts posteriormente.',

    createdTitle: 'Sucesso! 🤖',
    createdWithPosts: (count: number) =>
      count === 1
        ? '1 post foi gerado com IA e agendado automaticamente!'
        : `${count} posts foram gerados com IA e agendados automaticamente!`,
    updated: 'Tema atualizado com sucesso!',
    deleted: 'Tema excluído com sucesso.',

    confirmDeleteTitle: 'Excluir tema',
    confirmDelete: (name: string) =>
      `Tem certeza que deseja excluir o tema "${name}"? Todos os posts deste tema também serão excluídos. Esta ação não pode ser desfeita.`,

    creatingProgress: (count: number) => `Gerando ${count} sugestões com IA e montando seu calendário…`,
    creatingProgressHint: 'Isso pode levar até um minuto. Não feche esta página.',
    instagramNeedsMedia:
      'O Instagram só publica posts com imagem (JPEG, de 4:5 a 1,91:1): adicione ao menos uma imagem a cada post deste tema para o Instagram antes do horário agendado, ou ele não será publicado.',
    createdWithTemplates: (count: number) =>
      count === 1
        ? '1 post foi criado a partir de modelos e agendado automaticamente. A IA não respondeu; você pode gerar novas sugestões depois.'
        : `${count} posts foram criados a partir de modelos e agendados automaticamente. A IA não respondeu; você pode gerar novas sugestões depois.`,
    /** Some of the AI calls failed: their posts came from the templates, the rest from the AI. */
    createdWithSomeTemplates: (count: number, fromTemplates: number) =>
      `${count} posts foram agendados automaticamente: ${count - fromTemplates} gerados com IA e ${fromTemplates} a partir de modelos (a IA não conseguiu escrever ${fromTemplates === 1 ? 'um deles' : 'alguns deles'}). Revise os posts de modelo antes da publicação.`,
    /** No AI key (local models): expected, said as information, not as a failure. */
    createdWithLocalTemplates: (count: number) =>
      count === 1
        ? '1 post foi criado com os modelos locais e agendado automaticamente (nenhuma chave de IA está configurada). Revise o texto antes da publicação.'
        : `${count} posts foram criados com os modelos locais e agendados automaticamente (nenhuma chave de IA está configurada). Revise o texto antes da publicação.`,
    presetColors: 'Cores predefinidas',
    selectedColor: (label: string) => `Cor selecionada: ${label}`,
    customColorLabel: (hex: string) => `Cor personalizada ${hex}`,
    loadThemeError: 'Não foi possível carregar o tema.',
    themeNotFound: 'Tema não encontrado. Ele pode ter sido excluído.',
    backToThemes: 'Ver meus temas',
    tonesLabel: 'Tons de voz',
    networksLabel: 'Redes sociais',
    moreTones: (names: string) => `Outros tons: ${names}`,
    moreNetworks: (names: string) => `Outras redes: ${names}`,
    confirmDeleteAction: 'Excluir tema',
    createdAt: (date: string) => `Criado em ${date}`,
  },

  posts: {
    count: (count: number) => countOf(count, 'post agendado', 'posts agendados'),
    /** The list without a status filter holds every status: the total, then how many still wait. */
    countWithScheduled: (total: number, scheduled: number) =>
      `${countOf(total, 'post', 'posts')} · ${countOf(scheduled, 'agendado', 'agendados')}`,
    /** With a status filter the label names the statuses shown ("34 posts com status Falhou"). */
    countWithStatus: (count: number, statusLabels: readonly string[]) =>
      `${countOf(count, 'post', 'posts')} com status ${statusLabels.join(' ou ')}`,
    filters: 'Filtros',
    showFilters: 'Mostrar filtros',
    hideFilters: 'Ocultar filtros',
    filterTheme: 'Tema',
    filterPlatform: 'Plataforma',
    filterScheduledFrom: 'Agendado a partir de',
    filterScheduledTo: 'Agendado até',
    filterCreatedFrom: 'Criado a partir de',
    filterCreatedTo: 'Criado até',
    allThemes: 'Todos os temas',
    allPlatforms: 'Todas as plataformas',
    clearFilters: 'Limpar filtros',
    deleteFiltered: (count: number) => `Excluir Posts Filtrados (${count})`,
    edit: 'Editar',
    delete: 'Excluir',
    usedBadge: 'Usado',
    status: 'Status',
    scheduledFor: 'Agendado para',
    createdAt: 'Criado em',
    empty: 'Nenhum post agendado',
    emptyDescription: 'Crie um tema ou gere novos posts para preencher sua agenda.',
    emptyFiltered: 'Nenhum post encontrado com os filtros selecionados.',

    editTitle: 'Editar Post',
    /** Editar Post's section of the network's post options (docs/post-options.md). */
    networkOptions: (network: string) => `Opções do ${network}`,
    networkOptionsHint: 'Valem só para este post nesta rede.',
    optionNone: 'Nenhum',
    optionChoose: 'Escolha uma opção',
    optionDate: (label: string) => `${label}: data`,
    optionTime: (label: string) => `${label}: horário`,
    optionLength: (used: number, max: number) => `${used}/${max}`,
    title: 'Título',
    content: 'Conteúdo',
    publishDate: 'Data de publicação',
    publishTime: 'Horário',
    pickDate: 'Selecione uma data',
    platform: 'Plataforma',
    theme: 'Tema',
    contentLength: (used: number, limit: number) => `${used}/${limit} caracteres`,
    contentTooLong: (platform: string, limit: number) =>
      `O texto ultrapassa o limite de ${limit} caracteres do ${platform}.`,
    reschedule: 'Reagendar',
    rescheduleTitle: 'Alterar data de publicação',

    confirmDeleteTitle: 'Excluir post',
    confirmDelete: 'Tem certeza que deseja excluir este post? Esta ação não pode ser desfeita.',
    confirmDeleteFilteredTitle: 'Excluir posts filtrados',
    confirmDeleteFiltered: (count: number) =>
      count === 1
        ? 'Tem certeza que deseja excluir 1 post? Esta ação não pode ser desfeita.'
        : `Tem certeza que deseja excluir ${count} posts? Esta ação não pode ser desfeita.`,
    nothingToDelete: 'Não há posts para excluir.',

    deleted: 'Post excluído com sucesso.',
    deletedMany: (count: number) =>
      count === 1 ? '1 post excluído com sucesso.' : `${count} posts excluídos com sucesso.`,
    dateUpdated: 'Data de publicação atualizada com sucesso.',
    updated: 'Post atualizado com sucesso.',
    updatedWithDate: 'Post e data de publicação atualizados com sucesso.',
    nothingChanged: 'Nenhuma alteração para salvar.',
    /** Editar Post's "Conta" where the network has several accounts (docs/workspaces.md). */
    account: 'Conta',
    accountHint: (network: string) => `Em qual conta do ${network} este post será publicado.`,
    accountPlaceholder: 'Escolha a conta',
    /** The post's account was disconnected: it goes out from no other one until a person picks one. */
    accountDisconnected: (network: string) =>
      `A conta escolhida para este post foi desconectada. Escolha outra conta do ${network} ou reconecte-a em Contas Conectadas.`,
    accountDisconnectedNone: (network: string) =>
      `A conta escolhida para este post foi desconectada e não há outra conta do ${network} conectada. Reconecte-a em Contas Conectadas.`,
    /** A changed account saved (the post leaves the old account's queue slot). */
    accountUpdated: 'Conta do post atualizada.',
    /** A post's account beside its network, for screen readers (cards and calendar chips). */
    accountOf: (handle: string) => `Conta ${handle}`,
    /** A post saved as "Rascunho" (status draft; docs/composer.md). */
    draftHint: 'Rascunho: não será publicado. Clique em Agendar (ou Adicionar à fila) quando estiver pronto.',
    saveDraft: 'Salvar rascunho',
    draftSaved: 'Rascunho salvo.',
    scheduleDraft: 'Agendar',
    draftScheduled: 'Rascunho agendado: o post será publicado na data escolhida.',
    imagesKept: 'Imagens salvas no post.',

    loadError: 'Erro ao carregar posts agendados.',
    deleteError: 'Erro ao excluir post.',
    updateDateError: 'Erro ao atualizar data.',
    updateError: 'Erro ao atualizar post.',

    publishErrors: publishErrorMessages,

    // Suggested posts (AI drafts for approval).
    generate: 'Gerar 5 Posts',
    generating: 'Gerando posts...',
    schedule: 'Agendar',
    scheduling: 'Agendando...',
    removeDraft: 'Remover',
    editDraft: 'Editar',
    draftsEmpty: 'Nenhuma sugestão no momento',
    draftsEmptyDescription: 'Gere novos posts com IA para este tema.',
    draftPlatforms: 'Plataformas',
    noThemeSelected: 'Nenhum tema selecionado.',
    invalidAiResponse: 'Formato de resposta inválido da IA',
    aiError: 'Erro ao gerar posts com IA',
    aiRateLimited:
      'Você atingiu o limite de gerações com IA por enquanto. Tente novamente em alguns minutos.',
    scheduleSomeError: 'Erro ao agendar post em algumas plataformas',
    scheduleError: 'Erro ao agendar post.',
    scheduledForPlatforms: (count: number) => `Post agendado para ${count} plataforma(s)!`,
    postsGenerated: (count: number) =>
      count === 1
        ? '1 post foi gerado com IA. Revise e agende quando quiser.'
        : `${count} posts foram gerados com IA. Revise e agende os que quiser.`,
    draftsFromTemplates: (count: number) =>
      count === 1
        ? '1 sugestão foi criada a partir de modelos porque a IA não respondeu. Revise antes de agendar.'
        : `${count} sugestões foram criadas a partir de modelos porque a IA não respondeu. Revise antes de agendar.`,
    draftsFromLocalTemplates: (count: number) =>
      count === 1
        ? '1 sugestão foi criada com os modelos locais (nenhuma chave de IA está configurada). Revise antes de agendar.'
        : `${count} sugestões foram criadas com os modelos locais (nenhuma chave de IA está configurada). Revise antes de agendar.`,
    localTemplatesNotice:
      'Estas sugestões vêm dos modelos locais, porque nenhuma chave de IA está configurada. Revise e edite o texto antes de agendar.',
    templatesNotice:
      'Estas sugestões foram criadas a partir de modelos porque a IA não respondeu. Revise e edite o texto antes de agendar.',
    generatingDrafts: (count: number) => `Gerando ${count} sugestões com IA…`,
    generatingDraftsHint: 'Isso pode levar alguns segundos.',
    noThemeSelectedHint: 'Escolha um tema para gerar sugestões de posts com IA.',
    pickTheme: 'Selecione um tema',
    noThemes: 'Você ainda não tem temas. Crie um tema para gerar sugestões.',
    editDraftTitle: 'Editar sugestão',
    draftFieldsRequired: 'Preencha o título e o conteúdo do post.',
    draftNetworksHint: 'Somente as redes do tema.',
    draftLabel: (order: number) => `Sugestão ${order}`,
    lengthLimitOf: (platform: string) => `Limite do ${platform}`,
    applyDraftEdit: 'Aplicar',
    draftUpdated: 'Sugestão atualizada. Agende quando estiver pronta.',
    draftRemoved: 'Sugestão removida.',
    draftsCount: (count: number) => countOf(count, 'sugestão', 'sugestões'),

    // Posts Agendados: list, filters, status and the Editar Post dialog.
    allStatuses: 'Todos os status',
    statusFilter: 'Status da publicação',
    viewMode: 'Modo de exibição',
    listView: 'Lista',
    calendarView: 'Calendário',
    loadMore: 'Carregar mais',
    loadingMore: 'Carregando mais...',
    allLoaded: 'Todos os posts foram carregados.',
    countLoading: 'Contando posts...',
    retry: 'Tentar novamente',
    retrying: 'Tentando...',
    retryQueued: 'Nova tentativa de publicação agendada.',
    /** The retry of a post flagged "maybe published": Pauta asks the network first (issue 24). */
    lookupRequested:
      'Verificando na rede se este post já foi publicado. Ele só será enviado de novo se não estiver lá.',
    resendAnyway: 'Reenviar mesmo assim',
    /** 'Histórico de entrega' in the post's dialog (issue 24, item 4). */
    delivery: {
      title: 'Histórico de entrega',
      empty: 'Nada aconteceu ainda: o post aguarda o horário agendado.',
      loading: 'Carregando o histórico...',
      error: 'Não foi possível carregar o histórico de entrega.',
      attempt: (n: number) => `Tentativa ${n}`,
      timesIn: (timeZone: string) => `Horários de ${timeZone}`,
      viewOnNetwork: (network: string) => `Ver no ${network}`,
      networkId: 'Id na rede',
      steps: {
        claimed: 'Worker assumiu a publicação',
        send_started: 'Envio iniciado',
        published: 'Publicado',
        resolved_published: 'Publicado (confirmado na rede)',
        failed: 'Falhou',
        flagged: 'Precisa de atenção',
        lookup_requested: 'Você pediu para tentar de novo: consultando a rede antes',
        lookup_unresolved: 'A rede não soube dizer se o post saiu',
        lookup_absent: 'A rede confirmou que o post não saiu: reenviando',
        retry_scheduled: 'Nova tentativa agendada',
        released: 'Envio adiado sem gastar tentativa',
        owner_retry: 'Você colocou o post de volta na fila',
        owner_edit: 'Você editou o post',
        owner_reschedule: 'Você reagendou o post',
        missed: 'Horário perdido',
      },
      answerOk: (network: string) => `Resposta do ${network}: publicado`,
      answerError: 'Resultado registrado da tentativa',
      dueAt: (when: string) => `Para ${when}`,
    },
    resendAnywayHint:
      'A rede não soube dizer se o post saiu. Reenvie só depois de conferir que ele não está no perfil.',
    retryError: 'Erro ao tentar publicar novamente.',
    reason: 'Motivo',
    cardLabel: (title: string) => `Post: ${title}`,
    dateTimeIn: (timeZone: string) => `Horário de ${timeZone}`,
    preview: 'Prévia',
    previewHint: 'Como o post aparece no feed da rede, atualizada enquanto você digita.',
    dateRequired: 'Selecione a data de publicação: sem uma data o post não é salvo.',
    timeRequired: 'Informe o horário de publicação (HH:mm): sem o horário o post não é salvo.',
    invalidTime: 'Informe um horário válido no formato HH:mm.',
    titleRequired: 'Informe o título do post.',
    titleTooLong: (limit: number) => `O título pode ter até ${limit} caracteres.`,
    contentRequired: 'Informe o conteúdo do post.',
    invalidSchedule: 'A data de publicação não foi aceita. Escolha uma data e um horário futuros.',
    pastSchedule: 'Esse horário já passou. Escolha uma data e um horário futuros.',
    tooLongFor: (platform: string, limit: number) =>
      `O conteúdo ultrapassa o limite de ${limit} caracteres do ${platform}. Encurte o texto para salvar.`,
    notEditable:
      'Este post já está sendo publicado ou já foi publicado e não pode mais ser alterado. A lista foi atualizada.',
    notEditableHint: 'Posts em publicação ou já publicados não podem ser editados.',
    viewHistory: 'Ver histórico',
    deleteFilteredConfirm: 'Excluir posts',
    deletedSkipped: (count: number) =>
      count === 1
        ? '1 post em publicação não foi excluído.'
        : `${count} posts em publicação não foram excluídos.`,
    filtersActive: (count: number) => `(${count})`,
    closeFilters: 'Fechar filtros',
    themeNameUnknown: 'Tema sem nome',
    variantTitle: 'Versão para outra rede',
    variantHint:
      'Cria outro post neste tema, na data e no horário acima, com este texto ajustado à rede escolhida. Este post não muda.',
    variantNetwork: 'Rede da nova versão',
    variantCreate: 'Criar versão para outra rede',
    variantCreating: 'Criando versão...',
    variantCreated: (network: string) =>
      `Versão para o ${network} criada na data e no horário do formulário.`,
    variantNeedsDateTime: 'Informe uma data e um horário válidos antes de criar a versão.',
    variantExisted: (network: string) => `Já existia uma versão para o ${network} neste horário.`,
    variantAdaptedByAi: 'O texto foi adaptado à rede pela IA.',
    variantShortened: 'O texto foi encurtado para caber no limite da rede.',
    variantError: 'Erro ao criar a versão para outra rede.',
    variantNoNetworks: 'Todas as redes deste tema já são deste post; não há outra rede para uma versão.',
  },

  /** "Novo post": one post written once for several networks (docs/composer.md). */
  composer: {
    open: 'Novo post',
    title: 'Novo post',
    subtitle: 'Escreva uma vez e ajuste para cada rede.',
    theme: 'Tema',
    themePlaceholder: 'Escolha o tema',
    themesLoading: 'Carregando temas…',
    themeRequired: 'Escolha o tema do post.',
    noThemes: 'Crie um tema antes de escrever um post.',
    networks: 'Redes',
    networksHint: 'As contas conectadas deste espaço de trabalho.',
    networksRequired: 'Escolha ao menos uma rede.',
    noAccounts: 'Nenhuma conta conectada. Conecte uma rede em Contas Conectadas para escrever um post.',
    postTitle: 'Título (interno)',
    baseText: 'Texto base',
    baseHint: 'Usado por todas as redes que você não alterar.',
    tabs: 'Texto por rede',
    inherits: 'Usa o texto base',
    ownText: 'Texto próprio',
    textOf: (network: string) => `Texto para o ${network}`,
    useBase: 'Usar o texto base',
    inheritsHint: 'Edite o texto abaixo para escrever um texto só para esta rede.',
    needsImageHint: (network: string) => `O ${network} só publica posts com imagem: escolha ao menos uma.`,
    mediaHint:
      'Um vídeo (MP4 ou MOV) vai sozinho, sem imagens: cada rede o confere pelas suas regras antes de salvar.',
    addVideo: 'Adicionar vídeo',
    uploadingVideo: (name: string, percent: number) => `Enviando ${name}: ${percent}%`,
    cancelVideo: 'Cancelar envio',
    removeVideo: 'Remover o vídeo',
    videoOf: (name: string) => `Vídeo: ${name}`,
    /** The composer's images (docs/composer.md): chosen once for the base, inherited by each tab. */
    baseMedia: MEDIA_FIELD_LABEL,
    baseMediaHint:
      'Valem para todas as redes que não escolherem as suas. Até 4 imagens JPEG, PNG, WebP ou GIF, ou um vídeo.',
    addImages: 'Adicionar imagens',
    mediaOf: (network: string) => `${MEDIA_FIELD_LABEL} para o ${network}`,
    inheritsMedia: 'Usa a mídia da base',
    ownMedia: 'Mídia própria',
    chooseOwnMedia: 'Escolher mídia só para esta rede',
    useBaseMedia: 'Usar a mídia da base',
    noImages: 'Nenhuma imagem.',
    removeImage: (index: number) => `Remover a imagem ${index}`,
    altOf: (index: number) => `Texto alternativo da imagem ${index}`,
    uploadingImage: 'Enviando imagem…',
    tooManyImages: (max: number) => `No máximo ${max} imagens por post.`,
    saveDraft: 'Salvar rascunho',
    sendForApproval: 'Enviar para aprovação',
    schedule: 'Agendar',
    addToQueue: 'Adicionar à fila',
    addToQueueHint: 'Cada rede vai para o próximo horário livre da fila da sua conta (Fila de publicação).',
    queued: (count: number, kept: number) =>
      `${count === 1 ? '1 post adicionado à fila.' : `${count} posts adicionados à fila, um por rede.`}${
        kept > 0 ? ` ${kept} ficou no horário escolhido: a fila da conta se encheu.` : ''
      }`,
    saving: 'Salvando…',
    approvalHint: 'Este tema exige aprovação: os posts só são publicados depois de aprovados.',
    refusedHint: 'Nada foi salvo. Corrija o que está indicado em cada rede.',
    refusedIn: (networks: string) => `Nada foi salvo. Corrija: ${networks}.`,
    saved: (count: number) => (count === 1 ? '1 post criado.' : `${count} posts criados, um por rede.`),
    /** The save named accounts (a network with several, docs/workspaces.md): one post per account. */
    savedPerAccount: (count: number) =>
      count === 1 ? '1 post criado.' : `${count} posts criados, um por conta.`,
    draftsSaved: (count: number) =>
      count === 1
        ? '1 rascunho salvo. Ele não será publicado até você agendá-lo em Posts Agendados.'
        : `${count} rascunhos salvos, um por rede. Nenhum será publicado até você agendá-lo em Posts Agendados.`,
    draftHint: 'Salvar rascunho guarda os posts sem publicar; agende cada um depois em Editar Post.',
    error: 'Erro ao salvar o post.',
    noAccount: (network: string) => `Conecte uma conta do ${network} para publicar nele.`,
    chooseAccount: (network: string) =>
      `Este cliente tem mais de uma conta do ${network}: escolha em qual conta publicar.`,
    textRequired: (network: string) => `Escreva o texto do ${network} (ou o texto base).`,
    needsMedia: (network: string) =>
      `O ${network} só publica vídeos: adicione um em "Adicionar vídeo", no texto base ou só para esta rede.`,
    mediaGone:
      'Uma imagem escolhida não está mais no servidor (o Novo post ficou aberto por horas). Remova-a e envie de novo.',
    /** "Antes de agendar" of a tab blocks Agendar / Adicionar à fila (docs/composer.md). */
    preflightBlocked: (network: string, reason: string) =>
      `Ainda não dá para agendar. ${network} — ${reason} Veja "Antes de agendar" na aba do ${network}.`,
    siblings: 'Outras redes deste post',
    siblingsHint: 'Escrito uma vez no Novo post; cada rede tem seu próprio post.',
  },

  preview: {
    label: (network: string) => `Prévia no ${network}`,
    now: 'agora',
    showLess: 'ver menos',
    overflow: 'O trecho destacado passa do limite do X e não seria publicado.',
    noAccount: (network: string) => `Conecte a conta do ${network} para ver seu nome e sua foto na prévia.`,
    yourAccount: 'Sua conta',
    imageOf: (index: number, count: number) => `Imagem ${index} de ${count}`,
    instagramNeedsImage: 'O Instagram só publica posts com imagem.',
    /**
     * The post's video in the preview (a player: its cover, or its first frame while it has none),
     * named for screen readers.
     */
    video: (hasCover: boolean) =>
      hasCover
        ? 'Vídeo do post, com a capa escolhida'
        : 'Vídeo do post (ainda sem capa: mostra o primeiro quadro)',
    /** Read instead of the "0:20" badge. */
    videoDuration: (seconds: number) => `Duração: ${formatVideoDuration(seconds)}`,
  },

  published: {
    reach: 'Alcance',
    likes: 'Curtidas',
    comments: 'Comentários',
    engagement: 'Engajamento',
    publishedAt: 'Publicado em',
    viewOnNetwork: 'Ver na rede',
    metricsUpdatedAt: 'Métricas atualizadas em',
    delete: 'Excluir',
    empty: 'Nenhum post publicado',
    emptyDescription: 'Seus posts aparecerão aqui assim que forem publicados.',
    confirmDeleteTitle: 'Excluir post publicado',
    confirmDelete:
      'Tem certeza que deseja excluir este post do histórico? Ele continuará publicado na rede social.',
    deleted: 'Post excluído com sucesso.',
    loadError: 'Erro ao carregar posts publicados.',
    deleteError: 'Erro ao excluir post.',
    /** A metric the network has not reported (shown instead of 0). */
    unavailable: 'indisponível',
    metricsLabel: 'Métricas do post',
    confirmDeleteAction: 'Excluir do histórico',
    loadMore: 'Carregar mais',
    loadingMore: 'Carregando mais...',
    opensInNewTab: '(abre em uma nova aba)',
    count: (count: number) => countOf(count, 'post publicado', 'posts publicados'),
  },

  dashboard: {
    greeting: (name: string) => `Olá, ${name}!`,
    postsDone: 'Posts realizados',
    postsScheduled: 'Posts agendados',
    timeSaved: 'Tempo economizado',
    timeSavedHint: 'Cerca de 1h10 por post',
    hours: (hours: number) => `${hours}h`,
    averageEngagement: 'Engajamento médio',
    totalReach: 'Alcance total',
    themesCount: 'Temas',
    engagement: {
      excellent: 'Excelente performance',
      good: 'Boa performance',
      regular: 'Performance regular',
      poor: 'Precisa melhorar',
      noData: 'Sem dados suficientes',
    },
    reach: {
      exceptional: 'Alcance excepcional',
      good: 'Bom alcance',
      moderate: 'Alcance moderado',
      growing: 'Crescendo',
    },
    newTheme: 'Novo Tema',
    viewAllPosts: 'Ver todos os posts',
    /** The dashboard's quick link to the create view (the header's 'Novo Tema' button is the themes view's). */
    createTheme: 'Criar novo tema',
    viewScheduled: 'Ver agendados',
    recentThemes: 'Seus temas',
    upcomingPosts: 'Próximas publicações',
    loadError: 'Erro ao carregar o dashboard.',
    /** Shown in place of a metric that has no value yet. */
    noValue: '—',
    relativeDay: {
      today: 'Hoje',
      tomorrow: 'Amanhã',
      yesterday: 'Ontem',
    },
    quickLinks: 'Atalhos',
    retry: 'Tentar novamente',
    attentionTitle: 'Posts que precisam da sua atenção',
    attentionDescription: 'Estes posts não foram publicados. Veja o motivo de cada um e tente novamente.',
    attentionFailed: (count: number) => countOf(count, 'post falhou', 'posts falharam'),
    attentionNeedsAttention: (count: number) =>
      countOf(count, 'post precisa de atenção', 'posts precisam de atenção'),
    attentionMissed: (count: number) => countOf(count, 'post perdido', 'posts perdidos'),
    attentionViewAll: 'Ver todos com problema',
    chartsTitle: 'Desempenho e agenda',
    weeklyPublishedTitle: 'Posts publicados por semana',
    weeklyPublishedHint: 'Últimas 12 semanas',
    weeklyEngagementTitle: 'Engajamento médio por semana',
    upcomingTitle: 'Posts agendados por rede',
    upcomingHint: 'Próximas semanas',
    axisWeek: 'Semana (início)',
    axisPosts: 'Posts',
    axisEngagement: 'Engajamento (%)',
    seriesPublished: 'Publicados',
    seriesEngagement: 'Engajamento médio',
    weekOf: (date: string) => `Semana de ${date}`,
    noChartData: 'Ainda não há dados para este gráfico.',
    noUpcoming: 'Nenhum post agendado para as próximas semanas.',
    chartTableCaption: (title: string) => `${title}: dados do gráfico`,
    chartsLoadError: 'Erro ao carregar os gráficos.',
    publishedSummary: (total: number, weeks: number) =>
      `${countOf(total, 'post publicado', 'posts publicados')} nas últimas ${weeks} semanas.`,
    upcomingSummary: (total: number, weeks: number) =>
      `${countOf(total, 'post agendado', 'posts agendados')} nas próximas ${weeks} semanas.`,
  },

  calendar: {
    month: 'Mês',
    week: 'Semana',
    viewLabel: 'Visualização do calendário',
    today: 'Hoje',
    previousMonth: 'Mês anterior',
    nextMonth: 'Próximo mês',
    previousWeek: 'Semana anterior',
    nextWeek: 'Próxima semana',
    more: (count: number) => `+${count} mais`,
    /** Starts with the visible '+N mais' (label-content-name-mismatch). */
    moreLabel: (count: number, date: string) => `+${count} mais: ver todos os posts de ${date}`,
    dayPosts: (date: string) => `Posts de ${date}`,
    dayLabel: (date: string, count: number) =>
      count === 0 ? date : `${date}, ${countOf(count, 'post', 'posts')}`,
    chipLabel: (time: string, title: string, status: string, network?: string) =>
      network ? `${time} ${title} · ${network} (${status})` : `${time} ${title} (${status})`,
    dragHint:
      'Arraste um post para outro dia para reagendá-lo (o horário é mantido). Pelo teclado, abra o post e altere a data.',
    pastDrop: 'Esse horário já passou. Arraste o post para um dia em que o horário ainda não chegou.',
    loadError: 'Erro ao carregar o calendário.',
    emptyRange: 'Nenhum post neste período.',
    moving: 'Reagendando...',
  },

  accounts: {
    connected: 'Conectado',
    notConnected: 'Não conectado',
    setupPending: 'Configuração pendente',
    needsReconnect: 'Reconexão necessária',
    connect: 'Conectar',
    connecting: 'Conectando...',
    disconnect: 'Desconectar',
    reconnect: 'Reconectar',
    connectedAs: (username: string) => `Conectado como ${username}`,
    followers: (count: number) => countOf(count, 'seguidor', 'seguidores'),
    connectedAt: 'Conectado em',
    confirmDisconnectTitle: 'Desconectar conta',
    confirmDisconnect: (platform: string) =>
      `Tem certeza que deseja desconectar a conta ${platform}? Os posts agendados para essa rede não poderão ser publicados enquanto ela estiver desconectada.`,
    instagramNotConfigured:
      'A conexão com o Instagram ainda não está disponível: o provedor de login precisa ser configurado pelo administrador.',
    setupPendingHint: 'Esta rede ainda não foi configurada pelo administrador.',

    connectedSuccess: (platform: string) => `Conta ${platform} conectada com sucesso!`,
    // Several accounts of one network (docs/workspaces.md): "Conectar outra conta" and each account's row.
    connectAnother: 'Conectar outra conta',
    /** "Conectar outra conta" that authorised an account already connected here: updated in place. */
    alreadyConnected:
      'Esta conta já estava conectada; os dados dela foram atualizados. Para adicionar outra, entre com outra conta na rede.',
    accountsCount: (count: number) => `${count} contas conectadas`,
    /** A card's list of its network's accounts, and one of them (screen readers). */
    accountsListLabel: (platform: string) => `Contas ${platform} conectadas`,
    accountLabel: (account: string) => `Conta ${account}`,
    confirmDisconnectAccount: (account: string, platform: string) =>
      `Tem certeza que deseja desconectar a conta ${account} do ${platform}? Os posts agendados para essa conta não poderão ser publicados enquanto ela estiver desconectada; as outras contas do ${platform} continuam conectadas.`,
    disconnectedAccount: (account: string, platform: string) =>
      `Conta ${account} do ${platform} desconectada.`,
    /** The step before the login of a network of many servers (Mastodon's instance). */
    connectPromptTitle: (platform: string) => `Conectar ${platform}`,
    disconnected: (platform: string) => `Conta ${platform} desconectada.`,
    loadError: 'Erro ao carregar contas conectadas.',
    disconnectError: 'Erro ao desconectar conta.',
    saveError: 'Erro ao salvar conta conectada.',
    processError: 'Erro ao processar conexão da conta.',
    /** A connect form's empty required field (Bluesky's app password form). */
    formFieldRequired: (label: string) => `Preencha o campo "${label}".`,
    connectUnexpected: 'Erro inesperado ao conectar conta.',
    connectUnexpectedWithDetails: (details: string) =>
      `Erro inesperado ao conectar conta. Detalhes: ${details}`,
    connectionErrors: connectionErrorMessages,

    // Contas Conectadas: card details, the Facebook Page choice and reconnect reasons.
    notConnectedHint: 'Conecte a conta para publicar seus posts nesta rede.',
    connectedAtDate: (date: string) => `Conectado em ${date}`,
    pageLabel: (page: string, label = 'Página') => `${label}: ${page}`,
    /** `formatted` is the compact number ('1,2k'); `count` picks singular or plural. */
    followersCompact: (formatted: string, count: number) =>
      `${formatted} ${count === 1 ? 'seguidor' : 'seguidores'}`,
    disconnecting: 'Desconectando...',
    accountsLabel: 'Redes sociais',
    cardLabel: (platform: string) => `Conta ${platform}`,
    pickPageTitle: 'Escolha a Página do Facebook',
    pickPageDescription:
      'Sua conta do Facebook administra mais de uma Página. Escolha em qual delas o Pauta vai publicar.',
    pickPageLabel: 'Páginas do Facebook',
    pickPageConfirm: 'Conectar Página',
    pickPageRequired: 'Selecione uma Página para continuar.',
    pickPageExpired: 'A escolha da Página expirou. Conecte o Facebook novamente.',
    noFacebookPages:
      'Nenhuma Página do Facebook foi encontrada nesta conta. O Pauta publica em Páginas: crie uma Página ou peça acesso de administrador e conecte novamente.',

    // Account health (issue 18): the badge and its explanation on each card, and the app's banner.
    health: {
      ok: 'Tudo certo',
      expiring: (days: number) => (days === 0 ? 'Expira hoje' : `Expira em ${countOf(days, 'dia', 'dias')}`),
      needs_reconnect: 'Reconexão necessária',
      revoked: 'Acesso revogado',
      limited: 'Limitada pela rede',
    },
    healthHint: {
      ok: 'A Pauta publica nesta conta e renova a autorização sozinha quando a rede permite.',
      expiring: (platform: string, date: string) =>
        `O ${platform} não permite que a Pauta renove esta autorização sozinha, e ela expira em ${date}. Clique em Reconectar antes disso: a conta, os posts e o histórico continuam os mesmos.`,
      needs_reconnect: (platform: string) =>
        `A autorização do ${platform} expirou ou não pôde ser renovada. Os posts desta conta não serão publicados até você clicar em Reconectar; a conta, os posts e o histórico continuam os mesmos.`,
      revoked: (platform: string) =>
        `O acesso da Pauta foi revogado no ${platform} (o app foi removido, a senha mudou ou a rede encerrou a sessão). Clique em Reconectar para voltar a publicar; a conta, os posts e o histórico continuam os mesmos.`,
      limited: (platform: string, until: string | null) =>
        `O ${platform} limitou temporariamente as publicações desta conta. A Pauta tenta de novo sozinha${until ? ` a partir de ${until}` : ''}; não é preciso fazer nada.`,
    },
    differentAccount: (platform: string | null) =>
      platform
        ? `Você autorizou outra conta do ${platform}, diferente da que está conectada à Pauta. Nada foi alterado. Para reconectar, entre no ${platform} com a mesma conta; para trocar de conta, desconecte a atual primeiro.`
        : 'Você autorizou outra conta da rede, diferente da que está conectada à Pauta. Nada foi alterado. Para reconectar, entre na rede com a mesma conta; para trocar de conta, desconecte a atual primeiro.',
    differentPage:
      'Você escolheu outra Página do Facebook, diferente da que está conectada à Pauta. Nada foi alterado. Para reconectar, escolha a mesma Página; para trocar de Página, desconecte a atual primeiro.',
    bannerTitle: 'Uma conta conectada precisa de atenção',
    bannerTitleMany: (count: number) => `${count} contas conectadas precisam de atenção`,
    bannerLine: (platform: string, state: string) => `${platform}: ${state}`,
    bannerAction: 'Ver Contas Conectadas',
    expiringToastTitle: (platform: string) => `A conexão com o ${platform} expira em breve`,
    expiringToast: 'Reconecte a conta em Contas Conectadas para não interromper as publicações.',
    needsReconnectToastTitle: (platform: string) => `A conta do ${platform} precisa ser reconectada`,
    // Instagram (Facebook Login for Instagram): the account choice and why none was found.
    pickInstagramTitle: 'Escolha a conta do Instagram',
    pickInstagramDescription:
      'Suas Páginas do Facebook têm mais de uma conta profissional do Instagram vinculada. Escolha em qual delas o Pauta vai publicar.',
    pickInstagramLabel: 'Contas do Instagram',
    pickInstagramConfirm: 'Conectar conta',
    pickInstagramRequired: 'Selecione uma conta para continuar.',
    pickInstagramExpired: 'A escolha da conta expirou. Conecte o Instagram novamente.',
    noInstagramAccount:
      'Nenhuma conta profissional do Instagram foi encontrada nas Páginas do Facebook que você autorizou. O Pauta publica em contas profissionais (Empresa ou Criador de conteúdo) vinculadas a uma Página: no app do Instagram, mude para uma conta profissional e vincule-a à sua Página, depois conecte novamente (e marque a Página quando o Facebook perguntar).',
    instagramAccountUnavailable:
      'Esta conta do Instagram não está mais vinculada às Páginas que você autorizou. Conecte o Instagram novamente.',
    instagramPermissionsDeclined:
      'Para publicar no Instagram, o Pauta precisa das permissões de acesso e de publicação na conta. Conecte novamente e mantenha todas as permissões marcadas na janela do Facebook.',
    instagramHandle: (username: string) => `@${username}`,
    // Instagram's two ways in (docs/instagram-login.md): Instagram Login (no Page) or a Facebook Page.
    connectWithInstagram: 'Conectar com o Instagram',
    connectWithFacebook: 'Conectar pelo Facebook',
    connectedWithInstagram: 'Conectada pelo Login do Instagram',
    connectedWithFacebook: 'Conectada pela Página do Facebook',
    instagramLoginsHint:
      'Conecte direto pelo Instagram (conta profissional, sem Página do Facebook) ou pela Página do Facebook vinculada à conta.',
    instagramPersonalAccount:
      'Esta é uma conta pessoal do Instagram, e o Instagram só permite publicar por aplicativos em contas profissionais (Empresa ou Criador de conteúdo). No app do Instagram, mude para uma conta profissional em Configurações > Tipo de conta e ferramentas e conecte novamente.',
    instagramLoginPermissionsDeclined:
      'Para publicar no Instagram, o Pauta precisa das permissões de acesso e de publicação na conta. Conecte novamente e mantenha todas as permissões marcadas na janela do Instagram.',
    // LinkedIn company Pages: the organisation choice (the person's own profile stays connected).
    pickLinkedInPage: {
      title: 'Escolha a Página do LinkedIn',
      description:
        'Sua conta do LinkedIn administra mais de uma Página de empresa. Escolha em qual delas o Pauta vai publicar; o seu perfil pessoal do LinkedIn continua conectado como está.',
      label: 'Páginas do LinkedIn',
      confirm: 'Conectar Página',
      required: 'Selecione uma Página para continuar.',
      expired: 'A escolha da Página expirou. Conecte a Página do LinkedIn novamente.',
    },
    // Pinterest: the board Pauta pins to (the account is the board; another board = reconnect).
    pickPinterestBoard: {
      title: 'Escolha a pasta do Pinterest',
      description:
        'Sua conta do Pinterest tem mais de uma pasta. Escolha em qual delas o Pauta vai salvar os pins. Para trocar de pasta depois, desconecte o Pinterest e conecte de novo. As métricas dos pins exigem uma conta comercial do Pinterest; enquanto o app da Pauta estiver no acesso de teste (Trial) do Pinterest, os pins ficam visíveis só para você.',
      label: 'Pastas do Pinterest',
      confirm: 'Conectar pasta',
      required: 'Selecione uma pasta para continuar.',
      expired: 'A escolha da pasta expirou. Conecte o Pinterest novamente.',
    },
    differentPinterestBoard:
      'Você escolheu outra pasta do Pinterest, diferente da que está conectada à Pauta. Nada foi alterado. Para trocar de pasta, desconecte o Pinterest primeiro e conecte de novo.',
    differentLinkedInPage:
      'Você escolheu outra Página do LinkedIn, diferente da que está conectada à Pauta. Nada foi alterado. Para reconectar, escolha a mesma Página; para trocar de Página, desconecte a atual primeiro.',

    // Google Business Profile: the location choice (only verified locations are offered).
    pickGoogleBusiness: {
      title: 'Escolha o Perfil da Empresa no Google',
      description:
        'Sua conta do Google administra mais de um Perfil da Empresa verificado (Google Meu Negócio). Escolha em qual local o Pauta vai publicar as Novidades.',
      label: 'Locais do Perfil da Empresa',
      confirm: 'Conectar local',
      required: 'Selecione um local para continuar.',
      expired: 'A escolha do local expirou. Conecte o Google Meu Negócio novamente.',
    },
    differentGoogleBusiness:
      'Você escolheu outro local do Google Meu Negócio, diferente do que está conectado à Pauta. Nada foi alterado. Para reconectar, escolha o mesmo local; para trocar de local, desconecte o atual primeiro.',
  },

  settings: {
    connectedAccounts: 'Contas Conectadas',
    connectedAccountsDescription: 'Conecte ou desconecte suas redes sociais.',
    privacy: 'Privacidade',
    privacyDescription: 'Leia a nossa política de privacidade.',
    dataDeletion: 'Exclusão de Dados',
    dataDeletionDescription: 'Solicite a exclusão dos seus dados.',
    timeZone: 'Fuso horário',
    timeZoneDescription: 'Os horários de publicação seguem este fuso.',
    timeZoneSaved: 'Fuso horário atualizado com sucesso.',
    timeZoneError: 'Erro ao atualizar fuso horário.',
    timeZoneHint:
      'As datas e horas de toda a Pauta (listas, calendário, agendamentos) passam a ser mostradas neste fuso. Os posts já agendados continuam no mesmo instante.',
    timeZoneSearch: 'Busque por cidade ou região',
    timeZoneInvalid: 'Escolha um fuso horário da lista.',
    timeZoneSave: 'Salvar fuso horário',
    timeZoneCurrent: (label: string) => `Fuso atual: ${label}`,
    timeZoneNothing: 'Este já é o seu fuso horário.',
    open: 'Abrir',
  },

  admin: {
    cards: {
      users: { title: 'Usuários', description: 'Gerencie usuários, perfis e papéis.' },
      emailTemplates: {
        title: 'Templates de Email',
        description: 'Edite os emails enviados pela plataforma.',
      },
      publishingLogs: { title: 'Logs de Publicação', description: 'Acompanhe cada tentativa de publicação.' },
      settings: { title: 'Configurações', description: 'Ajuste os parâmetros do sistema.' },
      deletionRequests: {
        title: 'Solicitações de exclusão',
        description: 'Conclua ou recuse os pedidos de exclusão de dados.',
      },
      diagnostics: {
        title: 'Diagnóstico',
        description: 'Confira endereço, cookies, redes, Redis, banco, relógios e email desta instalação.',
      },
    },
    open: 'Acessar',

    stats: {
      label: 'Visão geral',
      users: 'Usuários',
      newUsers30d: 'Novos (30 dias)',
      scheduledToday: 'Agendados hoje',
      publishedToday: 'Publicados hoje',
      failures24h: 'Falhas (24 h)',
      loadError: 'Erro ao carregar estatísticas.',
    },

    queues: {
      title: 'Monitor de filas',
      boardTitle: 'Pauta — Filas',
      link: 'Abrir monitor de filas',
      linkDescription: 'Acompanhe os jobs de publicação e de métricas (BullMQ).',
      back: 'Voltar à Administração',
      noRedis:
        'O Redis não está configurado nesta instalação, então não há filas para mostrar. Configure REDIS_URL para ativar a publicação automática e o monitor de filas.',
      unauthorizedTitle: 'Faça login',
      unauthorized: 'Entre na Pauta com uma conta de administrador para ver o monitor de filas.',
      forbiddenTitle: 'Acesso Negado',
      forbidden: 'Você não tem permissões de administrador para acessar esta área.',
    },

    diagnostics: {
      title: 'Diagnóstico da instalação',
      description:
        'As mesmas verificações do comando npm run doctor, com o endereço aberto neste navegador. Nenhum segredo é mostrado.',
      running: 'Verificando a instalação…',
      loadError: 'Não foi possível rodar o diagnóstico.',
      rerun: 'Verificar de novo',
      fix: 'Como corrigir:',
      copy: 'Copiar',
      copied: 'Copiado',
      copyLabel: (value: string) => `Copiar ${value}`,
      status: { ok: 'OK', warn: 'Aviso', fail: 'Falha' },
      summary: (fails: number, warns: number) =>
        fails
          ? `${countOf(fails, 'falha', 'falhas')} e ${countOf(warns, 'aviso', 'avisos')}: corrija as falhas abaixo.`
          : warns
            ? `Tudo certo, com ${countOf(warns, 'aviso', 'avisos')}.`
            : 'Tudo certo.',
    },

    workers: {
      title: 'Workers de publicação',
      description:
        'Cada processo worker dá sinal de vida a cada 15 s. Sem sinal por 2 min, ele é considerado parado.',
      loading: 'Carregando workers…',
      loadError: 'Erro ao carregar os workers.',
      empty:
        'Nenhum worker registrado. Sem um worker, nenhum post é publicado: inicie um com npm run start:worker (ou o serviço worker do docker compose).',
      host: 'Máquina',
      pid: 'Processo',
      version: 'Versão',
      startedAt: 'Iniciado em',
      lastBeat: 'Último sinal',
      state: 'Estado',
      states: { alive: 'Ativo', silent: 'Sem sinal', stopped: 'Encerrado' },
      ago: (seconds: number) =>
        seconds < 60
          ? `há ${seconds} s`
          : seconds < 3600
            ? `há ${Math.floor(seconds / 60)} min`
            : `há ${Math.floor(seconds / 3600)} h`,
      summary: (alive: number, due: number) =>
        `${countOf(alive, 'worker ativo', 'workers ativos')} · ${countOf(due, 'post na hora de publicar', 'posts na hora de publicar')}`,
    },

    users: {
      name: 'Nome',
      firstName: 'Nome',
      lastName: 'Sobrenome',
      email: 'Email',
      role: 'Papel',
      createdAt: 'Cadastrado em',
      editProfile: 'Editar perfil',
      editProfileTitle: 'Editar usuário',
      totalUsers: 'Total de usuários',
      admins: 'Administradores',
      newUsers: 'Novos usuários',
      newUsersHint: `Últimos ${NEW_USERS_WINDOW_DAYS} dias`,
      empty: 'Nenhum usuário encontrado',
      searchPlaceholder: 'Buscar por nome ou email',
      loadError: 'Erro ao carregar usuários',
      roleUpdated: 'Papel do usuário atualizado com sucesso.',
      roleUpdateError: 'Erro ao atualizar papel do usuário.',
      profileUpdated: 'Perfil atualizado com sucesso.',
      profileUpdateError: 'Erro ao atualizar perfil.',
      cannotDemoteSelf: 'Você não pode remover o seu próprio acesso de administrador.',
      lastAdmin: 'Não é possível remover o último administrador. Promova outro usuário antes.',
      emailInUse: 'Este email já está em uso por outro usuário.',
      noName: 'Sem nome',
      roleOf: (name: string) => `Papel de ${name}`,
      editOf: (name: string) => `Editar perfil de ${name}`,
      you: 'Você',
      selfDemotedTitle: 'Você não é mais administrador(a)',
      selfDemoted:
        'Você não é mais administrador(a): você mesmo(a) mudou o seu papel para Usuário. A área administrativa não está mais disponível para você.',
      confirmRoleTitle: 'Alterar papel',
      confirmRole: (name: string, from: string, to: string) =>
        `Alterar o papel de ${name} de ${from} para ${to}?`,
      confirmSelfDemotion:
        'Você está removendo o seu próprio acesso de administrador. Você perderá o acesso à área administrativa (usuários, templates de email, logs e configurações) e só outro administrador poderá devolvê-lo.',
      confirmRoleAction: 'Alterar papel',
      total: (count: number) => countOf(count, 'usuário', 'usuários'),
    },

    templates: {
      newTemplate: 'Novo Template',
      editTemplate: 'Editar Template',
      templateName: 'Nome do template',
      subject: 'Assunto',
      htmlContent: 'Conteúdo HTML',
      variables: 'Variáveis (JSON)',
      variablesInvalid: 'As variáveis devem ser um objeto JSON válido.',
      isActive: 'Ativo',
      preview: 'Pré-visualizar',
      empty: 'Nenhum template cadastrado',
      confirmDeleteTitle: 'Excluir template',
      confirmDelete: (name: string) =>
        `Tem certeza que deseja excluir o template "${name}"? Esta ação não pode ser desfeita.`,
      saved: 'Template salvo com sucesso.',
      deleted: 'Template excluído com sucesso.',
      loadError: 'Erro ao carregar template',
      saveError: 'Erro ao salvar template',
      deleteError: 'Erro ao excluir template',
      nameTaken: 'Já existe um template com este nome.',
      nameHint: 'Letras minúsculas, números, - e _ (ex.: welcome, password_reset).',
      variablesHint:
        'Objeto JSON com o nome de cada variável e um valor de exemplo: {"first_name": "Maria"}.',
      placeholdersHint: 'Use {{nome_da_variavel}} no assunto e no HTML.',
      previewTitle: 'Pré-visualização',
      previewFrameTitle: 'Pré-visualização do email',
      previewSubject: 'Assunto:',
      previewNote: 'O HTML é higienizado e exibido isolado; as variáveis usam os valores de exemplo.',
      tabs: { templates: 'Templates', outbox: 'Caixa de saída' },
      lastUpdated: 'Atualizado em',
      outbox: {
        intro:
          'Todos os emails enviados pela plataforma. Sem SMTP configurado, eles ficam armazenados aqui em vez de serem enviados. Links com tokens (redefinição de senha, confirmação de exclusão) nunca são guardados: aparecem como [link oculto] e só o destinatário os recebe.',
        redactedLink: '[link oculto]',
        to: 'Para',
        subject: 'Assunto',
        status: 'Status',
        createdAt: 'Criado em',
        view: 'Ver email',
        empty: 'Nenhum email na caixa de saída',
        loadError: 'Erro ao carregar a caixa de saída.',
        statuses: { pending: 'Pendente', sent: 'Enviado', stored: 'Armazenado', failed: 'Falhou' },
      },
    },

    logs: {
      status: 'Status',
      user: 'Usuário',
      title: 'Título',
      platform: 'Plataforma',
      scheduledFor: 'Agendado para',
      attemptedAt: 'Tentativa em',
      platformPostId: 'ID na rede',
      errorMessage: 'Mensagem de erro',
      errorLocation: 'Local do erro',
      empty: 'Nenhum log de publicação',
      total: (count: number) => countOf(count, 'registro', 'registros'),
      untitled: 'Sem título',
      unknownUser: 'Usuário desconhecido',
      loadError: 'Erro ao carregar logs de publicação.',
      filters: 'Filtros',
      allStatuses: 'Todos os status',
      allPlatforms: 'Todas as plataformas',
      statuses: { success: 'Sucesso', error: 'Erro' },
      userFilter: 'Usuário',
      userFilterPlaceholder: 'Buscar por nome ou email',
      period: 'Período da tentativa',
      periodPlaceholder: 'Escolha as datas',
      clearFilters: 'Limpar filtros',
      pagination: 'Paginação dos logs',
      pageOf: (page: number, pages: number) => `Página ${page} de ${pages}`,
      attempt: (n: number) => `Tentativa ${n}`,
      none: '—',
    },

    settings: {
      key: 'Chave',
      value: 'Valor',
      description: 'Descrição',
      knownKeys: {
        email_notifications_enabled: 'Notificações por email',
        max_themes_per_user: 'Máximo de temas por cliente',
        max_workspaces_per_user: 'Máximo de clientes por pessoa',
        network_budgets: 'Orçamento de posts por rede',
        webhooks_allow_private_addresses: 'Webhooks para endereços internos',
      },
      invalidNumber: 'Informe um número inteiro maior que zero.',
      invalidJson: 'Informe um JSON válido.',
      saved: 'Configuração salva com sucesso.',
      loadError: 'Erro ao carregar configuração.',
      saveError: 'Erro ao salvar configuração.',
      empty: 'Nenhuma configuração cadastrada',
      maxThemesRange: 'Informe um número inteiro entre 1 e 1000.',
      jsonHint: 'Valor em JSON (objeto, lista, número, texto entre aspas…).',
      textHint: 'Texto livre.',
      enabled: 'Ativado',
      disabled: 'Desativado',
      editorLabel: (key: string) => `Valor de ${key}`,
    },
  },

  deletionRequests: {
    title: 'Solicitações de exclusão',
    intro:
      'Pedidos enviados pelo formulário de Exclusão de Dados. Concluir apaga a conta e todos os dados do usuário (temas, posts, contas conectadas, sessões e perfil); os logs de publicação ficam sem dados pessoais.',
    email: 'Email',
    user: 'Usuário',
    reason: 'Motivo',
    requestedAt: 'Solicitado em',
    processedAt: 'Processado em',
    status: 'Status',
    statuses: { pending: 'Pendente', completed: 'Concluída', rejected: 'Recusada' },
    filterLabel: 'Status das solicitações',
    all: 'Todas',
    noAccount: 'Sem conta identificada',
    complete: 'Concluir exclusão',
    reject: 'Recusar',
    confirmCompleteTitle: 'Excluir os dados do usuário',
    confirmComplete: (who: string) =>
      `Todos os dados de ${who} serão apagados definitivamente: conta, perfil, temas, posts e contas conectadas. Esta ação não pode ser desfeita.`,
    confirmCompleteLabel: 'Excluir dados',
    confirmRejectTitle: 'Recusar solicitação',
    confirmReject: 'A solicitação será marcada como recusada e nenhum dado será apagado.',
    completed: 'Solicitação concluída: os dados do usuário foram excluídos.',
    completedNoAccount: 'Solicitação concluída. Nenhuma conta foi encontrada para este pedido.',
    rejected: 'Solicitação recusada.',
    lastAdmin: 'Esta conta é a do último administrador e não pode ser excluída.',
    confirmedBadge: 'Confirmada',
    unconfirmedBadge: 'Não confirmada',
    confirmedBy: {
      session: 'Confirmada pelo titular: pedido feito com a conta conectada.',
      email: 'Confirmada pelo titular pelo link enviado ao email da conta.',
    },
    unconfirmedHint:
      'Pedido feito sem login: só pode ser concluído depois que o titular confirmar pelo link enviado ao email da conta.',
    linkValidUntil: (date: string) => `Link de confirmação válido até ${date}.`,
    notConfirmed: 'Esta solicitação ainda não foi confirmada pelo titular e não pode ser concluída.',
    empty: 'Nenhuma solicitação de exclusão',
    loadError: 'Erro ao carregar solicitações de exclusão.',
    actionError: 'Erro ao processar a solicitação.',
  },

  dataDeletion: {
    intro:
      'Você pode solicitar a exclusão de todos os dados da sua conta: perfil, temas, posts, contas conectadas e histórico de publicações.',
    formNotice: `Sua solicitação será processada em até ${DATA_DELETION_DAYS} dias úteis.`,
    emailLabel: 'Email da conta',
    reasonLabel: 'Motivo da solicitação',
    reasonPlaceholder: 'Conte por que você deseja excluir seus dados.',
    submit: 'Enviar solicitação',
    submitting: 'Enviando...',
    requiredTitle: 'Campo obrigatório',
    reasonRequired: 'Por favor, informe o motivo da solicitação de exclusão.',
    submitError: 'Erro ao enviar solicitação. Tente novamente ou entre em contato conosco.',
    successTitle: 'Solicitação enviada!',
    success: `Recebemos sua solicitação de exclusão de dados. Ela será processada em até ${DATA_DELETION_DAYS} dias.`,
    emailRequired: 'Por favor, informe o email da sua conta.',
    confirmationNotice:
      'Se houver uma conta com este email, enviaremos a ele um link de confirmação. A exclusão só é feita depois que você confirmar pelo link (válido por 24 horas).',
    confirmTitle: 'Confirmar exclusão de dados',
    confirmIntro: `Ao confirmar, sua solicitação segue para processamento: sua conta e todos os seus dados (perfil, temas, posts e contas conectadas) serão apagados definitivamente em até ${DATA_DELETION_DAYS} dias.`,
    confirmButton: 'Confirmar exclusão',
    confirming: 'Confirmando...',
    confirmedTitle: 'Solicitação confirmada',
    confirmed: `Sua solicitação de exclusão foi confirmada e será processada em até ${DATA_DELETION_DAYS} dias.`,
    invalidLinkTitle: 'Link inválido ou expirado',
    invalidLink:
      'Este link de confirmação não é mais válido: ele vale por 24 horas e só pode ser usado uma vez. Envie uma nova solicitação.',
    newRequest: 'Enviar nova solicitação',
    confirmError: 'Não foi possível confirmar agora. Tente novamente.',
  },

  privacy: {
    intro:
      'Esta política explica quais dados o Pauta coleta, como eles são usados e quais são os seus direitos, conforme a Lei Geral de Proteção de Dados (LGPD).',
    sections: (email: string) =>
      [
        {
          title: '1. Informações que coletamos',
          body: 'Coletamos os dados que você informa ao criar sua conta (nome, sobrenome e email), os temas e posts que você cria, e os dados das contas de redes sociais que você conecta, como nome de usuário e tokens de acesso.',
        },
        {
          title: '2. Como usamos suas informações',
          body: 'Usamos seus dados para gerar sugestões de posts, agendar e publicar conteúdo nas suas contas conectadas e exibir métricas de desempenho. Não vendemos seus dados.',
        },
        {
          title: '3. Compartilhamento de informações',
          body: 'O conteúdo dos seus temas é enviado a um serviço de inteligência artificial apenas para gerar sugestões de posts. Os posts são enviados somente às redes sociais que você conectou.',
        },
        {
          title: '4. Armazenamento e segurança',
          body: 'Os tokens de acesso às redes sociais são armazenados criptografados e nunca são exibidos no navegador. As senhas são guardadas apenas na forma de hash.',
        },
        {
          title: '5. Seus direitos',
          body: 'Você pode acessar, corrigir ou excluir seus dados a qualquer momento, além de desconectar suas contas de redes sociais em Contas Conectadas.',
        },
        {
          title: '6. Exclusão de dados',
          body: `Você pode solicitar a exclusão dos seus dados na página Exclusão de Dados. A solicitação é processada em até ${DATA_DELETION_DAYS} dias.`,
        },
        {
          title: '7. Contato',
          body: `Em caso de dúvidas sobre esta política ou sobre seus dados, entre em contato pelo email ${email}.`,
        },
      ] as readonly { title: string; body: string }[],
  },

  /** Images of a post (the PostMediaField of the edit dialog; docs/media.md). */
  media: {
    /** The field takes up to MAX_MEDIA_PER_POST images or one video (docs/media.md). */
    label: MEDIA_FIELD_LABEL,
    hint: `Até ${MAX_MEDIA_PER_POST} imagens JPEG, PNG, WebP ou GIF. Cada imagem é salva assim que enviada (Cancelar descarta as adicionadas aqui); a localização e os dados da câmera são removidos.`,
    add: 'Adicionar imagens ou vídeo',
    dropHere: 'Arraste imagens ou um vídeo para cá ou',
    full: `Este post já tem ${MAX_MEDIA_PER_POST} imagens.`,
    notEditable: 'As imagens não podem mais ser alteradas: o post está sendo publicado ou já foi publicado.',
    image: (n: number) => `Imagem ${n}`,
    altLabel: (n: number) => `Texto alternativo da imagem ${n}`,
    altShort: 'Texto alternativo',
    altPlaceholder: 'Descreva a imagem',
    altSaved: 'Texto alternativo salvo.',
    /** "Sugerir texto alternativo" (AI configured only): fills the field, the person reviews it. */
    suggestAlt: 'Sugerir texto alternativo',
    suggestAltFor: (n: number) => `Sugerir texto alternativo para a imagem ${n}`,
    suggestingAlt: 'Sugerindo...',
    altSuggested: (n: number) =>
      `Sugestão da IA no texto alternativo da imagem ${n}. Revise o texto: ele é salvo quando você sai do campo.`,
    moveBefore: (n: number) => `Mover a imagem ${n} para antes`,
    moveAfter: (n: number) => `Mover a imagem ${n} para depois`,
    remove: (n: number) => `Remover a imagem ${n}`,
    removed: 'Imagem removida.',
    moved: (n: number, to: number) => `Imagem ${n} movida para a posição ${to}.`,
    uploading: (name: string) => `Enviando ${name}`,
    uploaded: (name: string) => `${name} enviada.`,
    failed: (name: string, reason: string) => `${name}: ${reason}`,
    loadError: 'Não foi possível carregar as imagens deste post.',
    /** On a network that publishes only posts with an image (MEDIA_REQUIRED_PLATFORMS), none yet. */
    requiredHint: (network: string) =>
      `O ${network} só publica posts com imagem: adicione ao menos uma antes do horário agendado.`,
    /** The small badge of such a post's card, and the text read with it. */
    requiredBadge: 'Sem imagem',
    requiredBadgeHint: (network: string) =>
      `O ${network} só publica posts com imagem: adicione ao menos uma em Editar antes do horário agendado.`,
    /** A post whose media is a video: its card says so instead of "Sem imagem". */
    videoBadge: 'Vídeo',
    /** …and, while that video has no cover yet, this badge and the text read with it. */
    noCoverBadge: 'Sem capa',
    noCoverHint:
      'O vídeo ainda não tem capa: em Editar, escolha um quadro do vídeo ou envie uma imagem de capa.',
    /** A draft is not a post yet: its images are added once it is scheduled. */
    draftHint: `Imagens ou vídeo: depois de agendar, adicione até ${MAX_MEDIA_PER_POST} imagens ou um vídeo a cada post em Posts Agendados (Editar).`,
  },

  errors: {
    title: 'Erro',
    unexpected: 'Ocorreu um erro inesperado.',
    network: 'Não foi possível se comunicar com o servidor. Verifique sua conexão e tente novamente.',
    notFoundTitle: 'Página não encontrada',
    notFound: 'A página que você procura não existe ou foi movida.',
    goHome: 'Voltar ao início',
    boundaryTitle: 'Algo deu errado',
    boundary: 'Ocorreu um erro inesperado ao exibir esta tela. Recarregue a página e tente novamente.',
    reload: 'Recarregar',
    codes: errorMessages,
  },
} as const;

export type Messages = typeof messages;
