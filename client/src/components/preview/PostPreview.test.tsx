import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { messages, PLATFORMS } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '../../test-utils/render';
import { PostPreview } from './PostPreview';
import { initialsOf } from './PreviewAvatar';
import { formatClock } from './PreviewVideo';

const images = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ url: `/img-${i + 1}.png`, alt: `Foto ${i + 1}` }));
const long = `Começo do post. ${'palavra '.repeat(80)}fim`;

function figure(network: string) {
  return screen.getByRole('figure', { name: messages.preview.label(network) });
}

describe('PostPreview', () => {
  it('cuts Facebook with "Ver mais" and Instagram with "mais" after the account name', () => {
    render(
      <>
        <PostPreview platform="facebook" text={long} />
        <PostPreview
          platform="instagram"
          text={long}
          account={{ name: 'Ana', username: 'ana.souza', pageName: null, avatarUrl: null }}
        />
      </>,
    );
    const facebook = within(figure('Facebook')).getByTestId('post-preview');
    expect(within(facebook).getByRole('button', { name: 'Ver mais' })).toBeTruthy();
    expect([...facebook.textContent!.replace(/… Ver mais$/, '')].length).toBeLessThanOrEqual(480);
    const instagram = within(figure('Instagram')).getByTestId('post-preview');
    expect(instagram.textContent!.startsWith('ana.souza Começo do post.')).toBe(true);
    expect(within(instagram).getByRole('button', { name: 'mais' })).toBeTruthy();
    const caption = instagram.textContent!.replace(/^ana\.souza /, '').replace(/… mais$/, '');
    expect([...caption].length).toBeLessThanOrEqual(125);
  });

  it('keeps line breaks and never cuts a short X post', () => {
    render(<PostPreview platform="x" text={'Linha 1\nLinha 2 #tag'} />);
    const text = within(figure('X (Twitter)')).getByTestId('post-preview');
    expect(text.textContent).toBe('Linha 1\nLinha 2 #tag');
    expect(within(text).queryByRole('button')).toBeNull();
  });

  it('Threads: the whole post under the @username (shown once), what passes 500 highlighted', () => {
    render(
      <PostPreview
        platform="threads"
        text={`${'a'.repeat(498)}😀`}
        account={{ username: 'anasouza', name: 'Ana Souza', pageName: null, avatarUrl: null }}
      />,
    );
    const shown = within(figure('Threads'));
    expect(shown.getAllByText(/anasouza/)).toHaveLength(1);
    // 498 + an emoji's 4 bytes = 502: the emoji passes Threads' 500.
    expect(shown.getByTestId('post-preview').querySelector('mark')?.textContent).toBe('😀');
  });

  it('LinkedIn (Página): the company’s name and its followers head the post, cut at LinkedIn’s "…ver mais"', () => {
    render(
      <PostPreview
        platform="linkedin_page"
        text={`Novidade na padaria.\n${'Pão de fermentação natural. '.repeat(12)}`}
        account={{ username: null, name: null, pageName: 'Padaria da Ana', avatarUrl: null, followers: 1234 }}
      />,
    );
    const shown = within(figure('LinkedIn (Página)'));
    expect(shown.getByText('Padaria da Ana')).toBeTruthy();
    expect(shown.getByText('1.234 seguidores')).toBeTruthy();
    expect(shown.getByRole('button', { name: /ver mais/ })).toBeTruthy();
    // The member's own LinkedIn shows no follower line.
    render(
      <PostPreview
        platform="linkedin"
        text="Olá"
        account={{ username: null, name: 'Ana Souza', pageName: null, avatarUrl: null, followers: 99 }}
      />,
    );
    expect(within(figure('LinkedIn')).queryByText(/seguidores/)).toBeNull();
  });

  it('Bluesky: the name and the @handle, the whole post, graphemes past 300 highlighted', () => {
    render(
      <PostPreview
        platform="bluesky"
        text={`${'👍🏽'.repeat(300)}🇧🇷`}
        account={{ username: 'anasouza.bsky.social', name: 'Ana Souza', pageName: null, avatarUrl: null }}
      />,
    );
    const shown = within(figure('Bluesky'));
    expect(shown.getByText('Ana Souza')).toBeTruthy();
    expect(shown.getByText('@anasouza.bsky.social')).toBeTruthy();
    // 300 thumbs with a skin tone are 300 graphemes: only the flag passes Bluesky's limit.
    expect(shown.getByTestId('post-preview').querySelector('mark')?.textContent).toBe('🇧🇷');
  });

  it('Google Meu Negócio: the business’s name heads the Novidade, its photo, the text cut at about 4 lines with "Mais"', () => {
    render(
      <PostPreview
        platform="google_business"
        text={long}
        images={images(1)}
        account={{ username: 'Padaria da Ana', name: null, pageName: 'Padaria da Ana', avatarUrl: null }}
      />,
    );
    const shown = within(figure('Google Meu Negócio'));
    expect(shown.getByText('Padaria da Ana')).toBeTruthy();
    expect(shown.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Foto 1']);
    const text = shown.getByTestId('post-preview');
    expect(within(text).getByRole('button', { name: /Mais/ })).toBeTruthy();
    expect([...text.textContent!.replace(/… ?Mais$/, '')].length).toBeLessThanOrEqual(281);
    // Its button and Google's share under it, not Facebook's reactions.
    expect(shown.getByText('Saiba mais')).toBeTruthy();
    expect(shown.queryByText('Curtir')).toBeNull();
  });

  it.each([1, 2, 3, 4])('lays out %i image(s) in each network, with their alt texts', (count) => {
    render(
      <div>
        {(['x', 'linkedin', 'facebook', 'instagram'] as const).map((platform) => (
          <PostPreview key={platform} platform={platform} text="Com imagens" images={images(count)} />
        ))}
      </div>,
    );
    for (const network of ['X (Twitter)', 'LinkedIn', 'Facebook']) {
      const shown = within(figure(network)).getAllByRole('img');
      expect(shown.map((img) => img.getAttribute('alt'))).toEqual(images(count).map((i) => i.alt));
      expect(shown[0]!.parentElement!.getAttribute('data-count')).toBe(String(count));
    }
    // Instagram: a carousel showing the first, with "1/N" when there are more.
    const insta = within(figure('Instagram')).getAllByRole('img');
    expect(insta.map((img) => img.getAttribute('alt'))).toEqual(['Foto 1']);
    if (count > 1) expect(within(figure('Instagram')).getByText(`1/${count}`)).toBeTruthy();
  });

  it('says Instagram needs an image when there is none', () => {
    render(<PostPreview platform="instagram" text="Só texto" />);
    expect(within(figure('Instagram')).getByText(messages.preview.instagramNeedsImage)).toBeTruthy();
  });

  it("shows the account's photo, and its initials when the photo does not load", () => {
    render(
      <PostPreview
        platform="linkedin"
        text="Olá"
        account={{
          name: 'Ana Souza',
          username: 'ana',
          pageName: null,
          avatarUrl: 'https://cdn.example/ana.jpg',
        }}
      />,
    );
    const photo = figure('LinkedIn').querySelector('img')!;
    expect(photo.getAttribute('src')).toBe('https://cdn.example/ana.jpg');
    fireEvent.error(photo);
    expect(within(figure('LinkedIn')).getByText('AS')).toBeTruthy();
    expect(within(figure('LinkedIn')).getByText('Ana Souza')).toBeTruthy();
  });

  it('makes initials of up to two words', () => {
    expect(initialsOf('Ana Souza Lima')).toBe('AS');
    expect(initialsOf('édson')).toBe('É');
    expect(initialsOf('  ')).toBe('?');
  });
});

const vertical = {
  url: '/media/v.mp4?sig=1',
  coverUrl: '/media/capa.jpg?sig=1',
  durationSeconds: 20,
  width: 1080,
  height: 1920,
};
const wide = { ...vertical, width: 1920, height: 1080, durationSeconds: 95 };

describe('PostPreview with a video', () => {
  it('Instagram: a Reel — the 9:16 frame with the cover, 0:20, the account and the cut caption over it', () => {
    render(
      <PostPreview
        platform="instagram"
        text={long}
        video={vertical}
        account={{ name: 'Ana', username: 'ana.souza', pageName: null, avatarUrl: null }}
      />,
    );
    const shown = within(figure('Instagram'));
    const frame = shown.getByTestId('preview-video');
    expect(frame.getAttribute('data-layout')).toBe('vertical-overlay');
    // A player showing the cover, named for screen readers.
    const player = shown.getByLabelText('Vídeo do post, com a capa escolhida') as HTMLVideoElement;
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('poster')).toBe('/media/capa.jpg?sig=1');
    expect(player.getAttribute('src')).toBe('/media/v.mp4?sig=1');
    expect(player.hasAttribute('controls')).toBe(true);
    // "0:20" on screen, read as the whole duration.
    const badge = shown.getByTestId('preview-video-duration');
    expect(badge.textContent).toBe('0:20Duração: 20 segundos');
    expect(within(frame).getByText('ana.souza')).toBeTruthy();
    // The caption over the frame, cut where Instagram cuts it, with its "mais".
    const caption = within(frame).getByTestId('post-preview');
    expect(within(caption).getByRole('button', { name: 'mais' })).toBeTruthy();
    expect([...caption.textContent!.replace(/… mais$/, '')].length).toBeLessThanOrEqual(125);
    // Not the photo post: no "needs an image" placeholder, no square carousel.
    expect(shown.queryByText(messages.preview.instagramNeedsImage)).toBeNull();
  });

  it('Instagram shows a landscape video in the same 9:16 frame (every Instagram video is a Reel)', () => {
    render(<PostPreview platform="instagram" text="Oi" video={wide} />);
    const frame = within(figure('Instagram')).getByTestId('preview-video');
    expect(frame.getAttribute('data-layout')).toBe('vertical-overlay');
    expect(within(frame).getByText('1:35')).toBeTruthy();
  });

  it('Facebook: a 9:16 video is a Reel, a landscape one a video in the feed card', () => {
    render(<PostPreview platform="facebook" text="Reel" video={vertical} />);
    expect(within(figure('Facebook')).getByTestId('preview-video').getAttribute('data-layout')).toBe(
      'vertical-overlay',
    );
  });

  it('Facebook, X and LinkedIn: a landscape video in the feed card at its aspect ratio, under the text', () => {
    render(
      <div>
        {(['facebook', 'x', 'linkedin'] as const).map((platform) => (
          <PostPreview key={platform} platform={platform} text="Nosso café" video={wide} />
        ))}
      </div>,
    );
    for (const network of ['Facebook', 'X (Twitter)', 'LinkedIn']) {
      const shown = within(figure(network));
      const frame = shown.getByTestId('preview-video');
      expect(frame.getAttribute('data-layout')).toBe('feed');
      expect(Number(frame.style.getPropertyValue('--pv-video-ratio'))).toBeCloseTo(16 / 9, 3);
      expect(shown.getByText('1:35')).toBeTruthy();
      expect(shown.getByText('Nosso café')).toBeTruthy();
      expect(shown.getByLabelText(messages.preview.video(true)).tagName).toBe('VIDEO');
    }
  });

  it('X: a vertical video in the feed is kept at 4:5 at most (letterboxed), not a Reel', () => {
    render(<PostPreview platform="x" text="Vertical" video={vertical} />);
    const frame = within(figure('X (Twitter)')).getByTestId('preview-video');
    expect(frame.getAttribute('data-layout')).toBe('feed');
    expect(Number(frame.style.getPropertyValue('--pv-video-ratio'))).toBeCloseTo(0.8, 3);
  });

  it('without a cover, the first frame of the video itself: a muted inline player (preload=metadata, controls), named', () => {
    render(<PostPreview platform="linkedin" text="Sem capa" video={{ ...wide, coverUrl: null }} />);
    const element = within(figure('LinkedIn')).getByLabelText(
      messages.preview.video(false),
    ) as HTMLVideoElement;
    expect(element.tagName).toBe('VIDEO');
    expect(element.getAttribute('src')).toBe('/media/v.mp4?sig=1#t=0.001');
    expect(element.hasAttribute('poster')).toBe(false);
    expect(element.getAttribute('preload')).toBe('metadata');
    expect(element.hasAttribute('controls')).toBe(true);
    expect(element.hasAttribute('playsinline')).toBe(true);
    expect(element.muted).toBe(true);
  });

  it('the play icon and the badge step aside while it plays (the player shows its own time)', () => {
    render(<PostPreview platform="x" text="Play" video={wide} />);
    const shown = within(figure('X (Twitter)'));
    fireEvent.play(shown.getByLabelText(messages.preview.video(true)));
    expect(shown.queryByTestId('preview-video-duration')).toBeNull();
    fireEvent.pause(shown.getByLabelText(messages.preview.video(true)));
    expect(shown.getByTestId('preview-video-duration').textContent).toBe(
      '1:35Duração: 1 minuto e 35 segundos',
    );
  });

  it('a video whose facts are unknown (a picked file): no badge, the feed card at 16:9, then the metadata decides', () => {
    const picked = { url: 'blob:local/1', coverUrl: null, durationSeconds: null, width: null, height: null };
    render(<PostPreview platform="facebook" text="Recém-escolhido" video={picked} />);
    const shown = within(figure('Facebook'));
    expect(shown.getByTestId('preview-video').getAttribute('data-layout')).toBe('feed');
    expect(Number(shown.getByTestId('preview-video').style.getPropertyValue('--pv-video-ratio'))).toBeCloseTo(
      16 / 9,
      3,
    );
    expect(shown.queryByTestId('preview-video-duration')).toBeNull();
    // The browser reads a vertical 12-second video: Facebook shows it as a Reel, with "0:12".
    loadMetadata(shown.getByLabelText(messages.preview.video(false)), {
      width: 720,
      height: 1280,
      duration: 12.2,
    });
    expect(shown.getByTestId('preview-video').getAttribute('data-layout')).toBe('vertical-overlay');
    expect(shown.getByTestId('preview-video-duration').textContent).toBe('0:12Duração: 12 segundos');
  });

  it('images are not drawn beside a video, and a post without a video is unchanged', () => {
    render(<PostPreview platform="x" text="Só imagens" images={images(2)} />);
    expect(within(figure('X (Twitter)')).queryByTestId('preview-video')).toBeNull();
    expect(within(figure('X (Twitter)')).getAllByRole('img')).toHaveLength(2);
  });

  it('formats durations as the players do', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(9.6)).toBe('0:10');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(15 * 60)).toBe('15:00');
    expect(formatClock(3723)).toBe('1:02:03');
  });
});

