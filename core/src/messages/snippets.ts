/** pt-BR texts of saved snippets (docs/snippets.md): refusals, the "Trechos salvos" page and the insert menu. */
import {
  SNIPPET_HASHTAGS_MAX,
  SNIPPET_NAME_MAX,
  SNIPPET_TEXT_MAX,
  SNIPPETS_MAX_PER_WORKSPACE,
  type SnippetIssue,
  type SnippetKind,
} from '../snippets/snippets.js';

/** The pt-BR text of a refused snippet, naming the hashtag at fault. */
export function snippetRefusalMessage(issue: Partial<SnippetIssue> | null | undefined): string {
  switch (issue?.reason) {
    case 'NAME_REQUIRED':
      return 'Informe um nome para o trecho.';
    case 'NAME_TOO_LONG':
      return `O nome pode ter no máximo ${SNIPPET_NAME_MAX} caracteres.`;
    case 'TEXT_REQUIRED':
      return 'Escreva o texto do trecho.';
    case 'TEXT_TOO_LONG':
      return `O texto pode ter no máximo ${SNIPPET_TEXT_MAX} caracteres.`;
    case 'TAG_INVALID':
      return `A hashtag "${issue.tag ?? ''}" tem um caractere que as redes não aceitam ("${issue.char ?? ''}"). Use só letras, números e _ e separe as hashtags com espaços.`;
    case 'TAG_ONLY_DIGITS':
      return `A hashtag "${issue.tag ?? ''}" tem só números, e as redes não a reconhecem como hashtag. Inclua pelo menos uma letra.`;
    case 'TOO_MANY_TAGS':
      return `Um grupo pode ter no máximo ${SNIPPET_HASHTAGS_MAX} hashtags.`;
    case 'NAME_TAKEN':
      return 'Já existe um trecho com este nome neste cliente. Escolha outro nome.';
    case 'LIMIT_REACHED':
      return `Este cliente já tem ${SNIPPETS_MAX_PER_WORKSPACE} trechos salvos. Exclua um para criar outro.`;
    case 'REORDER_STALE':
      return 'A lista de trechos mudou enquanto você a reordenava. Confira a ordem e tente de novo.';
    default:
      return 'Este trecho não pôde ser salvo. Confira o nome e o texto.';
  }
}

export const SNIPPET_KIND_LABELS = {
  hashtags: 'Grupo de hashtags',
  signature: 'Assinatura',
} as const satisfies Record<SnippetKind, string>;

export const snippetMessages = {
  navLabel: 'Trechos salvos',
  settingsCardDescription: 'Grupos de hashtags e assinaturas para inserir no texto dos posts.',
  kindLabel: 'Tipo',
  kindPlural: { hashtags: 'Grupos de hashtags', signature: 'Assinaturas' } satisfies Record<
    SnippetKind,
    string
  >,
  nameLabel: 'Nome',
  namePlaceholder: { hashtags: 'Ex.: Confeitaria', signature: 'Ex.: Assinatura da loja' } satisfies Record<
    SnippetKind,
    string
  >,
  textLabel: { hashtags: 'Hashtags', signature: 'Texto da assinatura' } satisfies Record<SnippetKind, string>,
  textPlaceholder: {
    hashtags: '#bolo #confeitaria #docescaseiros',
    signature: 'Encomendas pelo WhatsApp (11) 99999-0000 · Rua das Flores, 120',
  } satisfies Record<SnippetKind, string>,
  textHint: {
    hashtags: `Separe as hashtags com espaços; o # é colocado se faltar e as repetidas são removidas. Até ${SNIPPET_HASHTAGS_MAX} hashtags.`,
    signature: 'Entra no fim do texto do post, depois de uma linha em branco.',
  } satisfies Record<SnippetKind, string>,
  normalizedPreview: (text: string) => `Será salvo como: ${text}`,
  tagCount: (n: number) => (n === 1 ? '1 hashtag' : `${n} hashtags`),
  create: 'Criar trecho',
  creating: 'Criando…',
  created: 'Trecho criado.',
  newTitle: 'Novo trecho',
  edit: 'Editar',
  editTitle: 'Editar trecho',
  save: 'Salvar trecho',
  saving: 'Salvando…',
  saved: 'Trecho salvo.',
  cancel: 'Cancelar',
  remove: 'Excluir',
  removing: 'Excluindo…',
  removed: 'Trecho excluído.',
  removeTitle: 'Excluir trecho',
  removeConfirm: (name: string) => `Excluir o trecho "${name}"? Os posts onde ele já foi inserido não mudam.`,
  moveUp: (name: string) => `Mover "${name}" para cima`,
  moveDown: (name: string) => `Mover "${name}" para baixo`,
  editLabel: (name: string) => `Editar "${name}"`,
  removeLabel: (name: string) => `Excluir "${name}"`,
  count: (n: number, max: number) => `${n} de ${max} trechos`,
  loading: 'Carregando trechos…',
  loadError: 'Erro ao carregar os trechos salvos.',
  saveError: 'Não foi possível salvar o trecho.',
  removeError: 'Não foi possível excluir o trecho.',
  reorderError: 'Não foi possível mudar a ordem.',
  retry: 'Tentar novamente',
  emptyTitle: 'Nenhum trecho salvo ainda',
  empty:
    'Crie um grupo de hashtags (como "#bolo #confeitaria") ou uma assinatura (como o seu WhatsApp e endereço) com "Criar trecho". Depois, no "Editar Post", use "Inserir trecho" para colocá-lo no texto com um clique.',
  emptyKind: { hashtags: 'Nenhum grupo de hashtags.', signature: 'Nenhuma assinatura.' } satisfies Record<
    SnippetKind,
    string
  >,
  readOnly:
    'Você pode ver os trechos deste cliente, mas só Proprietários e Editores podem criá-los e alterá-los.',
  // The insert menu of the post's text (Editar Post).
  insert: 'Inserir trecho',
  insertLoading: 'Carregando…',
  insertError: 'Erro ao carregar os trechos.',
  insertEmpty: 'Nenhum trecho salvo neste cliente.',
  insertManage: 'Gerenciar trechos salvos',
  insertCreateFirst: 'Criar o primeiro trecho',
  insertHashtagsHint: 'Entra onde está o cursor',
  insertSignatureHint: 'Entra no fim do texto',
  inserted: (name: string) => `Trecho "${name}" inserido.`,
} as const;
