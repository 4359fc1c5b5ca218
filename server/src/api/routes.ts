// The REST API v1's routes (issue 28 item 1; docs/api.md "Como declarar uma rota"). Each route is
// a declaration naming the tRPC procedure it calls: the same input schema, the same service, the
// same workspace permission (the procedure's own workspaceProcedure action) — the REST API and the
// UI cannot drift. `scope` is what the token must hold on top of that permission.
import type { ApiTokenScope } from '@pauta/core';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI style: `/themes/{id}`. */
  path: string;
  /** The tRPC procedure called (appRouter path). */
  procedure: string;
  /** The token scope required; a function when it depends on the input (approving publishes). */
  scope: ApiTokenScope | ((input: Record<string, unknown>) => ApiTokenScope);
  /** The scopes a function `scope` may answer, for the reference. */
  scopes?: readonly ApiTokenScope[];
  /** pt-BR, one line. */
  summary: string;
  description?: string;
  tag:
    | 'Temas'
    | 'Posts'
    | 'Aprovação'
    | 'Contas conectadas'
    | 'Fila de publicação'
    | 'Publicados'
    | 'Melhores horários';
  /** Path parameter → the input field it fills (default: the same name). */
  params?: Record<string, string>;
  /** Input fields the route sets itself (never read from the request). */
  fixed?: Record<string, unknown>;
  /** Success status (default 200). */
  status?: 200 | 201;
}

/**
 * The one route that is not a procedure: an image upload's body is the raw image, not JSON
 * (rest.ts `mediaUploadRoute`, the app's upload pipeline; documented by openapi.ts `mediaOperation`).
 */
export const API_MEDIA_PATH = '/posts/{id}/media';

