// `npm run bench:carousel`: rendering carousel slides (satori → SVG, resvg → PNG) in this process,
// as the web does for "Gerar carrossel com IA": a 10-slide carousel in each format, BENCH_RUNS
// times (default 3), one slide at a time. Prints the time per slide (p50/p95; the first render,
// which loads the fonts, is reported apart) and the PNG bytes per slide. No database, no network.
import { CAROUSEL_FORMATS, type SlideKind } from '@pauta/core';
import { renderSlide } from '../../server/src/carousel/render-slide.js';
import { benchEnv } from '../env.js';

const RUNS = Math.min(benchEnv.runs(), 3);
const slides = Array.from({ length: 10 }, (_, i) => ({
  kind: (i === 0 ? 'cover' : i === 9 ? 'cta' : 'content') as SlideKind,
  title:
    i === 0
      ? 'Pão de fermentação natural: o guia para começar em casa'
      : `${i}. Alimente o levain na véspera, com farinha e água`,
  body: 'Ação, atenção e paciência: a massa descansa na geladeira por 12 horas e ganha sabor, crosta dourada e miolo aerado.',
}));

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

const first = performance.now();
await renderSlide({
  slide: slides[0]!,
  index: 0,
  total: 10,
  format: 'portrait',
  themeColor: 'violet',
  logoPng: null,
  workspaceName: 'Padaria',
});
process.stdout.write(`primeiro slide (carrega as fontes): ${(performance.now() - first).toFixed(0)} ms\n`);

for (const format of CAROUSEL_FORMATS) {
  const times: number[] = [];
  const bytes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    for (const [index, slide] of slides.entries()) {
      const started = performance.now();
      const out = await renderSlide({
        slide,
        index,
        total: slides.length,
        format,
        themeColor: 'violet',
        logoPng: null,
        workspaceName: 'Padaria',
      });
      times.push(performance.now() - started);
      bytes.push(out.png.length);
    }
  }
  process.stdout.write(
    `${format}: ${times.length} slides · por slide p50 ${pct(times, 50).toFixed(0)} ms, p95 ${pct(times, 95).toFixed(0)} ms · PNG ${Math.min(...bytes)}–${Math.max(...bytes)} bytes (média ${Math.round(bytes.reduce((a, b) => a + b, 0) / bytes.length)})\n`,
  );
}
