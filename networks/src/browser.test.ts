import { fileURLToPath } from 'node:url';
import { measureXLength, PLATFORMS } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { FEED_CUTS, NETWORK_PROFILES, previewCut, videoPreviewLayout } from './browser.js';

const words = (count: number) => Array.from({ length: count }, (_, i) => `palavra${i}`).join(' ');

describe('previewCut', () => {
  it('never cuts a short text', () => {
    for (const platform of ['x', 'linkedin', 'facebook', 'instagram'] as const) {
      expect(previewCut(platform, 'Olá, mundo!\nSegunda linha')).toEqual({
        visible: 'Olá, mundo!\nSegunda linha',
        hidden: '',
        truncated: false,
        overflow: '',
      });
    }
  });

  it('cuts LinkedIn at about 210 characters, at a word, with the rest hidden', () => {
    const text = words(40);
    const cut = previewCut('linkedin', text);
    expect(cut.truncated).toBe(true);
    expect([...cut.visible].length).toBeLessThanOrEqual(210);
    expect([...cut.visible].length).toBeGreaterThan(180);
    expect(text.startsWith(cut.visible)).toBe(true);
    expect(cut.visible.endsWith(' ')).toBe(false);
    expect(/^palavra\d+$/.test(cut.visible.split(' ').at(-1)!)).toBe(true);
    expect(`${cut.visible}${cut.hidden}`.replace(/\s+/g, ' ')).toBe(text);
  });

  it('cuts LinkedIn after 3 lines and Instagram after 2, whatever the length', () => {
    const text = 'Um\nDois\nTrês\nQuatro';
    expect(previewCut('linkedin', text)).toMatchObject({ visible: 'Um\nDois\nTrês', truncated: true });
    expect(previewCut('instagram', text)).toMatchObject({ visible: 'Um\nDois', truncated: true });
    expect(previewCut('facebook', text).truncated).toBe(false);
    expect(previewCut('facebook', 'a\nb\nc\nd\ne\nf')).toMatchObject({
      visible: 'a\nb\nc\nd\ne',
      truncated: true,
    });
  });

  it('cuts Instagram at about 125 and Facebook at about 480 characters', () => {
    const long = words(100);
    const insta = previewCut('instagram', long);
    expect([...insta.visible].length).toBeLessThanOrEqual(125);
    expect([...insta.visible].length).toBeGreaterThan(100);
    const face = previewCut('facebook', long);
    expect([...face.visible].length).toBeLessThanOrEqual(480);
    expect([...face.visible].length).toBeGreaterThan(450);
    expect(previewCut('facebook', 'a'.repeat(480)).truncated).toBe(false);
    expect(previewCut('facebook', 'a'.repeat(481)).truncated).toBe(true);
  });

  it('shows all of an X post up to 280 weighted characters and marks what lies beyond', () => {
    expect(previewCut('x', 'a'.repeat(280))).toMatchObject({ visible: 'a'.repeat(280), overflow: '' });
    const emoji = '😀'.repeat(150); // 300 weighted
    const cut = previewCut('x', emoji);
    expect(cut.truncated).toBe(false);
    expect(measureXLength(cut.visible)).toBe(280);
    expect(cut.overflow).toBe('😀'.repeat(10));
  });

  it('labels the expander as each network does', () => {
    expect(FEED_CUTS.linkedin.more).toBe('…ver mais');
    expect(FEED_CUTS.facebook.more).toBe('Ver mais');
    expect(FEED_CUTS.instagram.more).toBe('mais');
  });
});

describe('videoPreviewLayout', () => {
  const reel = { width: 1080, height: 1920 };
  const landscape = { width: 1920, height: 1080 };

  it('Instagram: every video as a Reel (9:16 frame with the caption over it), whatever its shape', () => {
    expect(videoPreviewLayout('instagram', reel)).toBe('vertical-overlay');
    expect(videoPreviewLayout('instagram', landscape)).toBe('vertical-overlay');
  });

  it('Facebook: a 9:16 video is a Reel (a pixel of rounding too), a 4:5 or landscape one a feed video', () => {
    expect(videoPreviewLayout('facebook', reel)).toBe('vertical-overlay');
    expect(videoPreviewLayout('facebook', { width: 1081, height: 1920 })).toBe('vertical-overlay');
    expect(videoPreviewLayout('facebook', { width: 1080, height: 1350 })).toBe('feed');
    expect(videoPreviewLayout('facebook', landscape)).toBe('feed');
  });

  it('a network that declares nothing shows video in its feed card (X, LinkedIn)', () => {
    expect(videoPreviewLayout('x', reel)).toBe('feed');
    expect(videoPreviewLayout('linkedin', reel)).toBe('feed');
    for (const platform of PLATFORMS) {
      if (NETWORK_PROFILES[platform].preview.video === undefined)
        expect(videoPreviewLayout(platform, reel)).toBe('feed');
    }
  });
});

describe('the browser entry', () => {
  it('bundles for the browser from core and the networks’ profiles only (no Node, no client)', async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./browser.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    const networks = inputs.filter((input) => input.includes('networks/src/'));
    expect(networks.length).toBeGreaterThan(0);
    for (const input of networks)
      expect(input).toMatch(/networks\/src\/(browser|profile|post-options|[a-z-]+\/profile)\.ts$/);
    // Besides Pauta's own sources, only core's one library (zod) may come in.
    for (const input of inputs) expect(input).toMatch(/^((core|networks)\/src|node_modules\/zod)\//);
  });
});
