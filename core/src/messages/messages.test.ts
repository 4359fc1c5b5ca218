import { describe, expect, it } from 'vitest';
import { VIEWS } from '../constants/views.js';
import { messages } from './messages.js';

/** Every string in the catalogue, walking nested objects and arrays (functions are skipped). */
function collectStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) collectStrings(item, out);
  return out;
}

const catalogue = new Set(collectStrings(messages));

// Texts quoted by spec §2, §5 and §8, which must appear verbatim.
const SPEC_TEXTS = [
  'Por favor, preencha todos os campos.',
  'As senhas não conferem.',
  'Por favor, preencha o nome e a descrição do tema.',
  'Selecione pelo menos um tom de voz.',
  'Selecione pelo menos uma rede social.',
  'Você precisa estar logado para criar um tema.',
  'Digite um código hexadecimal (ex: #FF0000)',
  'Campo obrigatório',
  'Por favor, informe o motivo da solicitação de exclusão.',
  'Não há posts para excluir.',
  'Erro no login',
  'Email ou senha incorretos.',
  'Sucesso!',
  'Login realizado com sucesso.',
  'Ocorreu um erro inesperado.',
  'Erro no cadastro',
  'Conta criada com sucesso!',
  'Redirecionando',
  'Erro de Autenticação',
  'Credenciais inválidas. Tente novamente.',
  'Email não confirmado. Verifique sua caixa de entrada.',
  'Erro de configuração. Verifique as URLs de redirecionamento no backend.',
  'Erro inesperado ao tentar fazer login. Tente novamente.',
  'Não foi possível criar o tema. Tente novamente.',
  'Não foi possível atualizar o tema. Tente novamente.',
  'Erro ao excluir tema. Tente novamente.',
  'Tema criado, mas houve um problema ao gerar as sugestões de posts.',
  'Tema criado, mas nenhum post foi gerado.',
  'Tema criado, mas não foi possível gerar sugestões de posts.',
  'Sucesso parcial',
  'Tema criado! Houve um problema com a IA, mas você pode gerar posts posteriormente.',
  'Sucesso! 🤖',
  'Tema atualizado com sucesso!',
  'Post excluído com sucesso.',
  'Data de publicação atualizada com sucesso.',
  'Erro ao carregar posts agendados.',
  'Erro ao excluir post.',
  'Erro ao atualizar data.',
  'Erro ao atualizar post.',
  'Erro ao carregar posts publicados.',
  'Erro ao carregar contas conectadas.',
  'Erro ao desconectar conta.',
  'Erro ao gerar posts com IA',
  'Erro ao agendar post em algumas plataformas',
  'Erro ao agendar post.',
  'Nenhum tema selecionado.',
  'Erro ao carregar usuários',
  'Erro ao atualizar papel do usuário.',
  'Erro ao atualizar perfil.',
  'Erro ao carregar template',
  'Erro ao salvar template',
  'Erro ao excluir template',
  'Erro ao carregar logs de publicação.',
  'Erro ao carregar configuração.',
  'Erro ao salvar configuração.',
  'Erro ao fazer logout. Tente novamente.',
  'Erro ao enviar solicitação. Tente novamente ou entre em contato conosco.',
  'Erro ao salvar conta conectada.',
  'Erro ao processar conexão da conta.',
  'Erro inesperado durante a autenticação.',
  'Erro inesperado ao conectar conta.',
  'Formato de resposta inválido da IA',
  'Acesso Negado: Você não tem permissões de administrador para acessar esta área.',
  'Verificando permissões...',
  'Carregando...',
  'Processando conexão da conta...',
  'Criando...',
  'Salvando...',
  'Entrando...',
  'Criando conta...',
  'Conectando...',
  // Screens and labels (§2).
  'Voltar',
  'Fazer login',
  'Criar conta',
  'Nome',
  'Sobrenome',
  'Confirmar senha',
  'Lembrar de mim',
  'Esqueceu sua senha?',
  'Começar agora',
  'Entrar',
  'Nenhum tema criado',
  'Criar primeiro tema',
  'Gerar 5 Posts',
  'Editar Tema',
  'Excluir Tema',
  'Novo Tema',
  'Editar Post',
  'Filtros',
  'Usado',
  'Editar',
  'Excluir',
  'Cancelar',
  'Conectado',
  'Não conectado',
  'Configuração pendente',
  'Todos os Posts',
  'Posts Agendados',
  'Por Tema',
  'Home',
  'Meus Temas',
  'Posts Publicados',
  'Configurações',
  'Sair',
  'Administração',
  'Painel Administrativo',
  'Logs de Publicação',
  'Gerenciar Usuários',
  'Templates de Email',
  'Contas Conectadas',
  'Privacidade',
  'Exclusão de Dados',
  // Dashboard labels (§9).
  'Excelente performance',
  'Boa performance',
  'Performance regular',
  'Precisa melhorar',
  'Sem dados suficientes',
  'Alcance excepcional',
  'Bom alcance',
  'Alcance moderado',
  'Crescendo',
];

