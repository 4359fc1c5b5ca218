/** pt-BR texts of signed webhooks (docs/webhooks.md): refusals and the Integrações section. */
import { WEBHOOK_MAX_SUBSCRIPTIONS } from '../constants/webhooks.js';

/** Why a webhook address was refused (creation, or at delivery time). */
export type WebhookUrlRefusal =
  | 'INVALID_URL'
  | 'SCHEME'
  | 'CREDENTIALS'
  | 'PRIVATE_ADDRESS'
  | 'UNRESOLVABLE'
  | 'LIMIT_REACHED';

const refusals = {
  INVALID_URL: 'Informe um endereço completo, como https://exemplo.com.br/webhooks.',
  SCHEME: 'O endereço precisa começar com https:// (ou http://).',
  CREDENTIALS: 'O endereço não pode conter usuário ou senha. Use o segredo de assinatura para autenticar.',
  PRIVATE_ADDRESS:
    'Este endereço aponta para uma rede interna (privada, local ou de metadados) e não é permitido. Use um endereço público.',
  UNRESOLVABLE: 'Não foi possível encontrar este endereço. Confira o domínio e tente novamente.',
  LIMIT_REACHED: `Este cliente já tem ${WEBHOOK_MAX_SUBSCRIPTIONS} webhooks. Exclua um para criar outro.`,
} as const satisfies Record<WebhookUrlRefusal, string>;

export function webhookUrlRefusalMessage(reason: WebhookUrlRefusal): string {
  return refusals[reason] ?? refusals.INVALID_URL;
}

/** The Integrações page's "Webhooks" section (client/src/views/integrations/WebhooksSection.tsx). */
export const webhookMessages = {
  title: 'Webhooks',
  intro:
    'A Pauta envia um POST assinado para o seu endereço sempre que um evento escolhido acontece neste cliente. Cada envio traz um webhook-id: use-o para ignorar repetições.',
  docsHint: 'Como verificar a assinatura: veja a seção "Webhooks" do README da Pauta.',
  urlLabel: 'Endereço (URL)',
  urlPlaceholder: 'https://exemplo.com.br/webhooks/pauta',
  urlRequired: 'Informe o endereço do webhook.',
  eventsLabel: 'Eventos',
  eventsRequired: 'Escolha pelo menos um evento.',
  create: 'Criar webhook',
  creating: 'Criando…',
  createError: 'Não foi possível criar o webhook.',
  secretTitle: 'Segredo de assinatura',
  secretOnce:
    'Copie agora: este segredo não será mostrado de novo. Guarde-o no seu sistema para verificar as assinaturas.',
  copy: 'Copiar segredo',
  copied: 'Copiado',
  close: 'Já copiei',
  listTitle: 'Webhooks deste cliente',
  listEmpty: 'Nenhum webhook ainda. Crie o primeiro acima.',
  listError: 'Erro ao carregar os webhooks.',
  loading: 'Carregando…',
  status: { active: 'Ativo', paused: 'Pausado' },
  pausedFailing: (since: string) =>
    `Pausado automaticamente: o endereço falha desde ${since}. Confira o receptor e reative.`,
  pausedOwner: 'Pausado por você: nenhum evento novo é registrado para ele.',
  failingSince: (since: string) => `Falhando desde ${since}`,
  rotationUntil: (until: string) => `O segredo anterior também assina até ${until}.`,
  pause: 'Pausar',
  pausing: 'Pausando…',
  resume: 'Reativar',
  resuming: 'Reativando…',
  rotate: 'Girar segredo',
  rotating: 'Girando…',
  rotateConfirmTitle: 'Girar o segredo deste webhook?',
  rotateConfirm:
    'Um novo segredo será criado. Durante 24 horas as mensagens serão assinadas com o novo e com o anterior, para você atualizar o seu sistema sem perder eventos.',
  rotated: 'Segredo girado. Copie o novo segredo.',
  remove: 'Excluir',
  removing: 'Excluindo…',
  removeConfirmTitle: 'Excluir este webhook?',
  removeConfirm: 'Os envios pendentes e o histórico de entregas deste webhook também serão apagados.',
  removed: 'Webhook excluído.',
  actionError: 'Não foi possível concluir a ação. Tente novamente.',
  cancel: 'Cancelar',
  deliveries: 'Entregas',
  hideDeliveries: 'Ocultar entregas',
  deliveriesEmpty: 'Nenhuma entrega ainda. Os eventos escolhidos aparecem aqui assim que acontecerem.',
  deliveriesError: 'Erro ao carregar as entregas.',
  deliveryStatus: { pending: 'Pendente', delivered: 'Entregue', failed: 'Falhou' },
  attempt: (n: number) => `Tentativa ${n}`,
  noAnswer: 'sem resposta',
  nextAttempt: (at: string) => `Próxima tentativa: ${at}`,
  resend: 'Reenviar',
  resending: 'Reenviando…',
  resent: 'Evento colocado na fila de envio.',
  resendPausedHint: 'O webhook está pausado: o reenvio sai quando ele for reativado.',
  resendLabel: (type: string, at: string) => `Reenviar ${type} de ${at}`,
  deliveriesOf: (url: string) => `Entregas de ${url}`,
  actionsOf: (url: string) => `Ações de ${url}`,
  ownerOnly: 'Só o proprietário deste cliente pode ver e gerenciar os webhooks.',
} as const;
