// One VALID input per tRPC procedure, keyed by its path. The access matrix calls every procedure
// with its sample as anonymous, user and admin; the IDOR part swaps the caller's own ids for
// another user's. A procedure missing here fails the suite: add a sample when you add a procedure
// (`none` for procedures without input). Samples are functions so each call gets fresh values
// (unique emails) and the ids of the rows seeded for the calling user.
import { randomUUID } from 'node:crypto';
import { generateApiToken } from '@pauta/core';
import type { AdminTargets, SeededUser } from './fixtures.js';

export interface SampleContext {
  /** The calling user's own rows (for anonymous calls: the regular user's rows). */
  own: SeededUser;
  /** Rows an administrator may act on. */
  admin: AdminTargets;
}

export type Sample = (ctx: SampleContext) => unknown;

/** For procedures without input. */
export const none: Sample = () => undefined;

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const email = (label: string) => `${label}-${randomUUID().slice(0, 8)}@teste.pauta.dev`;

const themeInput = {
  name: 'Café especial',
  description: 'Dicas de preparo e origem dos grãos',
  toneOfVoice: ['informative'],
  avoidTopics: ['politics'],
  socialNetworks: ['linkedin', 'x'],
  frequency: 'weekly',
  colorPalette: 'blue',
};

export const SAMPLES: Record<string, Sample> = {
  'system.status': none,

  'auth.session': none,
  'auth.adminCheck': none,
  'auth.signUp': () => ({
    email: email('cadastro'),
    password: 'outra frase-senha bem longa',
    firstName: 'Nova',
    lastName: 'Pessoa',
    timezone: 'America/Sao_Paulo',
  }),
  'auth.signIn': ({ own }) => ({ email: own.email, password: own.password, rememberMe: true }),
  // A well-formed callback whose state matches no attempt: 400 OAUTH_FAILED, for every caller.
  'auth.completeOAuth': () => ({ code: 'codigo', state: randomUUID(), timezone: 'America/Sao_Paulo' }),
  'auth.requestPasswordReset': ({ own }) => ({ email: own.email }),
  'auth.checkResetToken': () => ({ token: `${randomUUID()}.${randomUUID()}` }),
  'auth.resetPassword': () => ({
    token: `${randomUUID()}.${randomUUID()}`,
    password: 'nova frase-senha longa',
  }),
  // A well-formed link whose signature does not verify: 400 SIGNIN_LINK_INVALID, for every caller.
  'auth.signInWithLink': () => ({ token: `t1.${'a'.repeat(40)}.${'b'.repeat(43)}` }),
  'auth.signOut': none,
  'auth.setTimeZone': () => ({ timeZone: 'America/Manaus' }),

  'workspaces.list': none,
  'workspaces.create': () => ({ name: `Cliente ${randomUUID().slice(0, 6)}`, color: '#2F9E44' }),

  'dataDeletion.submit': () => ({ reason: 'Quero apagar meus dados', email: email('exclusao') }),
  // A well-formed link that matches no request: 400 DELETION_TOKEN_INVALID, for every caller.
  'dataDeletion.confirm': () => ({ token: `${'a'.repeat(20)}.${'b'.repeat(27)}` }),

  'themes.list': none,
  'themes.get': ({ own }) => ({ id: own.themeId }),
  'themes.create': () => ({ ...themeInput, commemorativeDates: ['black-friday-2026'] }),
  'themes.update': ({ own }) => ({
    ...themeInput,
    id: own.themeId,
    name: 'Café especial (editado)',
    commemorativeDates: ['natal-2030'],
  }),
  'themes.delete': ({ own }) => ({ id: own.themeId }),
  'themes.generateDrafts': ({ own }) => ({ themeId: own.themeId, mode: 'card' }),
  'themes.scheduleDraft': ({ own }) => ({
    themeId: own.themeId,
    title: 'Rascunho revisado',
    content: 'Um texto curto que cabe em qualquer rede.',
    platforms: ['linkedin', 'x'],
    postOrder: 10,
  }),

  'accounts.list': none,
  'accounts.active': none,
  'accounts.disconnect': ({ own }) => ({ id: own.accountId }),
  // An OAuth network has no form: refused before any network call (PLATFORM_NOT_CONFIGURED).
  'accounts.connectForm': () => ({ platform: 'linkedin', fields: { identifier: 'ana', password: 'x' } }),
  'accounts.pendingPages': ({ own }) => ({ pendingId: own.pendingId }),
  'accounts.selectFacebookPage': ({ own }) => ({ pendingId: own.pendingId, pageId: '30000000001' }),
  'accounts.selectInstagramAccount': ({ own }) => ({
    pendingId: own.instagramPendingId,
    accountId: '17841400000000001',
  }),
  // Through the shared picker: an Instagram pending choice is not one of its networks (NOT_FOUND).
  'accounts.selectPendingChoice': ({ own }) => ({
    pendingId: own.instagramPendingId,
    choiceId: '2000000001',
  }),

  'posts.list': ({ own }) => ({
    themeId: own.themeId,
    platform: 'x',
    scheduledFrom: '2020-01-01',
    scheduledTo: '2099-12-31',
    statuses: ['scheduled', 'failed'],
    limit: 20,
  }),
  'posts.calendar': ({ own }) => ({ from: inDays(-10), to: inDays(20), themeId: own.themeId, platform: 'x' }),
  'posts.get': ({ own }) => ({ id: own.postIds.scheduled }),
  'posts.deliveryTimeline': ({ own }) => ({ id: own.postIds.failed }),
  'posts.budget': () => ({ month: '2026-12' }),
  'posts.preflight': ({ own }) => ({
    id: own.postIds.scheduled,
    content: 'Conteúdo na tela',
    scheduledFor: inDays(3),
  }),
  'posts.update': ({ own }) => ({
    id: own.postIds.scheduled,
    title: 'Título editado',
    content: 'Conteúdo editado',
    scheduledFor: inDays(3),
    networkOptions: {},
  }),
  'posts.createVariant': ({ own }) => ({
    id: own.postIds.scheduled,
    platform: 'linkedin',
    title: 'Versão para o LinkedIn',
    content: 'Conteúdo adaptado',
  }),
  // Novo post (docs/composer.md): the caller's theme; the sibling list of one of its posts.
  'posts.compose': ({ own }) => ({
    themeId: own.themeId,
    title: 'Novo post',
    baseContent: 'Texto base para todas as redes',
    networks: [
      { platform: 'linkedin', content: null },
      { platform: 'x', content: 'Texto só do X' },
    ],
    scheduledFor: inDays(3),
    action: 'schedule',
  }),
  'posts.siblings': ({ own }) => ({ id: own.postIds.scheduled }),
  // Posting queue (docs/posting-queue.md): the caller's account; its post to the next slot.
  'posts.addToQueue': ({ own }) => ({ postId: own.postIds.scheduled }),
  'postingQueue.board': none,
  'postingQueue.account': ({ own }) => ({ accountId: own.accountId }),
  'postingQueue.setSlots': ({ own }) => ({ accountId: own.accountId, slots: [{ weekday: 1, minute: 600 }] }),
  'postingQueue.nextSlot': () => ({ platform: 'linkedin' }),
  'postingQueue.addSlot': ({ own }) => ({ accountId: own.accountId, weekday: 1, minute: 600 }),
  'postingQueue.removeSlot': ({ own }) => ({ accountId: own.accountId, weekday: 1, minute: 600 }),
  'postingQueue.slotsFromBestTimes': ({ own }) => ({ accountId: own.accountId }),
  'postingQueue.reorder': ({ own }) => ({ accountId: own.accountId, postIds: [own.postIds.scheduled] }),
  'postingQueue.setTimeZone': () => ({ timeZone: 'America/Sao_Paulo' }),
  'posts.reschedule': ({ own }) => ({ id: own.postIds.scheduled, scheduledFor: inDays(4) }),
  'posts.retry': ({ own }) => ({ id: own.postIds.failed }),
  // Recurring posts (docs/recurring-posts.md): weekly, 3 publications; then stopped.
  'posts.setRecurrence': ({ own }) => ({
    id: own.postIds.scheduled,
    rule: { kind: 'weeks', interval: 1, maxOccurrences: 3, untilDate: null },
  }),
  'posts.stopRecurrence': ({ own }) => ({ id: own.postIds.scheduled }),
  'posts.delete': ({ own }) => ({ id: own.postIds.scheduled }),
  'posts.deleteMany': ({ own }) => ({ ids: [own.postIds.scheduled, own.postIds.failed] }),
  'posts.deleteFiltered': ({ own }) => ({ themeId: own.themeId, statuses: ['failed'] }),
  // Bulk actions (docs/bulk-actions.md): an approve over the seeded posts (outside the workflow:
  // counted as skipped, nothing changes) and another user's ids (counted as not found); the undo of
  // a token of nothing is NOT_FOUND.
  'posts.bulk': ({ own }) => ({
    ids: [own.postIds.scheduled, own.postIds.failed],
    action: { kind: 'approve' },
  }),
  'posts.bulkUndo': () => ({ token: '00000000-0000-4000-8000-000000000b01' }),
  // CSV import and export (docs/csv-import.md). The row names a theme of nobody's: the preview
  // answers 200 with the row's error, the import refuses the file (400) and saves nothing.
  'posts.exportCsv': () => ({}),
  'posts.importCsvPreview': () => ({
    csv: 'título;tema;rede;conta;data;hora;texto;imagem;status\nPost;Tema de ninguém;LinkedIn;;15/01/2027;10:00;Texto;;',
  }),
  'posts.importCsv': () => ({
    csv: 'título;tema;rede;conta;data;hora;texto;imagem;status\nPost;Tema de ninguém;LinkedIn;;15/01/2027;10:00;Texto;;',
  }),

  // The approval board (docs/approval.md). The seeded post's theme does not require approval, so
  // the owner's move is a 409 APPROVAL_NOT_REQUIRED; another user's is NOT_FOUND.
  'approval.board': ({ own }) => ({ themeId: own.themeId }),
  'approval.move': ({ own }) => ({ postId: own.postIds.scheduled, to: 'approved' }),
  'approval.history': ({ own }) => ({ postId: own.postIds.scheduled }),
  'approval.comment': ({ own }) => ({ postId: own.postIds.scheduled, body: 'Revisar a chamada @autor' }),
  // The Cliente member's view (docs/workspaces.md "The Cliente view"). The seeded post does not wait
  // for the client, so the decision is a 404 (not a post of the client's view); a refused role 403.
  'clientView.pending': () => ({ limit: 5 }),
  'clientView.published': () => ({ limit: 5 }),
  'clientView.decide': ({ own }) => ({ postId: own.postIds.scheduled, decision: 'approve' }),
  // The client approval link (docs/approval.md). A period needs no theme with approval; the
  // public procedures answer a token that opens nothing with { state: 'invalid' } (a 200).
  'clientLinks.list': none,
  'clientLinks.create': () => ({
    clientName: 'Ana Cliente',
    from: '2027-01-04',
    to: '2027-01-08',
    validDays: 7,
  }),
  'clientLinks.revoke': () => ({ id: randomUUID() }),
  'clientApproval.view': () => ({ token: 'A'.repeat(43) }),
  'clientApproval.act': ({ own }) => ({
    token: 'A'.repeat(43),
    postId: own.postIds.scheduled,
    decision: 'changes',
    comment: 'Trocar a foto',
  }),
  'media.list': ({ own }) => ({ postId: own.postIds.scheduled }),
  'media.remove': ({ own }) => ({ postId: own.postIds.scheduled, mediaId: randomUUID() }),
  // A composer's uploads (docs/composer.md): ids of no upload change nothing.
  'media.discardComposer': () => ({ ids: [randomUUID()] }),
  // A post without images: an image id that is not the post's answers NOT_FOUND for the owner.
  'media.reorder': ({ own }) => ({ postId: own.postIds.scheduled, order: [randomUUID()] }),
  'media.setAlt': ({ own }) => ({
    postId: own.postIds.scheduled,
    mediaId: randomUUID(),
    altText: 'Uma xícara',
  }),
  // An image id that is not the post's: NOT_FOUND for the owner too (before any AI call).
  'media.suggestAlt': ({ own }) => ({ postId: own.postIds.scheduled, mediaId: randomUUID() }),

  // AI carousels (docs/carousel.md): the post has none, so the owner meets NO_CAROUSEL (or, with no
  // AI key in these tests, AI_NOT_CONFIGURED) before anything is written.
  'carousel.get': ({ own }) => ({ postId: own.postIds.scheduled }),
  'carousel.generate': ({ own }) => ({ postId: own.postIds.scheduled, format: 'portrait' }),
  'carousel.save': ({ own }) => ({
    postId: own.postIds.scheduled,
    expectedVersion: 1,
    format: 'portrait',
    slides: [
      { id: randomUUID(), kind: 'cover', title: 'Capa', body: '' },
      { id: randomUUID(), kind: 'cta', title: 'Siga', body: '' },
    ],
  }),
  'carousel.renderSlide': ({ own }) => ({ postId: own.postIds.scheduled, slideId: randomUUID() }),
  'carousel.use': ({ own }) => ({ postId: own.postIds.scheduled, expectedVersion: 1 }),

  'published.list': ({ own }) => ({ themeId: own.themeId, platform: 'x', limit: 10 }),
  'published.refreshMetrics': none,
  'published.delete': ({ own }) => ({ id: own.publishedId }),

  'live.events': () => ({}),

  'dashboard.summary': none,
  'dashboard.charts': none,

  'reports.list': none,
  'reports.generate': () => ({ periodStart: '2026-10-01', periodEnd: '2026-10-31', note: 'Nota do gestor' }),
  // The scheduled report email (docs/reports.md "Scheduled email"): owner only.
  'reportSchedules.get': none,
  'reportSchedules.set': () => ({ frequency: 'monthly', recipients: ['cliente@exemplo.com.br'] }),
  'reports.createLink': ({ own }) => ({ reportId: own.reportId, validDays: 7 }),
  'reports.revokeLink': () => ({ id: randomUUID() }),
  'reports.delete': () => ({ id: randomUUID() }),
  'reportPage.view': () => ({ token: 'A'.repeat(43) }),

  'bestTime.grid': none,
  'bestTime.suggestions': ({ own }) => ({ postId: own.postIds.scheduled }),

  'admin.stats': none,
  'admin.users.list': () => ({ search: 'teste', page: 1, limit: 20 }),
  'admin.users.setRole': ({ admin }) => ({ userId: admin.userId, role: 'user' }),
  'admin.users.updateProfile': ({ admin }) => ({
    userId: admin.userId,
    firstName: 'Alvo',
    lastName: 'Editado',
    email: email('alvo-editado'),
  }),
  'admin.templates.list': none,
  'admin.templates.create': () => ({
    templateName: `modelo_${randomUUID().slice(0, 8)}`,
    subject: 'Bem-vindo',
    htmlContent: '<p>Olá {{first_name}}</p>',
    variables: { first_name: 'Primeiro nome' },
    isActive: false,
  }),
  'admin.templates.update': ({ admin }) => ({
    id: admin.templateId,
    templateName: `modelo_${randomUUID().slice(0, 8)}`,
    subject: 'Assunto editado',
    htmlContent: '<p>Olá de novo {{first_name}}</p>',
    variables: { first_name: 'Primeiro nome' },
    isActive: false,
  }),
  'admin.templates.delete': ({ admin }) => ({ id: admin.templateId }),
  'admin.outbox.list': () => ({ page: 1 }),
  'admin.logs.list': ({ own }) => ({
    page: 1,
    status: 'error',
    platform: 'x',
    userId: own.id,
    from: '2020-01-01',
  }),
  'admin.settings.list': none,
  'admin.settings.update': () => ({ key: 'max_themes_per_user', value: 10 }),
  'admin.workers.status': none,
  'admin.doctor.run': () => ({ origin: 'http://pauta.test' }),
  'admin.deletionRequests.list': () => ({ status: 'pending' }),
  'admin.deletionRequests.complete': ({ admin }) => ({ id: admin.deletionRequestId }),
  'admin.deletionRequests.reject': ({ admin }) => ({ id: admin.deletionRequestId }),
  // Personal access tokens (issue 28; docs/api.md): the browser makes the token.
  'apiTokens.list': none,
  'apiTokens.create': () => ({
    name: 'Token',
    scopes: ['read'],
    expiresInDays: 30,
    token: generateApiToken(),
  }),
  'apiTokens.revoke': () => ({ id: randomUUID() }),
  // Members and invitations (issue 25; docs/workspaces.md). In the caller's personal workspace the
  // role changes, the transfer and leaving are refused (4xx), which is what the matrix expects.
  'workspaces.members': none,
  'workspaces.invitations': none,
  'workspaces.changeRole': ({ own }) => ({ userId: own.id, role: 'owner' }),
  'workspaces.removeMember': () => ({ userId: randomUUID() }),
  'workspaces.transferOwnership': () => ({ userId: randomUUID() }),
  'workspaces.leave': () => ({}),
  'workspaces.invite': () => ({ email: email('convite'), role: 'editor' }),
  'workspaces.resendInvitation': () => ({ invitationId: 'nao-existe' }),
  'workspaces.revokeInvitation': () => ({ invitationId: 'nao-existe' }),
  'workspaces.previewInvitation': () => ({ token: 'x.y' }),
  'workspaces.acceptInvitation': () => ({ token: 'x.y' }),
  // Branding, deletion and the overview (issue 25). Deleting names a workspace by id (not the
  // header): an unknown one is WORKSPACE_UNAVAILABLE, as another person's is in the IDOR part.
  'workspaceSettings.get': none,
  'workspaceSettings.update': () => ({ name: 'Cliente X' }),
  'workspaceSettings.removeLogo': none,
  'workspaceSettings.delete': () => ({ workspaceId: randomUUID(), confirmName: 'Cliente' }),
  'overview.clientes': none,
  'overview.logos': none,
  // Signed webhooks (issue 28; docs/webhooks.md): a public address literal, so no DNS is needed.
  'webhooks.list': none,
  'webhooks.create': () => ({ url: 'https://93.184.215.14/pauta', events: ['post.published'] }),
  'webhooks.rotateSecret': ({ own }) => ({ id: own.webhookId }),
  'webhooks.setStatus': ({ own }) => ({ id: own.webhookId, status: 'paused' }),
  'webhooks.delete': ({ own }) => ({ id: own.webhookId }),
  'webhooks.deliveries': ({ own }) => ({ subscriptionId: own.webhookId }),
  'webhooks.resend': () => ({ deliveryId: 1 }),
  // Saved snippets (issue 30 item 5; docs/snippets.md): a fresh name each call (names are unique per workspace).
  'snippets.list': none,
  'snippets.create': () => ({
    kind: 'hashtags',
    name: `Grupo ${randomUUID().slice(0, 8)}`,
    text: 'bolo #confeitaria',
  }),
  'snippets.update': ({ own }) => ({
    id: own.snippetId,
    name: `Hashtags ${own.marker}`,
    text: '#bolo #doces',
  }),
  'snippets.delete': ({ own }) => ({ id: own.snippetId }),
  'snippets.reorder': ({ own }) => ({ ids: [own.snippetId] }),
};

export function missingSampleMessage(path: string): string {
  return (
    `O procedimento "${path}" não tem amostra em test/security/samples.ts. ` +
    `Adicione SAMPLES['${path}'] com uma entrada VÁLIDA (ou \`none\` se não houver entrada): ` +
    'a matriz de acesso e o teste de IDOR não podem pular nenhum procedimento.'
  );
}
