// The report as a PDF (issue 27 item 3, docs/reports.md "PDF"): A4, drawn with pdfkit in the
// server process (no browser): text is real text (selectable, searchable, read by a PDF reader),
// in pt-BR number and date formats; the cadence chart is vector drawing from the same rows the
// web page charts (core cadenceRows). Helvetica is one of PDF's standard fonts (WinAnsi covers
// Portuguese), so nothing is downloaded or read from disk at run time.
import { cadenceRows, formatDate, parseDay } from '@pauta/core';
import PDFDocument from 'pdfkit';
import type { ReportAnalysis } from './analysis.js';
import type { Compared, ReportData, ReportNetwork, ReportPost } from './report-data.js';

const A4_MARGIN = 48;
const INK = '#1f2328';
const MUTED = '#57606a';
const PUBLISHED = '#1c7ed6';
const PLANNED = '#adb5bd';
const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];

const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** '12.345', or '—' when the network gave no figure. */
export function formatCount(value: number | null): string {
  return value === null ? '—' : integer.format(value);
}

/** '3,4%'. */
export function formatPercent(value: number | null): string {
  return value === null ? '—' : `${decimal.format(value)}%`;
}

/** '+12,5%', '-3,0%', or 'sem base de comparação'. */
export function formatChange(value: number | null): string {
  if (value === null) return 'sem base de comparação';
  if (value === 0) return '0,0%';
  // ASCII '-': the standard fonts' WinAnsi encoding has no U+2212 minus sign.
  return `${value > 0 ? '+' : '-'}${decimal.format(Math.abs(value))}%`;
}

/** '01/11/2026 a 30/11/2026'. */
export function formatPeriod(period: { from: string; to: string }): string {
  const show = (day: string) => {
    const d = parseDay(day)!;
    return `${String(d.day).padStart(2, '0')}/${String(d.month).padStart(2, '0')}/${d.year}`;
  };
  return `${show(period.from)} a ${show(period.to)}`;
}

/** The characters of WinAnsi beyond Latin-1 (the standard fonts' encoding; pdfkit maps them). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts can draw: emoji and other characters outside WinAnsi would come out as
 * wrong glyphs ("☕" as "&"), so they are left out (U+2212 becomes '-'), and the spaces they leave
 * are collapsed. Applied to every text that comes from people (names, posts, the note, the AI).
 */
export function drawable(text: string): string {
  let out = '';
  for (const char of text.replace(/\u2212/g, '-')) {
    const code = char.codePointAt(0)!;
    if (
      char === '\n' ||
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.has(char)
    )
      out += char;
  }
  return out
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,;:!?])/g, '$1')
    .trim();
}

function safeColor(color: string | null): string {
  return color !== null && /^#[0-9a-fA-F]{6}$/.test(color) ? color : '#1c7ed6';
}

export interface ReportPdfInput {
  data: ReportData;
  analysis: ReportAnalysis;
  note: string | null;
  /** The client's logo (PNG or JPEG bytes), when the workspace has one. */
  logo?: Buffer | null;
  /** Each best/worst post's thumbnail (JPEG/PNG bytes) by storage key, when it had an image. */
  thumbs?: ReadonlyMap<string, Buffer>;
  generatedAt: Date;
}

export async function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  const { data } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: A4_MARGIN,
    info: {
      Title: `Relatório ${drawable(data.client.name)} — ${formatPeriod(data.period)}`,
      Author: 'Pauta',
      Subject: 'Relatório de resultados nas redes sociais',
    },
    lang: 'pt-BR',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  cover(doc, input);
  doc.addPage();
  summary(doc, input);
  for (const network of data.networks) {
    doc.addPage();
    networkPage(doc, input, network);
  }
  doc.end();
  return done;
}

type Doc = PDFKit.PDFDocument;

function width(doc: Doc): number {
  return doc.page.width - 2 * A4_MARGIN;
}

function heading(doc: Doc, text: string, color: string): void {
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(15).fillColor(color).text(text);
  doc.moveDown(0.3).fillColor(INK);
}

function cover(doc: Doc, input: ReportPdfInput): void {
  const { data } = input;
  const color = safeColor(data.client.color);
  doc.rect(0, 0, doc.page.width, 300).fill(color);
  let y = 90;
  if (input.logo) {
    try {
      doc.image(input.logo, A4_MARGIN, 60, { fit: [96, 96] });
      y = 180;
    } catch {
      // An unreadable logo leaves the cover without it.
    }
  }
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(32)
    .text(drawable(data.client.name), A4_MARGIN, y, { width: width(doc) });
  doc.moveDown(0.3).font('Helvetica').fontSize(16).text('Relatório de resultados nas redes sociais');
  doc.moveDown(0.2).fontSize(13).text(formatPeriod(data.period));
  doc
    .fillColor(MUTED)
    .fontSize(11)
    .text(
      `Comparado com ${formatPeriod(data.previous)} · gerado em ${formatDate(input.generatedAt, data.timeZone)} pela Pauta`,
      A4_MARGIN,
      330,
      { width: width(doc) },
    );
  doc.fillColor(INK);
}

