/**
 * The texts of a post's video in the edit dialog (client PostVideoField; docs/media.md "Vídeo"):
 * the resumable upload's progress, pause and resume, the video's facts and the cover picker.
 */
import { formatVideoDuration } from './video.js';

export const videoFieldMessages = {
  label: 'Vídeo',
  hint: 'Ou um vídeo MP4 ou MOV (H.264 ou H.265), de até 1 GB. Se a conexão cair, o envio continua de onde parou.',
  uploading: (name: string, percent: number) => `Enviando ${name}: ${percent}%`,
  paused: (name: string, percent: number) => `Envio pausado: ${name} (${percent}%)`,
  retrying: 'A conexão caiu: tentando continuar o envio…',
  checking: 'Conferindo o vídeo…',
  pause: 'Pausar',
  resume: 'Continuar',
  cancel: 'Cancelar envio',
  cancelled: 'Envio do vídeo cancelado.',
  uploaded: (name: string) => `Vídeo ${name} enviado.`,
  failed: (name: string, reason: string) => `${name}: ${reason}`,
  onlyOne: 'Envie um vídeo por vez.',
  /** 429 on a new upload (VIDEO_UPLOAD_LIMIT): how long to wait, rounded up to minutes. */
  tooManyUploads: (seconds: number) => {
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    return `Você começou muitos envios de vídeo em pouco tempo. Aguarde ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} e envie de novo.`;
  },
  videoAndImages: 'Um post tem imagens ou um vídeo, não os dois.',
  player: 'Vídeo do post',
  facts: (seconds: number, width: number, height: number) =>
    `${formatVideoDuration(seconds)} · ${width} × ${height} px`,
  remove: 'Remover vídeo',
  removed: 'Vídeo removido.',
  coverTitle: 'Capa',
  coverHint: 'Avance o vídeo até o quadro que quer como capa e use-o, ou envie uma imagem.',
  coverNone: 'Ainda sem capa.',
  coverAt: (seconds: number) => `Capa: quadro em ${seconds.toFixed(1).replace('.', ',')} s`,
  coverImage: 'Capa: imagem enviada',
  coverAlt: 'Capa do vídeo',
  useFrame: 'Usar este quadro',
  savingCover: 'Salvando capa...',
  uploadCover: 'Enviar imagem de capa',
  coverSaved: 'Capa salva.',
  coverFailed: 'Não foi possível salvar a capa. Tente de novo.',
} as const;
