// The report as a PDF (issue 27 item 3, docs/reports.md "PDF"): A4, drawn with pdfkit in the
// server process (no browser): text is real text (selectable, searchable, read by a PDF reader),
// in pt-BR number and date formats (core's reportFormat, the web page's); the cadence chart is
// vector drawing from the same rows the web page charts (core cadenceRows). The font is DejaVu
// Sans, embedded as a subset (report-fonts.ts), so accents, "−", "→", "•" and most symbols of
// post texts are drawn; characters it has no glyph for (colour emoji) are left out.
import { cadenceRows, formatDate, reportFormat, reportMessages } from '@pauta/core';
import PDFDocument from 'pdfkit';
import type { ReportAnalysis } from './analysis.js';
import type { Compared, ReportData, ReportNetwork, ReportPost } from './report-data.js';
import { REPORT_FONT, reportFonts } from './report-fonts.js';

const A4_MARGIN = 48;
const INK = '#1f2328';
const MUTED = '#57606a';
const PUBLISHED = '#1c7ed6';
const PLANNED = '#adb5bd';
const REGULAR = REPORT_FONT.regular;
const BOLD = REPORT_FONT.bold;

const {
  count: formatCount,
  percent: formatPercent,
  change: formatChange,
  period: formatPeriod,
} = reportFormat;

/** Invisible joiners and selectors of emoji sequences: nothing to draw once the emoji is gone. */
const INVISIBLE = /[\u200d\ufe0e\ufe0f]/g;

/**
 * Text the embedded font can draw: characters it has no glyph for (colour emoji, skin tones, rare
 * scripts) would come out as empty boxes, so they are left out, and the spaces they leave are
 * collapsed. Applied to every text that comes from people (names, posts, the note, the AI).
 */
export function drawable(text: string, face: 'regular' | 'bold' = 'regular'): string {
  const coverage = reportFonts().coverage[face];
  let out = '';
  for (const char of text.replace(INVISIBLE, '')) {
    const code = char.codePointAt(0)!;
    if (char === '\n' || (code >= 0x20 && coverage.hasGlyphForCodePoint(code))) out += char;
  }
  return out
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ +([.,;:!?])/g, '$1')
    .trim();
}

/** A figure's change: a rate (engagement) in percentage points, every other figure in % of itself. */
function changeOf(value: Compared, points: boolean): string {
  return points ? reportFormat.points(value.current, value.previous) : formatChange(value.changePct);
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
      Title: `Relatório ${data.client.name} — ${formatPeriod(data.period)}`,
      Author: 'Pauta',
      Subject: 'Relatório de resultados nas redes sociais',
    },
    lang: 'pt-BR',
    displayTitle: true,
  });
  const fonts = reportFonts();
  doc.registerFont(REGULAR, fonts.regular).registerFont(BOLD, fonts.bold).font(REGULAR);
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