/** WCAG relative luminance and contrast of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the networks’ colours', () => {
  const css = readFileSync(fileURLToPath(import.meta.url).replace(/\.test\.tsx$/, '.module.css'), 'utf8');

  it.each(PLATFORMS)('%s: text, muted text and links reach 4.5:1 in light and dark', (platform) => {
    const { style } = NETWORK_PROFILES[platform].preview;
    const block = css.match(new RegExp(`\\.root\\[data-style='${style}'\\] \\{([^}]*)\\}`))![1]!;
    const pair = (name: string) => {
      const match = block.match(new RegExp(`--pv-${name}: light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\)`))!;
      return [match[1]!, match[2]!] as const;
    };
    const bg = pair('bg');
    for (const name of ['text', 'muted', 'link']) {
      const fg = pair(name);
      expect(contrast(fg[0], bg[0]), `${name} light`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(fg[1], bg[1]), `${name} dark`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

/** What a browser does once a video's metadata is in (jsdom loads no media). */
function loadMetadata(element: HTMLElement, facts: { width: number; height: number; duration: number }) {
  Object.defineProperty(element, 'videoWidth', { configurable: true, value: facts.width });
  Object.defineProperty(element, 'videoHeight', { configurable: true, value: facts.height });
  Object.defineProperty(element, 'duration', { configurable: true, value: facts.duration });
  fireEvent.loadedMetadata(element);
}
