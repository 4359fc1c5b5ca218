// The images of a report's PDF (docs/reports.md "The PDF"): the client's logo and each best/worst
// post's thumbnail, read from media storage and converted for pdfkit, which draws only PNG and
// JPEG (the thumbnails are WebP, the logo any of the accepted formats). A missing or unreadable
// image is left out (the PDF is drawn without it), never a failed report.
import type { MediaStorage } from '@pauta/db';
import sharp from 'sharp';
import type { Logger } from '../logger.js';
import type { ReportData } from './report-data.js';

/** Thumbnails are drawn at most 72 pt wide: twice that in pixels is plenty. */
const THUMB_PX = 160;
const LOGO_PX = 256;
/** Images read at once. */
const PARALLEL = 4;

type Image = ReturnType<typeof sharp>;

async function readAs(storage: MediaStorage, key: string, convert: (image: Image) => Image): Promise<Buffer> {
  const bytes = await storage.get(key);
  return convert(sharp(bytes, { failOn: 'error', limitInputPixels: 40_000_000 }).rotate()).toBuffer();
}

export async function loadReportImages(
  deps: { storage: MediaStorage; logger: Pick<Logger, 'warn'> },
  data: Pick<ReportData, 'client' | 'networks'>,
): Promise<{ logo: Buffer | null; thumbs: Map<string, Buffer> }> {
  const keys = [
    ...new Set(
      data.networks.flatMap((n) => [...n.best, ...n.worst].flatMap((p) => (p.thumbKey ? [p.thumbKey] : []))),
    ),
  ];
  const thumbs = new Map<string, Buffer>();
  const skipped: string[] = [];
  for (let i = 0; i < keys.length; i += PARALLEL) {
    await Promise.all(
      keys.slice(i, i + PARALLEL).map(async (key) => {
        try {
          const jpeg = await readAs(deps.storage, key, (image) =>
            image
              .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
              .flatten({ background: '#ffffff' })
              .jpeg({ quality: 80 }),
          );
          thumbs.set(key, jpeg);
        } catch {
          skipped.push(key);
        }
      }),
    );
  }
  let logo: Buffer | null = null;
  if (data.client.logoKey) {
    try {
      logo = await readAs(deps.storage, data.client.logoKey, (image) =>
        image.resize(LOGO_PX, LOGO_PX, { fit: 'inside', withoutEnlargement: true }).png(),
      );
    } catch {
      skipped.push(data.client.logoKey);
    }
  }
  if (skipped.length > 0)
    deps.logger.warn(
      { skipped: skipped.length },
      'relatório: imagens ausentes ou ilegíveis ficaram de fora do PDF',
    );
  return { logo, thumbs };
}
