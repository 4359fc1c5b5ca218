// Instagram (Graph API) failures and what the owner is told (docs/networks.md, "Error tables").
// Instagram speaks Graph, so Facebook's rows apply where no Instagram-specific row exists.
import { FACEBOOK_ERRORS } from '../facebook/errors.js';
import type { NetworkErrorTable } from '../publishing/errors.js';

export const INSTAGRAM_ERRORS: NetworkErrorTable = [
  {
    key: '9/2207042',
    when: 'code 9, subcode 2207042: 50 posts per 24 h reached',
    message:
      'A conta do Instagram atingiu o limite de 50 publicações em 24 horas. O Pauta tentará de novo automaticamente em uma hora.',
  },
  {
    key: '9004',
    when: '#9004 / 2207052: Instagram could not fetch the media URL',
    message:
      'O Instagram não conseguiu baixar a imagem do post: ela precisa estar num endereço público. Troque a imagem e reagende.',
  },
  {
    key: '36003',
    when: '#36003 / 2207009: image aspect ratio not supported',
    message:
      'O Instagram recusou a proporção da imagem (aceita de 4:5 a 1,91:1). Troque a imagem e reagende.',
  },
  {
    key: '36001',
    when: '#36001 / 2207005: image format or size not supported (Instagram takes JPEG up to 8 MB)',
    message:
      'O Instagram não aceitou o formato da imagem: ele publica apenas JPEG de até 8 MB. Troque a imagem e reagende.',
  },
  {
    key: 'CONTAINER_ERROR',
    when: 'the media container ended in ERROR or EXPIRED',
    message: 'O Instagram não conseguiu processar a imagem do post. Troque a imagem e reagende.',
  },
  {
    key: 'CONTAINER_EXPIRED',
    when: 'the media container expired before it was published',
    message: 'O Instagram descartou a imagem antes da publicação (prazo expirado). Reagende o post.',
  },
  {
    key: 'CONTAINER_IN_PROGRESS',
    when: 'the media container was still IN_PROGRESS after the last status read (nothing was published)',
    message:
      'O Instagram ainda estava processando a mídia do post quando o tempo de espera acabou: nada foi publicado. O Pauta tentará de novo automaticamente.',
  },
  {
    key: 'VIDEO_CONTAINER_ERROR',
    when: 'a Reel container ended in ERROR: Instagram could not fetch or process the video (or its cover)',
    message:
      'O Instagram não conseguiu baixar ou processar o vídeo do Reel. Confira se o vídeo é MP4 ou MOV (H.264 ou HEVC, até 300 MB, de 3 s a 15 min), troque-o se preciso e reagende.',
  },
  {
    key: 'VIDEO_CONTAINER_EXPIRED',
    when: 'a Reel container expired (24 h) before it was published',
    message: 'O Instagram descartou o vídeo do Reel antes da publicação (prazo expirado). Reagende o post.',
  },
  ...FACEBOOK_ERRORS.map((row) => ({
    ...row,
    message: row.message.replaceAll('Facebook', 'Instagram (via Facebook)').replaceAll('Página', 'conta'),
  })),
];
