/**
 * Why an image was refused (HTTP 4xx of the upload and media procedures, docs/media.md), and the
 * pt-BR text that names the network and the limit.
 */
import { MAX_MEDIA_PER_POST, MEDIA_ALT_TEXT_MAX, MEDIA_UPLOAD_MAX_BYTES } from '../constants/media.js';
import { PLATFORM_LABELS, type Platform } from '../constants/platforms.js';
import { type VideoRejection, videoRejectionMessage } from './video.js';

export type MediaRejection =
  /** Not a JPEG, PNG, WebP or GIF by its content (whatever its name or declared type). */
  | { reason: 'UNSUPPORTED_TYPE' }
  /** The body is larger than Pauta accepts at all. */
  | { reason: 'UPLOAD_TOO_LARGE'; limitBytes: number }
  /** Pauta's own cap: four images per post. */
  | { reason: 'TOO_MANY'; max: number }
  /** The network does not take this format (an animated GIF on Instagram or LinkedIn). */
  | { reason: 'FORMAT_NOT_ACCEPTED'; platform: Platform; format: string; accepted: string[] }
  | { reason: 'TOO_LARGE'; platform: Platform; limitBytes: number }
  | { reason: 'TOO_MANY_FOR_NETWORK'; platform: Platform; max: number }
  /** The network publishes only posts with images (its `minImages`) and the post has none. */
  | { reason: 'IMAGE_REQUIRED'; platform: Platform }
  /** The network publishes only video (its `requiresVideo`: YouTube) and the post has none. */
  | { reason: 'VIDEO_REQUIRED'; platform: Platform }
  | { reason: 'GIF_ALONE'; platform: Platform }
  | { reason: 'TOO_SMALL'; platform: Platform; minWidth: number }
  | { reason: 'ASPECT_RATIO'; platform: Platform; min: string; max: string }
  /** Past Pauta's decoding guard, or past the network's own pixel limit (`platform` then set). */
  | { reason: 'TOO_MANY_PIXELS'; limitPixels: number; platform?: Platform }
  /** The file claims to be an image but cannot be decoded. */
  | { reason: 'CORRUPT' }
  /** The post is being published or was published: its images can no longer change. */
  | { reason: 'NOT_EDITABLE' }
  | { reason: 'ALT_TOO_LONG'; max: number }
  /** A cliente's logo that is not a PNG, JPEG or WebP still image (docs/workspaces.md). */
  | { reason: 'LOGO_FORMAT' }
  /** A video Pauta or the post's network refuses (every rule it breaks, docs/media.md "Vídeo"). */
  | { reason: 'VIDEO_REFUSED'; rejections: VideoRejection[] }
  /** A video on a post that has images. */
  | { reason: 'VIDEO_WITH_IMAGES' }
  /** An image on a post that has a video. */
  | { reason: 'IMAGES_WITH_VIDEO' }
  /** A second video on a post. */
  | { reason: 'ONE_VIDEO' }
  /** The post's network does not publish video through Pauta yet (`capabilities.video` false). */
  | { reason: 'VIDEO_NOT_PUBLISHED'; platform: Platform };

export type MediaRejectionReason = MediaRejection['reason'];

