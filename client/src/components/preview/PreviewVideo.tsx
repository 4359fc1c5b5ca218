// A post's video as its network's feed shows it (issue 26; profile `preview.video`): a player
// (`<video controls>`, muted, inline, preload=metadata) showing the cover — or, while the video has
// none, its first frame read by the browser —, a play icon until it plays and the duration badge
// ("0:20") once the length is known. In the feed card at the video's own aspect ratio, or the
// full-screen 9:16 frame of the vertical formats (Reels, TikTok, Shorts), the caption and the
// account's name over its bottom (above the player's controls) and the action icons down its right
// side. Editar Post and Novo post draw the same component.
import { VisuallyHidden } from '@mantine/core';
import { messages, type Platform } from '@pauta/core';
import { IconDots, IconHeart, IconMessageCircle, IconPlayerPlayFilled, IconSend } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, type SyntheticEvent, useState } from 'react';
import classes from './PostPreview.module.css';
import { PreviewText } from './PreviewText';
import type { PreviewVideo, VideoFacts } from './types';

const text = messages.preview;

/** A video's length as the players show it: "0:20", "1:05", "1:02:03". */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The facts of a loaded video element; null while the browser has not read them. */
function factsOf(element: HTMLVideoElement): VideoFacts | null {
  const { videoWidth: width, videoHeight: height, duration } = element;
  if (!(width > 0 && height > 0 && Number.isFinite(duration))) return null;
  return { width, height, durationSeconds: duration };
}

/** The player (cover or first frame), the play icon until it plays and the duration badge. */
function VideoFrame({
  video,
  onFacts,
}: {
  video: PreviewVideo;
  onFacts: ((facts: VideoFacts) => void) | undefined;
}) {
  const [playing, setPlaying] = useState(false);
  const hasCover = video.coverUrl !== null;
  const loaded = (event: SyntheticEvent<HTMLVideoElement>) => {
    const facts = factsOf(event.currentTarget);
    if (facts) onFacts?.(facts);
  };
  return (
    <>
      <video
        // Without a cover, `#t=` makes the browser draw that frame once the metadata is in.
        src={hasCover ? video.url : `${video.url}#t=0.001`}
        poster={video.coverUrl ?? undefined}
        preload="metadata"
        muted
        playsInline
        controls
        aria-label={text.video(hasCover)}
        className={classes.videoPicture}
        onLoadedMetadata={loaded}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      {!playing && (
        <span className={classes.play} aria-hidden>
          <IconPlayerPlayFilled size={26} />
        </span>
      )}
      {video.durationSeconds !== null && !playing && (
        <span className={classes.duration} data-testid="preview-video-duration">
          <span aria-hidden>{formatClock(video.durationSeconds)}</span>
          <VisuallyHidden>{text.videoDuration(video.durationSeconds)}</VisuallyHidden>
        </span>
      )}
    </>
  );
}

/**
 * In the feed card: the frame at the video's aspect ratio, kept between 4:5 (the tallest a feed
 * shows) and 16:9; a video outside that range is letterboxed on black, as the feeds do.
 */
export function PreviewFeedVideo({
  video,
  onFacts,
}: {
  video: PreviewVideo;
  onFacts?: ((facts: VideoFacts) => void) | undefined;
}) {
  const { width, height } = video;
  const ratio = width && height ? width / height : 16 / 9;
  const shown = Math.min(16 / 9, Math.max(4 / 5, ratio));
  return (
    <div
      className={classes.feedVideo}
      style={{ '--pv-video-ratio': shown.toFixed(4) } as CSSProperties}
      data-testid="preview-video"
      data-layout="feed"
    >
      <VideoFrame video={video} onFacts={onFacts} />
    </div>
  );
}

const SIDE_ICON = { size: 26, stroke: 1.8 } as const;

/**
 * The vertical formats: a 9:16 frame (a video of another shape letterboxed in it), the action icons
 * down the right, the account and the caption (cut where the network cuts it) over the bottom.
 */
export function PreviewVerticalVideo({
  platform,
  video,
  body,
  name,
  avatar,
  textLimit,
  onFacts,
}: {
  platform: Platform;
  video: PreviewVideo;
  body: string;
  name: string;
  avatar: ReactNode;
  textLimit?: number | undefined;
  onFacts?: ((facts: VideoFacts) => void) | undefined;
}) {
  return (
    <div className={classes.reel} data-testid="preview-video" data-layout="vertical-overlay">
      <VideoFrame video={video} onFacts={onFacts} />
      <div className={classes.reelSide} aria-hidden>
        <IconHeart {...SIDE_ICON} />
        <IconMessageCircle {...SIDE_ICON} />
        <IconSend {...SIDE_ICON} />
        <IconDots {...SIDE_ICON} />
      </div>
      <div className={classes.reelBottom}>
        <div className={classes.reelAuthor}>
          {avatar}
          <span className={classes.name}>{name}</span>
        </div>
        {body.trim() !== '' && <PreviewText platform={platform} text={body} textLimit={textLimit} />}
      </div>
    </div>
  );
}
