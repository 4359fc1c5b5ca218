// pt-BR texts of live updates (docs/live-updates.md): the toasts a worker's change shows in every
// open tab of the post's owner, and the metrics refresh of Posts Publicados.
import { PLATFORM_LABELS, type Platform } from '../constants/platforms.js';

const network = (platform: Platform) => PLATFORM_LABELS[platform];

export const liveMessages = {
  published: (platform: Platform) => `Post publicado no ${network(platform)}`,
  failed: (platform: Platform) => `Falha ao publicar no ${network(platform)}`,
  needsAttention: (platform: Platform) => `Publicação no ${network(platform)} precisa de atenção`,
  missed: (platform: Platform) => `Post não publicado no ${network(platform)}`,
  /** Several results at once (a reconnect after a while offline). */
  summaryTitle: 'Publicações atualizadas',
  summary: (published: number, problems: number) =>
    `${[
      published > 0 ? `${published} ${published === 1 ? 'post publicado' : 'posts publicados'}` : null,
      problems > 0 ? `${problems} ${problems === 1 ? 'post com problema' : 'posts com problema'}` : null,
    ]
      .filter(Boolean)
      .join(' e ')}.`,
  viewPublished: 'Ver em Posts Publicados',
  viewPost: 'Ver o post',
  viewPosts: 'Ver posts',
  refreshMetrics: 'Atualizar métricas',
  refreshMetricsQueued: 'Atualização pedida: as métricas aparecem aqui em instantes.',
  refreshMetricsUnavailable:
    'A fila de publicação está indisponível no momento; as métricas serão lidas na próxima sincronização.',
  refreshMetricsLimited: (seconds: number) =>
    `Você atualizou as métricas há pouco. Tente de novo em ${seconds} s.`,
} as const;
