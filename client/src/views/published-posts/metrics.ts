// Published-post metrics in pt-BR (spec §9): counts compact ('1k', '1,5k', '1M'), engagement with
// one decimal and '%', or 'N/A'. A metric the network has not reported reads 'indisponível', not 0.
import { formatCompactNumber, formatEngagement, messages } from '@pauta/core';

export function formatMetric(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return messages.published.unavailable;
  return formatCompactNumber(value);
}

export function formatEngagementMetric(rate: number | null | undefined): string {
  return formatEngagement(rate);
}
