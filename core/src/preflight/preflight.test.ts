import { describe, expect, it } from 'vitest';
import { containsLink } from '../text/post-length.js';
import {
  formatUsd,
  type PreflightCheck,
  preflightMessages,
  sortPreflightChecks,
  worstPreflightLevel,
} from './preflight.js';

const check = (kind: PreflightCheck['kind'], level: PreflightCheck['level']): PreflightCheck => ({
  kind,
  level,
  message: `${kind}:${level}`,
});

describe('worstPreflightLevel', () => {
  it('is ok with no checks or only ok ones', () => {
    expect(worstPreflightLevel([])).toBe('ok');
    expect(worstPreflightLevel([check('text', 'ok'), check('price', 'ok')])).toBe('ok');
  });
  it('is the worst level present', () => {
    expect(worstPreflightLevel([check('text', 'ok'), check('price', 'warning')])).toBe('warning');
    expect(
      worstPreflightLevel([check('price', 'warning'), check('text', 'blocking'), check('media', 'ok')]),
    ).toBe('blocking');
  });
});

describe('sortPreflightChecks', () => {
  it('puts blocking first, then warnings, then ok, each in the panel’s kind order', () => {
    const sorted = sortPreflightChecks([
      check('price', 'ok'),
      check('mediaUrl', 'warning'),
      check('text', 'ok'),
      check('options', 'blocking'),
      check('dailyCap', 'warning'),
      check('schedule', 'blocking'),
    ]);
    expect(sorted.map((c) => `${c.kind}:${c.level}`)).toEqual([
      'schedule:blocking',
      'options:blocking',
      'mediaUrl:warning',
      'dailyCap:warning',
      'text:ok',
      'price:ok',
    ]);
  });
});

describe('formatUsd', () => {
  it('writes X’s prices with three decimals, pt-BR comma', () => {
    expect(formatUsd(0.015)).toBe('US$ 0,015');
    expect(formatUsd(0.2)).toBe('US$ 0,200');
    expect(formatUsd(1.5)).toBe('US$ 1,500');
  });
});

describe('containsLink', () => {
  it('finds http(s) and www. links as X counts them', () => {
    expect(containsLink('Veja https://exemplo.com.br/a')).toBe(true);
    expect(containsLink('veja http://exemplo.com')).toBe(true);
    expect(containsLink('acesse www.exemplo.com.br hoje')).toBe(true);
    // Called twice: a global pattern keeps no state between calls.
    expect(containsLink('Veja https://exemplo.com.br/a')).toBe(true);
  });
  it('does not see a link in plain text, an email or a bare word with a dot', () => {
    expect(containsLink('Bom dia, Recife!')).toBe(false);
    expect(containsLink('fale com contato@exemplo.com')).toBe(false);
    expect(containsLink('')).toBe(false);
  });
});

describe('preflightMessages', () => {
  it('name the network and the limit', () => {
    expect(preflightMessages.textOver('x', 281, 280)).toBe(
      'O conteúdo ultrapassa o limite de 280 caracteres do X (Twitter) (281 de 280). Encurte o texto para salvar.',
    );
    expect(preflightMessages.textOk('linkedin', 1200, 3000)).toBe('LinkedIn: 1.200 de 3.000 caracteres.');
    expect(preflightMessages.dailyCap('instagram', 3, 50)).toContain('3 de 50 posts');
    expect(preflightMessages.dailyCapOver('threads', 251, 250)).toContain('acima do limite de 250');
    expect(preflightMessages.mediaUrlPrivate('instagram', 'localhost', '127.0.0.1')).toContain(
      'Instagram baixa as imagens e vídeos pelo endereço da Pauta (localhost)',
    );
    expect(preflightMessages.privateOnly('tiktok', 'TIKTOK_APP_AUDITED')).toContain('TikTok');
    expect(preflightMessages.priceWithLink('x', 0.2, 0.015, 'fonte')).toContain('US$ 0,200');
  });
});