const SUMMARY_CARDS: Array<{
  label: string;
  pick: (d: ReportData) => Compared;
  format: (v: number | null) => string;
}> = [
  { label: 'Posts publicados', pick: (d) => d.summary.published, format: formatCount },
  { label: 'Posts planejados', pick: (d) => d.summary.planned, format: formatCount },
  { label: 'Alcance', pick: (d) => d.summary.reach, format: formatCount },
  { label: 'Engajamento médio', pick: (d) => d.summary.engagement, format: formatPercent },
  { label: 'Novos seguidores', pick: (d) => d.summary.followerGrowth, format: formatCount },
];

function summary(doc: Doc, input: ReportPdfInput): void {
  const { data } = input;
  const color = safeColor(data.client.color);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(color).text('Resumo do período');
  doc
    .font('Helvetica')
    .fontSize(11)
    .fillColor(MUTED)
    .text(`${formatPeriod(data.period)}, comparado com ${formatPeriod(data.previous)}`);
  const top = doc.y + 12;
  const cardW = (width(doc) - 4 * 8) / 5;
  SUMMARY_CARDS.forEach((card, i) => {
    const value = card.pick(data);
    const x = A4_MARGIN + i * (cardW + 8);
    doc.roundedRect(x, top, cardW, 92, 6).lineWidth(0.8).stroke('#d0d7de');
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(card.label, x + 8, top + 8, { width: cardW - 16 });
    doc
      .font('Helvetica-Bold')
      .fontSize(17)
      .fillColor(INK)
      .text(card.format(value.current), x + 8, top + 28, { width: cardW - 16 });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Anterior: ${card.format(value.previous)}`, x + 8, top + 54, { width: cardW - 16 })
      .text(formatChange(value.changePct), { width: cardW - 16 });
  });
  doc.x = A4_MARGIN;
  doc.y = top + 104;

  heading(doc, 'Cadência: publicado × planejado por semana', color);
  cadenceChart(doc, cadenceRows(data.period, data.cadence));

  if (data.bestTimes.some((b) => b.slots.length > 0)) {
    heading(doc, 'Melhores horários (mapa de calor)', color);
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    for (const b of data.bestTimes) {
      const label = data.networks.find((n) => n.platform === b.platform)?.label ?? b.platform;
      const slots = b.slots.map((s) => `${WEEKDAYS[s.weekday]} às ${s.hour}h`).join(', ');
      doc.text(`${label}: ${slots || 'sem dados'} (confiança ${b.confidence})`, { width: width(doc) });
    }
  }

  if (data.approval) {
    heading(doc, 'Aprovação', color);
    const a = data.approval;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(
        `${formatCount(a.approved.current)} posts aprovados (anterior: ${formatCount(a.approved.previous)}). ` +
          `Tempo médio até a aprovação: ${a.averageHours.current === null ? '—' : `${decimal.format(a.averageHours.current)} h`} ` +
          `(anterior: ${a.averageHours.previous === null ? '—' : `${decimal.format(a.averageHours.previous)} h`}; ${formatChange(a.averageHours.changePct)}).`,
        { width: width(doc) },
      );
  }

  heading(doc, input.analysis.source === 'ai' ? 'Análise (escrita pela IA)' : 'Análise automática', color);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(drawable(input.analysis.text), { width: width(doc) });
  if (input.analysis.source === 'ai')
    doc
      .moveDown(0.2)
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        'Texto escrito por inteligência artificial a partir dos números acima; os números são calculados pela Pauta.',
      );

  if (input.note && input.note.trim() !== '') {
    heading(doc, 'Nota da equipe', color);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(drawable(input.note), { width: width(doc) });
  }
}

function cadenceChart(doc: Doc, rows: ReturnType<typeof cadenceRows>): void {
  const chartW = width(doc);
  const chartH = 130;
  if (doc.y + chartH + 40 > doc.page.height - A4_MARGIN) doc.addPage();
  const x0 = A4_MARGIN + 24;
  const y0 = doc.y + 6;
  const max = Math.max(1, ...rows.flatMap((r) => [r.published, r.planned]));
  const plotW = chartW - 24;
  // Axis and three guide lines, labelled in whole posts.
  doc.font('Helvetica').fontSize(7).fillColor(MUTED);
  for (let i = 0; i <= 2; i++) {
    const value = Math.round((max * i) / 2);
    const y = y0 + chartH - (chartH * i) / 2;
    doc
      .moveTo(x0, y)
      .lineTo(x0 + plotW, y)
      .lineWidth(0.4)
      .stroke('#d0d7de');
    doc.text(String(value), A4_MARGIN, y - 4, { width: 20, align: 'right' });
  }
  const slot = plotW / Math.max(1, rows.length);
  const barW = Math.min(18, (slot - 6) / 2);
  rows.forEach((row, i) => {
    const cx = x0 + i * slot + slot / 2;
    const ph = (chartH * row.planned) / max;
    const uh = (chartH * row.published) / max;
    doc.rect(cx - barW - 1, y0 + chartH - ph, barW, ph).fill(PLANNED);
    doc.rect(cx + 1, y0 + chartH - uh, barW, uh).fill(PUBLISHED);
    doc
      .fillColor(MUTED)
      .fontSize(7)
      .text(row.week, cx - slot / 2, y0 + chartH + 4, { width: slot, align: 'center' });
  });
  const legendY = y0 + chartH + 18;
  doc.rect(x0, legendY, 8, 8).fill(PLANNED);
  doc
    .fillColor(INK)
    .fontSize(8)
    .text('Planejados', x0 + 12, legendY, { lineBreak: false });
  doc.rect(x0 + 80, legendY, 8, 8).fill(PUBLISHED);
  doc
    .fillColor(INK)
    .fontSize(8)
    .text('Publicados', x0 + 92, legendY, { lineBreak: false });
  doc.x = A4_MARGIN;
  doc.y = legendY + 16;
}

function networkPage(doc: Doc, input: ReportPdfInput, network: ReportNetwork): void {
  const color = safeColor(input.data.client.color);
  doc.font('Helvetica-Bold').fontSize(22).fillColor(color).text(network.label);
  doc.font('Helvetica').fontSize(11).fillColor(MUTED).text(formatPeriod(input.data.period));
  doc.moveDown(0.6);
  const rows: Array<[string, Compared, (v: number | null) => string]> = [
    ['Posts publicados', network.published, formatCount],
    ['Posts planejados', network.planned, formatCount],
    ['Alcance', network.reach, formatCount],
    ['Curtidas', network.likes, formatCount],
    ['Comentários', network.comments, formatCount],
    ['Engajamento médio', network.engagement, formatPercent],
    ['Novos seguidores', network.followers.growth, formatCount],
  ];
  const cols = [A4_MARGIN, A4_MARGIN + 170, A4_MARGIN + 290, A4_MARGIN + 400];
  doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
  const headY = doc.y;
  for (const [i, h] of ['Indicador', 'Período', 'Anterior', 'Variação'].entries())
    doc.text(h, cols[i]!, headY, { lineBreak: false });
  let y = headY + 16;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  for (const [label, value, format] of rows) {
    doc.text(label, cols[0]!, y, { lineBreak: false });
    doc.text(format(value.current), cols[1]!, y, { lineBreak: false });
    doc.text(format(value.previous), cols[2]!, y, { lineBreak: false });
    doc.text(formatChange(value.changePct), cols[3]!, y, { lineBreak: false });
    y += 16;
  }
  doc.x = A4_MARGIN;
  doc.y = y;
  if (network.followers.end !== null)
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Seguidores no fim do período: ${formatCount(network.followers.end)}`);
  heading(doc, 'Melhores posts', color);
  posts(doc, input, network.best, 'Sem posts com métricas no período.');
  heading(doc, 'Posts com menor resultado', color);
  posts(doc, input, network.worst, 'Poucos posts no período para listar os de menor resultado.');
}

function posts(doc: Doc, input: ReportPdfInput, list: readonly ReportPost[], empty: string): void {
  if (list.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(empty);
    return;
  }
  for (const post of list) {
    if (doc.y > doc.page.height - A4_MARGIN - 90) doc.addPage();
    const top = doc.y;
    const thumb = post.thumbKey ? input.thumbs?.get(post.thumbKey) : undefined;
    let textX = A4_MARGIN;
    if (thumb) {
      try {
        doc.image(thumb, A4_MARGIN, top, { fit: [64, 64] });
        textX = A4_MARGIN + 74;
      } catch {
        // An unreadable image: the post is listed without it.
      }
    }
    const w = width(doc) - (textX - A4_MARGIN);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(drawable(post.title), textX, top, { width: w });
    const content = drawable(post.content);
    const text = content.length > 220 ? `${content.slice(0, 219)}…` : content;
    doc.font('Helvetica').fontSize(9).fillColor(INK).text(text, { width: w });
    doc
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(
        `${formatDate(new Date(post.publishedAt), input.data.timeZone)} · alcance ${formatCount(post.reach)} · ` +
          `${formatCount(post.likes)} curtidas · ${formatCount(post.comments)} comentários · engajamento ${formatPercent(post.engagement)}`,
        { width: w },
      );
    doc.x = A4_MARGIN;
    doc.y = Math.max(doc.y, thumb ? top + 68 : doc.y) + 8;
  }
}
