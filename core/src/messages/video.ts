/**
 * Why a video was refused, the pt-BR text that names the network and the limit, and the check of a
 * video's facts against Pauta's own limits and a network's rules (docs/media.md "Vídeo").
 */
import { PLATFORM_LABELS, type Platform } from '../constants/platforms.js';
import {
  AUDIO_CODECS,
  VIDEO_CODEC_LABELS,
  VIDEO_CODECS,
  VIDEO_CONTAINER_LABELS,
  VIDEO_CONTAINERS,
  VIDEO_MAX_DURATION_SECONDS,
  VIDEO_UPLOAD_MAX_BYTES,
  type VideoFacts,
  type VideoLimits,
} from '../constants/video.js';
import { formatMediaBytes } from './media.js';

export type VideoRejection =
  /** Not an MP4 or MOV by its content, or no video track in it. */
  | { reason: 'VIDEO_UNSUPPORTED_TYPE' }
  /** The container is fine but the file cannot be read (truncated, damaged). */
  | { reason: 'VIDEO_CORRUPT' }
  | { reason: 'VIDEO_UPLOAD_TOO_LARGE'; limitBytes: number }
  | { reason: 'VIDEO_TOO_LONG_FOR_PAUTA'; maxSeconds: number }
  /** A video codec Pauta does not take at all (VP9, AV1, ProRes…). */
  | { reason: 'VIDEO_CODEC_UNSUPPORTED'; codec: string }
  /** An audio codec Pauta does not take at all (Opus, MP3, PCM…). */
  | { reason: 'AUDIO_CODEC_UNSUPPORTED'; codec: string }
  | { reason: 'VIDEO_CONTAINER_NOT_ACCEPTED'; platform: Platform; kind: string; accepted: string[] }
  | { reason: 'VIDEO_CODEC_NOT_ACCEPTED'; platform: Platform; kind: string; accepted: string[] }
  | { reason: 'VIDEO_TOO_SHORT'; platform: Platform; kind: string; minSeconds: number }
  | { reason: 'VIDEO_TOO_LONG'; platform: Platform; kind: string; maxSeconds: number }
  | { reason: 'VIDEO_TOO_LARGE'; platform: Platform; kind: string; limitBytes: number }
  | {
      reason: 'VIDEO_ASPECT_RATIO';
      platform: Platform;
      kind: string;
      min: string;
      max: string;
    }
  | {
      reason: 'VIDEO_FRAME_RATE';
      platform: Platform;
      kind: string;
      min: number | null;
      max: number | null;
    }
  | { reason: 'VIDEO_TOO_SMALL'; platform: Platform; kind: string; minSide: number }
  | { reason: 'VIDEO_TOO_BIG'; platform: Platform; kind: string; maxSide: number }
  | { reason: 'VIDEO_TOO_WIDE'; platform: Platform; kind: string; maxWidth: number }
  | { reason: 'AUDIO_SAMPLE_RATE'; platform: Platform; kind: string; maxHz: number };