export const API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/themes',
    procedure: 'themes.list',
    scope: 'read',
    tag: 'Temas',
    summary: 'Lista os temas do cliente, com a contagem de posts agendados e publicados.',
  },
  {
    method: 'post',
    path: '/themes',
    procedure: 'themes.create',
    scope: 'write',
    tag: 'Temas',
    status: 201,
    summary: 'Cria um tema e gera o calendário de posts com a IA.',
  },
  {
    method: 'get',
    path: '/themes/{id}',
    procedure: 'themes.get',
    scope: 'read',
    tag: 'Temas',
    summary: 'Mostra um tema.',
  },
  {
    method: 'put',
    path: '/themes/{id}',
    procedure: 'themes.update',
    scope: 'write',
    tag: 'Temas',
    summary: 'Altera um tema (todos os campos).',
  },
  {
    method: 'delete',
    path: '/themes/{id}',
    procedure: 'themes.delete',
    scope: 'write',
    tag: 'Temas',
    summary: 'Exclui um tema e os seus posts agendados.',
  },
  {
    method: 'post',
    path: '/themes/{themeId}/drafts',
    procedure: 'themes.generateDrafts',
    scope: 'write',
    tag: 'Temas',
    fixed: { mode: 'screen' },
    summary: 'Gera cinco rascunhos de post com a IA para o tema (nada é salvo).',
    description:
      'Os rascunhos voltam na resposta para revisão. Para agendar um deles, envie-o a POST /posts com o seu `post_order` como `postOrder`.',
  },
  {
    method: 'get',
    path: '/posts',
    procedure: 'posts.list',
    scope: 'read',
    tag: 'Posts',
    summary: 'Lista os posts com os mesmos filtros de Posts Agendados, em páginas (cursor).',
    description:
      'Envie `cursor` com o `nextCursor` da página anterior; `nextCursor` nulo indica a última página. `statuses` aceita valores separados por vírgula.',
  },
  {
    method: 'post',
    path: '/posts',
    procedure: 'themes.scheduleDraft',
    scope: 'publish',
    tag: 'Posts',
    status: 201,
    summary: 'Agenda um post (um por rede escolhida) no próximo horário livre do tema.',
  },
  {
    method: 'get',
    path: '/posts/{id}',
    procedure: 'posts.get',
    scope: 'read',
    tag: 'Posts',
    summary: 'Mostra um post.',
  },
  {
    method: 'patch',
    path: '/posts/{id}',
    procedure: 'posts.update',
    scope: 'publish',
    tag: 'Posts',
    summary:
      'Altera título, texto e data de um post (que volta a ser agendado se tinha falhado; um rascunho continua rascunho, a menos que `scheduleDraft` seja true).',
  },
  {
    method: 'post',
    path: '/posts/{id}/reschedule',
    procedure: 'posts.reschedule',
    scope: 'publish',
    tag: 'Posts',
    summary: 'Reagenda um post para outra data e hora.',
  },
  {
    method: 'delete',
    path: '/posts/{id}',
    procedure: 'posts.delete',
    scope: 'write',
    tag: 'Posts',
    summary: 'Exclui um post.',
  },
  {
    method: 'get',
    path: '/approval-board',
    procedure: 'approval.board',
    scope: 'read',
    tag: 'Aprovação',
    summary: 'O quadro de aprovação: os posts de temas que exigem aprovação, por etapa.',
  },
  {
    method: 'post',
    path: '/posts/{postId}/approval',
    procedure: 'approval.move',
    scope: (input) => (input.to === 'approved' ? 'publish' : 'write'),
    scopes: ['write', 'publish'],
    tag: 'Aprovação',
    summary: 'Move um post no quadro de aprovação; mover para "approved" aprova o post.',
    description: 'Mover para `approved` exige a permissão `publish`; as demais etapas, `write`.',
  },
  {
    method: 'get',
    path: '/accounts',
    procedure: 'accounts.list',
    scope: 'read',
    tag: 'Contas conectadas',
    summary: 'Lista as contas conectadas, com a saúde de cada uma.',
  },
  // "Fila de publicação" (docs/posting-queue.md "REST API"): the UI's procedures, the workspace's accounts only.
  {
    method: 'get',
    path: '/queue',
    procedure: 'postingQueue.board',
    scope: 'read',
    tag: 'Fila de publicação',
    summary: 'A fila de publicação de todas as contas: horários semanais, próximos horários e posts na fila.',
    description:
      'Horários em `weekday` (0 = domingo) e `minute` (minuto do dia) no fuso do cliente, `timeZone`.',
  },
  {
    method: 'get',
    path: '/accounts/{accountId}/queue',
    procedure: 'postingQueue.account',
    scope: 'read',
    tag: 'Fila de publicação',
    summary:
      'A fila de uma conta: os seus horários, os próximos horários (com o post de cada um) e a ordem dos posts.',
  },
  {
    method: 'put',
    path: '/accounts/{accountId}/queue/slots',
    procedure: 'postingQueue.setSlots',
    scope: 'write',
    tag: 'Fila de publicação',
    summary: 'Substitui os horários semanais da conta (até 50; a mesma lista de novo não muda nada).',
    description:
      'Os posts que já estão na fila mantêm os seus horários. `weekday` 0 = domingo … 6 = sábado; `minute` 0–1439, no fuso do cliente.',
  },
  {
    method: 'post',
    path: '/posts/{id}/queue',
    procedure: 'posts.addToQueue',
    scope: 'publish',
    tag: 'Fila de publicação',
    params: { id: 'postId' },
    summary: 'Coloca um post no próximo horário livre da fila da conta da sua rede.',
    description:
      'Um post que já está na fila continua no seu horário (`alreadyQueued`). Sem conta conectada, sem horários ou com a fila cheia: 409 com o motivo (`QUEUE_NO_ACCOUNT`, `QUEUE_NO_SLOTS`, `QUEUE_FULL`).',
  },
  {
    method: 'put',
    path: '/accounts/{accountId}/queue/order',
    procedure: 'postingQueue.reorder',
    scope: 'publish',
    tag: 'Fila de publicação',
    summary: 'Reordena os posts na fila da conta: eles trocam de horário nessa ordem, numa só transação.',
    description:
      '`postIds` são todos os posts na fila da conta (`queuedPostIds` de GET /accounts/{accountId}/queue), na nova ordem.',
  },
  {
    method: 'get',
    path: '/published',
    procedure: 'published.list',
    scope: 'read',
    tag: 'Publicados',
    summary: 'Lista os posts publicados com as métricas de cada rede, em páginas (cursor).',
  },
  {
    method: 'get',
    path: '/best-times',
    procedure: 'bestTime.grid',
    scope: 'read',
    tag: 'Melhores horários',
    summary: 'Os melhores horários de cada rede (7 dias × 24 horas), com a confiança.',
  },
];
