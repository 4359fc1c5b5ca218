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