/** '1 curtida', '12 curtidas', '— curtidas'. */
function counted(value: number | null, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

/** The largest size from `size` down to `min` at which `text` fits in `w` on one line. */
function fitSize(doc: Doc, text: string, w: number, size: number, min: number): number {
  let current = size;
  doc.fontSize(current);
  while (current > min && doc.widthOfString(text) > w) {
    current = Math.max(min, current - 0.5);
    doc.fontSize(current);
  }
  return current;
}

function heading(doc: Doc, text: string, color: string): void {
  doc.moveDown(0.6).font(BOLD).fontSize(15).fillColor(color).text(text);
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
    .font(BOLD)
    .fontSize(32)
    .text(drawable(data.client.name, 'bold'), A4_MARGIN, y, { width: width(doc) });
  doc.moveDown(0.3).font(REGULAR).fontSize(16).text('Relatório de resultados nas redes sociais');
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

const figures = reportMessages.figures;
const SUMMARY_CARDS: Array<{
  label: string;
  pick: (d: ReportData) => Compared;
  format: (v: number | null) => string;
  points?: boolean;
}> = [
  { label: figures.published, pick: (d) => d.summary.published, format: formatCount },
  { label: figures.planned, pick: (d) => d.summary.planned, format: formatCount },
  { label: figures.reach, pick: (d) => d.summary.reach, format: formatCount },
  { label: figures.engagement, pick: (d) => d.summary.engagement, format: formatPercent, points: true },
  { label: figures.followerGrowth, pick: (d) => d.summary.followerGrowth, format: formatCount },
];

function summary(doc: Doc, input: ReportPdfInput): void {
  const { data } = input;
  const color = safeColor(data.client.color);
  doc.font(BOLD).fontSize(22).fillColor(color).text('Resumo do período');
  doc
    .font(REGULAR)
    .fontSize(11)
    .fillColor(MUTED)
    .text(`${formatPeriod(data.period)}, comparado com ${formatPeriod(data.previous)}`);
  const top = doc.y + 12;
  const cardW = (width(doc) - 4 * 8) / 5;
  const inner = cardW - 16;
  // Every card's value starts below the tallest label ("Engajamento médio" takes two lines).
  doc.font(REGULAR).fontSize(8.5);
  const labelH = Math.max(...SUMMARY_CARDS.map((c) => doc.heightOfString(c.label, { width: inner })));
  const valueY = top + 10 + labelH + 6;
  const cardH = valueY - top + 22 + 32;
  SUMMARY_CARDS.forEach((card, i) => {
    const value = card.pick(data);
    const x = A4_MARGIN + i * (cardW + 8);
    doc.roundedRect(x, top, cardW, cardH, 6).lineWidth(0.8).stroke('#d0d7de');
    doc
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(card.label, x + 8, top + 10, { width: inner });
    const shown = card.format(value.current);
    doc
      .font(BOLD)
      .fontSize(fitSize(doc, shown, inner, 17, 11))
      .fillColor(INK)
      .text(shown, x + 8, valueY, {
        width: inner,
        lineBreak: false,
      });
    const change = changeOf(value, card.points === true);
    doc
      .font(REGULAR)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Anterior: ${card.format(value.previous)}`, x + 8, valueY + 24, { width: inner })
      .fontSize(fitSize(doc, change, inner, 8, 6.5))
      .text(change, { width: inner, lineBreak: false });
  });
  doc.x = A4_MARGIN;
  doc.y = top + cardH + 12;

  heading(doc, 'Cadência: publicado × planejado por semana', color);
  cadenceChart(doc, cadenceRows(data.period, data.cadence));

  if (data.bestTimes.some((b) => b.slots.length > 0)) {
    heading(doc, reportMessages.bestTimesTitle, color);
    doc.font(REGULAR).fontSize(10).fillColor(INK);
    for (const b of data.bestTimes) {
      const label = data.networks.find((n) => n.platform === b.platform)?.label ?? b.platform;
      const slots = b.slots.length > 0 ? reportFormat.slots(b.slots) : reportMessages.bestTimesNone;
      doc.text(`• ${reportMessages.bestTimesLine(label, slots, reportFormat.confidence(b.confidence))}`, {
        width: width(doc),
      });
    }
  }

  if (data.approval) {
    heading(doc, reportMessages.approvalTitle, color);
    const a = data.approval;
    doc
      .font(REGULAR)
      .fontSize(10)
      .fillColor(INK)
      .text(
        reportMessages.approvalText(
          formatCount(a.approved.current),
          formatCount(a.approved.previous),
          reportFormat.hours(a.averageHours.current),
          reportFormat.hours(a.averageHours.previous),
          formatChange(a.averageHours.changePct),
        ),
        { width: width(doc) },
      );
  }

  heading(doc, input.analysis.source === 'ai' ? 'Análise (escrita pela IA)' : 'Análise automática', color);
  doc
    .font(REGULAR)
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
      .font(REGULAR)
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
  doc.font(REGULAR).fontSize(7).fillColor(MUTED);
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
  doc.font(BOLD).fontSize(22).fillColor(color).text(network.label);
  doc.font(REGULAR).fontSize(11).fillColor(MUTED).text(formatPeriod(input.data.period));
  doc.moveDown(0.6);
  const rows: Array<[string, Compared, (v: number | null) => string, boolean]> = [
    [figures.published, network.published, formatCount, false],
    [figures.planned, network.planned, formatCount, false],
    [figures.reach, network.reach, formatCount, false],
    [figures.likes, network.likes, formatCount, false],
    [figures.comments, network.comments, formatCount, false],
    [figures.engagement, network.engagement, formatPercent, true],
    [figures.followerGrowth, network.followers.growth, formatCount, false],
  ];
  // The label, then three right-aligned columns of figures (period, previous, change).
  const columns: Array<{ x: number; w: number }> = [
    { x: A4_MARGIN, w: 170 },
    { x: A4_MARGIN + 170, w: 100 },
    { x: A4_MARGIN + 280, w: 100 },
    { x: A4_MARGIN + 390, w: width(doc) - 390 },
  ];
  const cell = (text: string, col: number, y: number, size: number) => {
    const { x, w } = columns[col]!;
    doc.fontSize(col === 0 ? size : fitSize(doc, text, w, size, 7));
    doc.text(text, x, y, { width: w, align: col === 0 ? 'left' : 'right', lineBreak: false });
  };
  doc.font(BOLD).fillColor(MUTED);
  const headY = doc.y;
  for (const [i, h] of [
    reportMessages.tableFigure,
    reportMessages.tablePeriod,
    reportMessages.tablePrevious,
    reportMessages.change,
  ].entries())
    cell(h, i, headY, 9);
  let y = headY + 16;
  doc.font(REGULAR).fillColor(INK);
  for (const [label, value, format, points] of rows) {
    cell(label, 0, y, 10);
    cell(format(value.current), 1, y, 10);
    cell(format(value.previous), 2, y, 10);
    cell(changeOf(value, points), 3, y, 10);
    y += 16;
  }
  doc.x = A4_MARGIN;
  doc.y = y;
  if (network.followers.end !== null)
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(`Seguidores no fim do período: ${formatCount(network.followers.end)}`);
  heading(doc, reportMessages.bestPosts, color);
  posts(doc, input, network.best, reportMessages.noBestPosts);
  heading(doc, reportMessages.worstPosts, color);
  posts(doc, input, network.worst, reportMessages.noWorstPosts);
}

function posts(doc: Doc, input: ReportPdfInput, list: readonly ReportPost[], empty: string): void {
  if (list.length === 0) {
    doc.font(REGULAR).fontSize(10).fillColor(MUTED).text(empty);
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
    doc.font(BOLD).fontSize(10).fillColor(INK).text(drawable(post.title, 'bold'), textX, top, { width: w });
    const content = drawable(post.content);
    const text = content.length > 220 ? `${content.slice(0, 219)}…` : content;
    doc.font(REGULAR).fontSize(9).fillColor(INK).text(text, { width: w });
    doc
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(
        `${formatDate(new Date(post.publishedAt), input.data.timeZone)} · alcance ${formatCount(post.reach)} · ` +
          `${counted(post.likes, 'curtida', 'curtidas')} · ${counted(post.comments, 'comentário', 'comentários')} · engajamento ${formatPercent(post.engagement)}`,
        { width: w },
      );
    doc.x = A4_MARGIN;
    doc.y = Math.max(doc.y, thumb ? top + 68 : doc.y) + 8;
  }
}