export type VideoRejectionReason = VideoRejection['reason'];

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ou ${items.at(-1)}`;
}

/** "3 segundos", "1 minuto e 30 segundos", "15 minutos", "1 hora". */
export function formatVideoDuration(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts: string[] = [];
  if (h > 0) parts.push(part(h, 'hora', 'horas'));
  if (m > 0) parts.push(part(m, 'minuto', 'minutos'));
  if (s > 0 || parts.length === 0) parts.push(part(s, 'segundo', 'segundos'));
  if (parts.length === 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

/** How a person names a codec Pauta does not take ("VP9", "Opus"); the id itself otherwise. */
const OTHER_CODEC_LABELS: Record<string, string> = {
  vp8: 'VP8',
  vp9: 'VP9',
  av1: 'AV1',
  opus: 'Opus',
  mp3: 'MP3',
  vorbis: 'Vorbis',
  flac: 'FLAC',
  ac3: 'AC-3',
  eac3: 'E-AC-3',
  prores: 'ProRes',
};

function codecLabel(codec: string): string {
  if (codec.startsWith('pcm')) return 'PCM';
  return OTHER_CODEC_LABELS[codec] ?? codec.toUpperCase();
}

function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/** The pt-BR text for a refused video. */
export function videoRejectionMessage(rejection: VideoRejection): string {
  switch (rejection.reason) {
    case 'VIDEO_UNSUPPORTED_TYPE':
      return 'Este arquivo não é um vídeo aceito. Envie um vídeo MP4 ou MOV.';
    case 'VIDEO_CORRUPT':
      return 'Não foi possível ler este vídeo. O arquivo pode estar incompleto ou corrompido.';
    case 'VIDEO_UPLOAD_TOO_LARGE':
      return `O vídeo tem mais de ${formatMediaBytes(rejection.limitBytes)}, o máximo aceito pela Pauta.`;
    case 'VIDEO_TOO_LONG_FOR_PAUTA':
      return `O vídeo tem mais de ${formatVideoDuration(rejection.maxSeconds)}, o máximo aceito pela Pauta.`;
    case 'VIDEO_CODEC_UNSUPPORTED':
      return `A Pauta aceita vídeos em H.264 ou H.265 (HEVC); este está em ${codecLabel(rejection.codec)}. Exporte o vídeo em H.264 e tente de novo.`;
    case 'AUDIO_CODEC_UNSUPPORTED':
      return `A Pauta aceita áudio em AAC; o áudio deste vídeo está em ${codecLabel(rejection.codec)}. Exporte o vídeo com áudio AAC e tente de novo.`;
    case 'VIDEO_CONTAINER_NOT_ACCEPTED':
      return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} só em ${list(rejection.accepted)}.`;
    case 'VIDEO_CODEC_NOT_ACCEPTED':
      return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} em ${list(rejection.accepted)}. Exporte o vídeo de novo e tente outra vez.`;
    case 'VIDEO_TOO_SHORT':
      return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} de pelo menos ${formatVideoDuration(rejection.minSeconds)}.`;
    case 'VIDEO_TOO_LONG':
      return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} de até ${formatVideoDuration(rejection.maxSeconds)}. Corte o vídeo e tente de novo.`;
    case 'VIDEO_TOO_LARGE':
      return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} de até ${formatMediaBytes(rejection.limitBytes)}. Reduza o vídeo e tente de novo.`;
    case 'VIDEO_ASPECT_RATIO':
      return rejection.min === rejection.max
        ? `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} na proporção ${rejection.min}. Recorte o vídeo e tente de novo.`
        : `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} com proporção entre ${rejection.min} (vertical) e ${rejection.max} (${rejection.max === '1:1' ? 'quadrado' : 'horizontal'}). Recorte o vídeo e tente de novo.`;
    case 'VIDEO_FRAME_RATE':
      if (rejection.min !== null && rejection.max !== null)
        return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} de ${rejection.min} a ${rejection.max} quadros por segundo.`;
      if (rejection.max !== null)
        return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} de até ${rejection.max} quadros por segundo.`;
      return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} de pelo menos ${rejection.min} quadros por segundo.`;
    case 'VIDEO_TOO_SMALL':
      return `${PLATFORM_LABELS[rejection.platform]} exige ${rejection.kind} com pelo menos ${rejection.minSide} px de largura e de altura.`;
    case 'VIDEO_TOO_BIG':
      return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} de até ${rejection.maxSide} px de largura e de altura. Reduza a resolução e tente de novo.`;
    case 'VIDEO_TOO_WIDE':
      return `${PLATFORM_LABELS[rejection.platform]} aceita ${rejection.kind} de até ${rejection.maxWidth} px de largura. Reduza a resolução e tente de novo.`;
    case 'AUDIO_SAMPLE_RATE':
      return `${PLATFORM_LABELS[rejection.platform]} aceita áudio de até ${rejection.maxHz / 1000} kHz em ${rejection.kind}. Exporte o vídeo de novo e tente outra vez.`;
  }
}

