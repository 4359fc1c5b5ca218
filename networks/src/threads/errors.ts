// Threads failures and what the owner is told (docs/networks.md, "Error tables"). Threads answers
// errors as Graph does, so Facebook's rows apply, worded for Threads, where no row of its own exists.
import { FACEBOOK_ERRORS } from '../facebook/errors.js';
import type { NetworkErrorTable } from '../publishing/errors.js';

export const THREADS_ERRORS: NetworkErrorTable = [
  {
    key: '9',
    when: 'code 9: the profile published its 250 posts of the last 24 h through the API',
    message:
      'A conta do Threads atingiu o limite de 250 publicações em 24 horas. O Pauta tentará de novo automaticamente em uma hora.',
  },
  {
    key: '100',
    when: '#100: a parameter Threads refused (the text over 500 characters, more than 5 links, an image URL it cannot read)',
    message:
      'O Threads recusou o post: o texto pode passar de 500 caracteres (cada emoji conta como vários) ou ter mais de 5 links. Revise o texto e reagende.',
  },
  {
    key: '24/4279009',
    when: '24/4279009 "Media Not Found" on threads_publish: the container was not ready; nothing was published',
    message:
      'O Threads ainda não tinha processado o post quando o Pauta pediu a publicação; nada foi publicado. O Pauta tentará de novo automaticamente.',
  },
  {
    key: 'CONTAINER_ERROR',
    when: 'the media container ended in ERROR (the image could not be downloaded or processed)',
    message:
      'O Threads não conseguiu processar a imagem do post (ela precisa estar num endereço público, em JPEG ou PNG de até 8 MB). Troque a imagem e reagende.',
  },
  {
    key: 'CONTAINER_EXPIRED',
    when: 'the media container expired (24 h) before it was published',
    message:
      'O Threads descartou o post preparado antes da publicação (prazo de 24 horas expirado). Reagende o post.',
  },
  ...FACEBOOK_ERRORS.filter((row) => row.key !== '100').map((row) => ({
    ...row,
    message: row.message
      .replaceAll('Facebook', 'Threads')
      .replaceAll('a Página', 'a conta')
      .replaceAll('da Página', 'da conta')
      .replaceAll('na Página', 'na conta')
      .replaceAll('Página', 'conta'),
  })),
];