describe('messages catalogue', () => {
  it.each(SPEC_TEXTS)('contains the spec text %j verbatim', (text) => {
    expect(catalogue.has(text)).toBe(true);
  });

  it('has a title and a subtitle for every view, with the spec titles', () => {
    for (const view of VIEWS) {
      expect(messages.views[view].title).not.toBe('');
      expect(messages.views[view].subtitle.length).toBeGreaterThan(10);
    }
    expect(messages.views.create.title).toBe('Criar Novo Tema');
    expect(messages.views.edit.title).toBe('Editar Tema');
    expect(messages.views.themes.title).toBe('Meus Temas');
    expect(messages.views['scheduled-posts'].title).toBe('Posts Agendados');
    expect(messages.views['published-posts'].title).toBe('Posts Publicados');
    expect(messages.views['suggested-posts'].title).toBe('Posts Sugeridos');
    expect(messages.views['connected-accounts'].title).toBe('Contas Conectadas');
    expect(messages.views.settings.title).toBe('Configurações');
    expect(messages.views['privacy-policy'].title).toBe('Política de Privacidade');
    expect(messages.views['data-deletion'].title).toBe('Exclusão de Dados');
    expect(messages.views.admin.title).toBe('Administração');
    expect(messages.views['publishing-logs'].title).toBe('Logs de Publicação');
    expect(messages.views['user-management'].title).toBe('Gerenciar Usuários');
    expect(messages.views['email-templates'].title).toBe('Templates de Email');
    expect(messages.views.dashboard.title).toBe('Dashboard');
  });

  it('has no empty or padded strings', () => {
    for (const text of catalogue) {
      expect(text).toBe(text.trim());
      expect(text).not.toBe('');
    }
  });
});

describe('landing', () => {
  it('has the keys the landing page is built against', () => {
    expect(messages.landing.heroTitle).not.toBe('');
    expect(messages.landing.heroSubtitle).not.toBe('');
    expect(messages.landing.start).toBe('Começar agora');
    expect(messages.landing.login).toBe('Entrar');
    expect(messages.landing.stats.map((s) => s.value)).toEqual(['80%', '3x', '100%']);
    expect(messages.landing.stats.map((s) => s.label)).toEqual([
      'menos tempo',
      'mais engajamento',
      'automatizado',
    ]);
    for (const stat of messages.landing.stats) expect(stat.description).not.toBe('');
    expect(messages.landing.features.length).toBeGreaterThanOrEqual(3);
    for (const feature of messages.landing.features) {
      expect(feature.title).not.toBe('');
      expect(feature.description).not.toBe('');
    }
  });
});

describe('parameterised messages', () => {
  it('names the provider and the platform', () => {
    expect(messages.auth.connectError('LinkedIn')).toBe('Erro ao conectar com LinkedIn.');
    expect(messages.accounts.disconnected('Facebook')).toBe('Conta Facebook desconectada.');
  });

  it('keeps the spec wording of the scheduling and bulk-delete texts', () => {
    expect(messages.posts.scheduledForPlatforms(3)).toBe('Post agendado para 3 plataforma(s)!');
    expect(messages.posts.scheduledForPlatforms(1)).toBe('Post agendado para 1 plataforma(s)!');
    expect(messages.posts.deleteFiltered(12)).toBe('Excluir Posts Filtrados (12)');
    expect(messages.posts.deleteFiltered(0)).toBe('Excluir Posts Filtrados (0)');
  });

  it('says how many posts the AI generated, in correct pt-BR for one', () => {
    expect(messages.posts.postsGenerated(5)).toMatch(/^5 posts foram gerados com IA/);
    expect(messages.posts.postsGenerated(1)).toMatch(/^1 post foi gerado com IA/);
    expect(messages.themes.createdWithPosts(15)).toBe(
      '15 posts foram gerados com IA e agendados automaticamente!',
    );
    expect(messages.themes.createdWithPosts(1)).toBe('1 post foi gerado com IA e agendado automaticamente!');
  });

  it('pluralises counts', () => {
    expect(messages.themes.postsCount(0)).toBe('0 posts');
    expect(messages.themes.postsCount(1)).toBe('1 post');
    expect(messages.themes.postsCount(2)).toBe('2 posts');
    expect(messages.accounts.followers(1)).toBe('1 seguidor');
    expect(messages.posts.deletedMany(4)).toBe('4 posts excluídos com sucesso.');
    expect(messages.themes.moreCount(3)).toBe('+3');
  });

  it('puts the contact address in the last of the 7 privacy sections', () => {
    const sections = messages.privacy.sections('privacidade@pauta.app');
    expect(sections).toHaveLength(7);
    expect(sections[6]?.body).toContain('privacidade@pauta.app');
    for (const section of sections.slice(0, 6)) expect(section.body).not.toContain('privacidade@pauta.app');
  });

  it('names the theme in the delete confirmation and says its posts go too', () => {
    const text = messages.themes.confirmDelete('Marketing');
    expect(text).toContain('"Marketing"');
    expect(text).toContain('posts');
  });
});