/** The first of Pauta's own limits the video breaks, or null (checked before any network's). */
export function checkVideoForPauta(facts: VideoFacts): VideoRejection | null {
  if (!isOneOf(VIDEO_CONTAINERS, facts.container)) return { reason: 'VIDEO_UNSUPPORTED_TYPE' };
  if (facts.sizeBytes > VIDEO_UPLOAD_MAX_BYTES)
    return { reason: 'VIDEO_UPLOAD_TOO_LARGE', limitBytes: VIDEO_UPLOAD_MAX_BYTES };
  if (!isOneOf(VIDEO_CODECS, facts.videoCodec))
    return { reason: 'VIDEO_CODEC_UNSUPPORTED', codec: facts.videoCodec };
  if (facts.audio !== null && !isOneOf(AUDIO_CODECS, facts.audio.codec))
    return { reason: 'AUDIO_CODEC_UNSUPPORTED', codec: facts.audio.codec };
  if (facts.durationSeconds > VIDEO_MAX_DURATION_SECONDS)
    return { reason: 'VIDEO_TOO_LONG_FOR_PAUTA', maxSeconds: VIDEO_MAX_DURATION_SECONDS };
  return null;
}

/**
 * Every rule of one network's video post the video breaks, in the order a person fixes them
 * (format first, then length, size, shape, frame rate, audio). Empty when the network takes it.
 */
export function checkVideoForNetwork(
  facts: VideoFacts,
  platform: Platform,
  limits: VideoLimits,
): VideoRejection[] {
  const kind = limits.kind;
  const out: VideoRejection[] = [];
  if (!isOneOf(limits.containers, facts.container))
    out.push({
      reason: 'VIDEO_CONTAINER_NOT_ACCEPTED',
      platform,
      kind,
      accepted: limits.containers.map((c) => VIDEO_CONTAINER_LABELS[c]),
    });
  if (!isOneOf(limits.videoCodecs, facts.videoCodec))
    out.push({
      reason: 'VIDEO_CODEC_NOT_ACCEPTED',
      platform,
      kind,
      accepted: limits.videoCodecs.map((c) => VIDEO_CODEC_LABELS[c]),
    });
  if (facts.durationSeconds < limits.minDurationSeconds)
    out.push({ reason: 'VIDEO_TOO_SHORT', platform, kind, minSeconds: limits.minDurationSeconds });
  if (facts.durationSeconds > limits.maxDurationSeconds)
    out.push({ reason: 'VIDEO_TOO_LONG', platform, kind, maxSeconds: limits.maxDurationSeconds });
  if (facts.sizeBytes > limits.maxBytes)
    out.push({ reason: 'VIDEO_TOO_LARGE', platform, kind, limitBytes: limits.maxBytes });
  if (limits.aspectRatio !== undefined) {
    const ratio = facts.width / facts.height;
    // A pixel of rounding either way: 1080 × 1920 is 9:16 even when encoded as 1088 rows.
    const slack = 1 / Math.min(facts.width, facts.height);
    if (ratio < limits.aspectRatio.min - slack || ratio > limits.aspectRatio.max + slack)
      out.push({
        reason: 'VIDEO_ASPECT_RATIO',
        platform,
        kind,
        min: limits.aspectRatio.minLabel,
        max: limits.aspectRatio.maxLabel,
      });
  }
  if (limits.minSide !== undefined && Math.min(facts.width, facts.height) < limits.minSide)
    out.push({ reason: 'VIDEO_TOO_SMALL', platform, kind, minSide: limits.minSide });
  if (limits.maxSide !== undefined && Math.max(facts.width, facts.height) > limits.maxSide)
    out.push({ reason: 'VIDEO_TOO_BIG', platform, kind, maxSide: limits.maxSide });
  if (limits.maxWidth !== undefined && facts.width > limits.maxWidth)
    out.push({ reason: 'VIDEO_TOO_WIDE', platform, kind, maxWidth: limits.maxWidth });
  // Frame rates are compared with half a frame of tolerance (29.97 is "30").
  const tooSlow = limits.minFrameRate !== undefined && facts.frameRate < limits.minFrameRate - 0.5;
  const tooFast = limits.maxFrameRate !== undefined && facts.frameRate > limits.maxFrameRate + 0.5;
  if (tooSlow || tooFast)
    out.push({
      reason: 'VIDEO_FRAME_RATE',
      platform,
      kind,
      min: limits.minFrameRate ?? null,
      max: limits.maxFrameRate ?? null,
    });
  if (
    facts.audio !== null &&
    limits.maxAudioSampleRate !== undefined &&
    facts.audio.sampleRate > limits.maxAudioSampleRate
  )
    out.push({ reason: 'AUDIO_SAMPLE_RATE', platform, kind, maxHz: limits.maxAudioSampleRate });
  return out;
}
