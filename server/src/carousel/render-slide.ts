// A carousel slide as a PNG, without a browser (docs/carousel.md): core's layoutSlide decides the
// font sizes and the lines, satori draws them into an SVG (text as paths, with Inter from the
// @fontsource/inter package in the lockfile: nothing is downloaded at run time), resvg rasterises
// it. At most RENDER_SLOTS renders run at once per process, so a burst of slides cannot take the
// web's CPU from every other request.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  type CarouselFormat,
  type CarouselSlide,
  layoutSlide,
  type SlideLayout,
  slideColors,
} from '@pauta/core';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

const require = createRequire(import.meta.url);

type FontWeight = 400 | 700;
interface FontFile {
  name: string;
  data: Buffer;
  weight: FontWeight;
  style: 'normal';
}

let fonts: Promise<FontFile[]> | undefined;

/** Inter regular and bold, Latin and Latin Extended (every pt-BR letter), as WOFF (satori reads no WOFF2). */
function loadFonts(): Promise<FontFile[]> {
  fonts ??= Promise.all(
    (['latin', 'latin-ext'] as const).flatMap((subset) =>
      ([400, 700] as const).map(async (weight) => ({
        name: 'Inter',
        weight,
        style: 'normal' as const,
        data: await readFile(
          require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
        ),
      })),
    ),
  );
  return fonts;
}

const RENDER_SLOTS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withRenderSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RENDER_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export interface SlideRenderInput {
  slide: Pick<CarouselSlide, 'kind' | 'title' | 'body'>;
  index: number;
  total: number;
  format: CarouselFormat;
  /** The theme's colour (a preset id or `#RRGGBB`). */
  themeColor: string | null;
  /** The workspace's logo as a PNG, or null (the workspace's name is written instead). */
  logoPng: Buffer | null;
  workspaceName: string;
}

export interface RenderedSlide {
  png: Buffer;
  width: number;
  height: number;
  layout: SlideLayout;
}

// satori takes React-like elements; plain objects avoid a JSX build step on the server.
interface Node {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown };
}
const el = (
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra: Record<string, unknown> = {},
): Node => ({
  type,
  props: { style: { display: 'flex', ...style }, ...(children === undefined ? {} : { children }), ...extra },
});

function textLines(
  lines: string[],
  fontSize: number,
  lineHeight: number,
  color: string,
  weight: FontWeight,
): Node[] {
  return lines.map((line) =>
    el(
      'div',
      {
        fontSize,
        lineHeight: `${lineHeight}px`,
        height: lineHeight,
        color,
        fontWeight: weight,
        whiteSpace: 'pre',
      },
      line,
    ),
  );
}

function slideTree(input: SlideRenderInput, layout: SlideLayout): Node {
  const colors = slideColors(input.themeColor, input.slide.kind);
  const header = el(
    'div',
    { height: 120, alignItems: 'center', justifyContent: 'space-between', width: '100%' },
    [
      input.logoPng
        ? el('img', { height: 88, maxWidth: 360, objectFit: 'contain' }, undefined, {
            src: `data:image/png;base64,${input.logoPng.toString('base64')}`,
            height: 88,
          })
        : el(
            'div',
            { fontSize: 32, fontWeight: 700, color: colors.accent },
            input.workspaceName.slice(0, 40),
          ),
      el('div', {}),
    ],
  );
  const body = el(
    'div',
    {
      flexDirection: 'column',
      flexGrow: 1,
      justifyContent: input.slide.kind === 'content' ? 'flex-start' : 'center',
      paddingTop: input.slide.kind === 'content' ? 40 : 0,
    },
    [
      ...(input.slide.kind === 'content'
        ? [
            el('div', {
              width: 120,
              height: 16,
              backgroundColor: colors.accent,
              borderRadius: 8,
              marginBottom: 24,
            }),
          ]
        : []),
      el(
        'div',
        { flexDirection: 'column' },
        textLines(layout.title.lines, layout.title.fontSize, layout.title.lineHeight, colors.title, 700),
      ),
      ...(layout.body.lines.length > 0
        ? [
            el(
              'div',
              { flexDirection: 'column', marginTop: 40 },
              textLines(layout.body.lines, layout.body.fontSize, layout.body.lineHeight, colors.body, 400),
            ),
          ]
        : []),
    ],
  );
  const footer = el(
    'div',
    {
      position: 'absolute',
      left: layout.padding,
      right: layout.padding,
      bottom: layout.padding,
      height: 80,
      alignItems: 'flex-end',
      justifyContent: 'space-between',
      fontSize: 32,
      color: colors.body,
    },
    [
      el('div', {}, input.index < input.total - 1 ? 'Arraste para o lado' : ' '),
      el('div', { fontWeight: 700 }, `${input.index + 1}/${input.total}`),
    ],
  );
  return el(
    'div',
    {
      // satori sizes boxes without their padding (content-box).
      width: layout.width - 2 * layout.padding,
      height: layout.height - 2 * layout.padding,
      padding: layout.padding,
      flexDirection: 'column',
      backgroundColor: colors.background,
      fontFamily: 'Inter',
      position: 'relative',
    },
    [header, body, footer],
  );
}

/** Renders one slide to a PNG of the format's size (1080 × 1350 or 1080 × 1080). */
export async function renderSlide(input: SlideRenderInput): Promise<RenderedSlide> {
  const layout = layoutSlide(input.slide, input.format);
  const fontFiles = await loadFonts();
  return withRenderSlot(async () => {
    const svg = await satori(slideTree(input, layout) as Parameters<typeof satori>[0], {
      width: layout.width,
      height: layout.height,
      fonts: fontFiles,
    });
    const png = new Resvg(svg, {
      fitTo: { mode: 'width', value: layout.width },
      font: { loadSystemFonts: false },
    })
      .render()
      .asPng();
    return { png: Buffer.from(png), width: layout.width, height: layout.height, layout };
  });
}