/** "5 MB", "15 MB", "500 KB": sizes as a person reads them (1 MB = 1024 × 1024 bytes). */
export function formatMediaBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) {
    const mb = bytes / (1024 * 1024);
    // One decimal at most, and none when it is zero ("4 MB", not "4,0 MB").
    return `${String(Math.round(mb * 10) / 10).replace('.', ',')} MB`;
  }
  return `${Math.ceil(bytes / 1024)} KB`;
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`;
}

/** The pt-BR text for a refused image. */
export function mediaRejectionMessage(rejection: MediaRejection): string {
  switch (rejection.reason) {
    case 'UNSUPPORTED_TYPE':
      return 'Este arquivo não é uma imagem aceita. Envie uma imagem JPEG, PNG, WebP ou GIF.';
    case 'UPLOAD_TOO_LARGE':
      return `A imagem tem mais de ${formatMediaBytes(rejection.limitBytes)}, o máximo aceito pela Pauta.`;
    case 'TOO_MANY':
      return `Um post pode ter no máximo ${rejection.max} imagens. Remova uma para adicionar outra.`;
    case 'FORMAT_NOT_ACCEPTED':
      return `${PLATFORM_LABELS[rejection.platform]} não aceita imagens ${rejection.format} neste post. Envie ${list(rejection.accepted)}.`;
    case 'TOO_LARGE':
      return `${PLATFORM_LABELS[rejection.platform]} aceita imagens de até ${formatMediaBytes(rejection.limitBytes)}. Reduza a imagem e tente de novo.`;
    case 'TOO_MANY_FOR_NETWORK':
      if (rejection.max === 0)
        return `O ${PLATFORM_LABELS[rejection.platform]} não publica imagens, só vídeo. Adicione um vídeo ao post.`;
      return `${PLATFORM_LABELS[rejection.platform]} aceita no máximo ${rejection.max} ${rejection.max === 1 ? 'imagem' : 'imagens'} por post.`;
    case 'IMAGE_REQUIRED':
      return `O ${PLATFORM_LABELS[rejection.platform]} só publica posts com imagem. Adicione ao menos uma imagem e salve de novo.`;
    case 'VIDEO_REQUIRED':
      return `O ${PLATFORM_LABELS[rejection.platform]} só publica vídeos. Adicione um vídeo ao post e salve de novo.`;
    case 'GIF_ALONE':
      return `No ${PLATFORM_LABELS[rejection.platform]}, um GIF precisa ser a única imagem do post.`;
    case 'TOO_SMALL':
      return `${PLATFORM_LABELS[rejection.platform]} exige imagens com pelo menos ${rejection.minWidth} px de largura.`;
    case 'ASPECT_RATIO':
      return `${PLATFORM_LABELS[rejection.platform]} aceita imagens com proporção entre ${rejection.min} (vertical) e ${rejection.max} (horizontal). Recorte a imagem e tente de novo.`;
    case 'TOO_MANY_PIXELS':
      if (rejection.platform !== undefined)
        return `${PLATFORM_LABELS[rejection.platform]} aceita imagens de até ${Math.floor(rejection.limitPixels / 1_000_000)} megapixels. Reduza a resolução e tente de novo.`;
      return `A imagem tem mais de ${Math.floor(rejection.limitPixels / 1_000_000)} megapixels. Reduza a resolução e tente de novo.`;
    case 'CORRUPT':
      return 'Não foi possível ler esta imagem. O arquivo pode estar corrompido.';
    case 'NOT_EDITABLE':
      return 'Este post já está sendo publicado ou foi publicado: as imagens não podem mais ser alteradas.';
    case 'ALT_TOO_LONG':
      return `O texto alternativo pode ter no máximo ${rejection.max} caracteres.`;
    case 'LOGO_FORMAT':
      return 'O logo precisa ser uma imagem PNG, JPEG ou WebP (sem animação).';
    case 'VIDEO_REFUSED':
      return rejection.rejections.map(videoRejectionMessage).join(' ');
    case 'VIDEO_WITH_IMAGES':
      return 'Um post tem imagens ou um vídeo, não os dois. Remova as imagens para adicionar um vídeo.';
    case 'IMAGES_WITH_VIDEO':
      return 'Este post já tem um vídeo. Remova o vídeo para adicionar imagens.';
    case 'ONE_VIDEO':
      return 'Um post pode ter só um vídeo. Remova o vídeo atual para enviar outro.';
    case 'VIDEO_NOT_PUBLISHED':
      return `${PLATFORM_LABELS[rejection.platform]} ainda não publica vídeo pela Pauta. Remova o vídeo para agendar este post.`;
  }
}

/** Defaults the messages above refer to (kept beside them for the client's hints). */
export const MEDIA_HINT = `Até ${MAX_MEDIA_PER_POST} imagens JPEG, PNG, WebP ou GIF, de até ${formatMediaBytes(MEDIA_UPLOAD_MAX_BYTES)}. Texto alternativo de até ${MEDIA_ALT_TEXT_MAX} caracteres.`;
