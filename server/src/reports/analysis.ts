// The report's short pt-BR analysis (docs/reports.md "Análise"). With an AI key, the model gets the
// computed figures and the direction of each change and writes a few sentences WITHOUT numbers: an
// answer holding any digit is thrown away, so every number a client reads is one Pauta computed.
// Without a key, or when the model fails, a local text is written from the same figures. The
// report marks which one it is ("Análise escrita pela IA" / "Análise automática").
//
// Convention (networks/src/sandbox/anthropic.ts reads the same block):
//   <report_request>
//   { "client_name": "…", "trends": { "published": "up", "reach": "down", … }, "best_network": "Instagram", "figures": {…} }
//   </report_request>
import { formatCompactNumber, formatEngagement, reportFormat } from '@pauta/core';
import { z } from 'zod';
import type { AiClient } from '../ai/ai-client.js';
import { askAi } from '../ai/ask.js';
import type { Logger } from '../logger.js';
import type { Compared, ReportData } from './report-data.js';

export interface ReportAnalysis {
  source: 'ai' | 'local';
  text: string;
}

type Trend = 'up' | 'down' | 'flat' | 'unknown';

function trendOf(value: Compared): Trend {
  if (value.current === null || value.previous === null) return 'unknown';
  if (value.current > value.previous) return 'up';
  if (value.current < value.previous) return 'down';
  return 'flat';
}

function bestNetwork(data: ReportData): string | null {
  const ranked = data.networks
    .filter((n) => n.engagement.current !== null)
    .sort((a, b) => (b.engagement.current ?? 0) - (a.engagement.current ?? 0));
  return ranked[0]?.label ?? null;
}

/** ' (+12,5%)' after a figure, nothing when it has no base of comparison. */
const pct = (value: number | null) => (value === null ? '' : ` (${reportFormat.change(value)})`);
/** ' (−0,4 p.p.)' after a rate: its change in percentage points. */
const points = (value: Compared) =>
  value.current === null || value.previous === null
    ? ''
    : ` (${reportFormat.points(value.current, value.previous)})`;

/** The local analysis: from the figures only, plain pt-BR. */
export function localAnalysis(data: ReportData): string {
  const s = data.summary;
  const sentences: string[] = [];
  const published = s.published.current ?? 0;
  const planned = s.planned.current ?? 0;
  sentences.push(
    planned > 0
      ? `Foram publicados ${published} de ${planned} posts planejados no período.`
      : `Foram publicados ${published} posts no período.`,
  );
  if (s.reach.current !== null)
    sentences.push(
      `O alcance somou ${formatCompactNumber(s.reach.current)}${pct(s.reach.changePct)} em relação ao período anterior.`,
    );
  if (s.engagement.current !== null)
    sentences.push(
      `O engajamento médio foi de ${formatEngagement(s.engagement.current)}${points(s.engagement)}.`,
    );
  if (s.followerGrowth.current !== null)
    sentences.push(
      s.followerGrowth.current >= 0
        ? `A base ganhou ${formatCompactNumber(s.followerGrowth.current)} seguidores.`
        : `A base perdeu ${formatCompactNumber(-s.followerGrowth.current)} seguidores.`,
    );
  const best = bestNetwork(data);
  if (best) sentences.push(`A rede com maior engajamento foi o ${best}.`);
  if (published === 0) sentences.push('Sem posts publicados, ainda não há resultados para comparar.');
  return sentences.join(' ');
}

const outputSchema = z.object({ analysis: z.string() });

const SYSTEM_PROMPT =
  'Você é um analista de redes sociais que escreve para agências brasileiras. Escreva em português do Brasil, ' +
  'de três a cinco frases, uma análise do período a partir dos dados fornecidos. NÃO escreva nenhum número, ' +
  'percentual ou data: os números aparecem ao lado do texto no relatório. Fale de tendências (cresceu, caiu, ' +
  'ficou estável) e sugira um próximo passo. Responda em JSON: {"analysis": "…"}.';

export async function writeAnalysis(
  deps: { ai: AiClient | null; logger: Logger },
  data: ReportData,
): Promise<ReportAnalysis> {
  const local = (): ReportAnalysis => ({ source: 'local', text: localAnalysis(data) });
  const client = deps.ai?.anthropic ?? null;
  if (!deps.ai || client === null) return local();
  const s = data.summary;
  const request = {
    client_name: data.client.name,
    trends: {
      published: trendOf(s.published),
      reach: trendOf(s.reach),
      engagement: trendOf(s.engagement),
      followers: trendOf(s.followerGrowth),
    },
    best_network: bestNetwork(data),
    figures: {
      summary: s,
      networks: data.networks.map((n) => ({
        network: n.label,
        published: n.published,
        reach: n.reach,
        engagement: n.engagement,
        follower_growth: n.followers.growth,
      })),
    },
  };
  const answer = await askAi(client, deps.ai, {
    maxTokens: 600,
    system: SYSTEM_PROMPT,
    content: `<report_request>\n${JSON.stringify(request)}\n</report_request>`,
    schema: outputSchema,
  });
  if (!answer.ok) {
    deps.logger.warn({ reason: answer.reason }, 'análise da IA indisponível; texto local');
    return local();
  }
  const parsed = outputSchema.safeParse(answer.output);
  const text = parsed.success ? parsed.data.analysis.trim() : '';
  // A number written by the model is never shown: the whole text is replaced by the local one.
  if (text === '' || /\d/.test(text) || text.length > 2000) {
    deps.logger.warn({ reason: text === '' ? 'malformed' : 'numbers' }, 'análise da IA descartada');
    return local();
  }
  return { source: 'ai', text };
}
