import { messages, type Platform } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import classes from './PostPreview.module.css';
import type { PreviewImage } from './types';

/**
 * The images of a post laid out as the network's feed style does (profile `preview.style`): a
 * microblog (X) a grid of up to 4 (1 wide; 2 side by side; 3 one tall and two stacked; 4 in 2×2),
 * the professional and social cards (LinkedIn, Facebook) one large on top and the others in a row
 * below, a photo feed (Instagram) a square carousel showing the first with "1/N" and dots.
 */
export function PreviewImages({ platform, images }: { platform: Platform; images: readonly PreviewImage[] }) {
  const { style } = NETWORK_PROFILES[platform].preview;
  // A photo feed's carousel counts every image (an AI carousel has up to 10); the grids show 4.
  const shown = style === 'photo' ? images : images.slice(0, 4);
  if (shown.length === 0) return null;
  if (style === 'photo') {
    const first = shown[0]!;
    return (
      <div className={classes.carousel}>
        <img src={first.url} alt={first.alt} className={classes.image} />
        {shown.length > 1 && (
          <>
            <span className={classes.counter}>{`1/${shown.length}`}</span>
            <span className={classes.dots} aria-hidden>
              {shown.map((image, index) => (
                <span key={image.url} data-active={index === 0 || undefined} />
              ))}
            </span>
          </>
        )}
      </div>
    );
  }
  return (
    <div
      className={classes.grid}
      data-layout={style === 'microblog' ? 'grid' : 'stack'}
      data-count={shown.length}
    >
      {shown.map((image, index) => (
        <img
          key={image.url}
          src={image.url}
          alt={image.alt || messages.preview.imageOf(index + 1, shown.length)}
          className={classes.image}
        />
      ))}
    </div>
  );
}
