import { messages, PLATFORM_LABELS, type Platform } from '@pauta/core';
import { NETWORK_PROFILES, videoPreviewLayout } from '@pauta/networks/browser';
import {
  IconChartBar,
  IconDots,
  IconHeart,
  IconMessageCircle,
  IconPhoto,
  IconRepeat,
  IconSend,
  IconShare3,
  IconThumbUp,
  IconWorld,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import classes from './PostPreview.module.css';
import { PreviewAvatar } from './PreviewAvatar';
import { PreviewImages } from './PreviewImages';
import { PreviewText } from './PreviewText';
import { PreviewFeedVideo, PreviewVerticalVideo } from './PreviewVideo';
import type { PreviewAccount, PreviewImage, PreviewVideo, VideoFacts } from './types';

export type { PreviewAccount, PreviewImage, PreviewVideo } from './types';

export interface PostPreviewProps {
  platform: Platform;
  text: string;
  /** The connected account of the network; null or absent shows "Sua conta" and initials. */
  account?: PreviewAccount | null | undefined;
  images?: readonly PreviewImage[] | undefined;
  /** The post's video (a post has images or one video): drawn as the network shows a video. */
  video?: PreviewVideo | null | undefined;
  /** The connected account's own text limit (a Mastodon instance's); absent: the network's. */
  textLimit?: number | undefined;
}

const text = messages.preview;

/** The name the feed shows first (profile `preview.author`): the Page's, the @username or the person's. */
function displayName(platform: Platform, account: PreviewAccount | null | undefined): string {
  if (!account) return text.yourAccount;
  const author = NETWORK_PROFILES[platform].preview.author;
  const name =
    author === 'page'
      ? (account.pageName ?? account.name ?? account.username)
      : author === 'username'
        ? (account.username ?? account.name)
        : (account.name ?? account.username);
  return name?.trim() || text.yourAccount;
}

/** Decorative, as on the network: not buttons here (a preview does nothing). */
function Actions({ items }: { items: readonly { icon: ReactNode; label?: string }[] }) {
  return (
    <div className={classes.actions} aria-hidden>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <span key={index} className={classes.action}>
          {item.icon}
          {/* A label beside an icon hides when the preview is narrow; a label alone always shows. */}
          {item.label && (item.icon ? <span>{item.label}</span> : item.label)}
        </span>
      ))}
    </div>
  );
}

const ICON = { size: 18, stroke: 1.6 } as const;

/**
 * A post as its network's feed shows it (issue 15 item 5): the account's name and photo, the
 * text cut where the network cuts it with its "ver mais", links and hashtags highlighted, and the
 * images in the network's grid. Drawn with plain CSS in the network's colours (no brand assets).
 */
export function PostPreview({
  platform,
  text: body,
  account,
  images = [],
  video: given = null,
  textLimit,
}: PostPreviewProps) {
  // What the video's own metadata says (its size and length), for a video whose facts the caller
  // does not know yet (the composer's picked file): the layout and the badge follow once read.
  const [measured, setMeasured] = useState<(VideoFacts & { url: string }) | null>(null);
  const read = measured !== null && given !== null && measured.url === given.url ? measured : null;
  const video: PreviewVideo | null =
    given && read
      ? {
          ...given,
          durationSeconds: given.durationSeconds ?? read.durationSeconds,
          width: given.width ?? read.width,
          height: given.height ?? read.height,
        }
      : given;
  const onFacts = (facts: VideoFacts) => {
    if (!given) return;
    const { url } = given;
    setMeasured((current) =>
      current?.url === url &&
      current.width === facts.width &&
      current.height === facts.height &&
      current.durationSeconds === facts.durationSeconds
        ? current
        : { ...facts, url },
    );
  };
  const name = displayName(platform, account);
  const handle = account?.username ? `@${account.username.replace(/^@/, '')}` : null;
  const label = text.label(PLATFORM_LABELS[platform]);
  const avatar = <PreviewAvatar name={name} url={account?.avatarUrl ?? null} />;
  const { style } = NETWORK_PROFILES[platform].preview;
  // The post's media in the feed: its video (in the card) or its images.
  const media = video ? (
    <PreviewFeedVideo video={video} onFacts={onFacts} />
  ) : (
    <PreviewImages platform={platform} images={images} />
  );

  if (
    video &&
    videoPreviewLayout(platform, { width: video.width ?? 0, height: video.height ?? 0 }) ===
      'vertical-overlay'
  ) {
    return (
      <figure
        aria-label={label}
        className={classes.root}
        data-platform={platform}
        data-style={style}
        data-video="vertical"
      >
        <PreviewVerticalVideo
          platform={platform}
          video={video}
          body={body}
          name={name}
          avatar={avatar}
          textLimit={textLimit}
          onFacts={onFacts}
        />
      </figure>
    );
  }

  if (style === 'microblog') {
    return (
      <figure aria-label={label} className={classes.root} data-platform={platform} data-style={style}>
        <div className={classes.xRow}>
          {avatar}
          <div className={classes.xBody}>
            <div className={classes.xHeader}>
              <span className={classes.name}>{name}</span>
              {/* The @handle beside the name, unless the name already is the handle (Threads). */}
              {handle && handle !== `@${name}` && <span className={classes.muted}>{handle}</span>}
              <span className={classes.muted}>· {text.now}</span>
            </div>
            <PreviewText platform={platform} text={body} textLimit={textLimit} />
            {media}
            <Actions
              items={[
                { icon: <IconMessageCircle {...ICON} /> },
                { icon: <IconRepeat {...ICON} /> },
                { icon: <IconHeart {...ICON} /> },
                { icon: <IconChartBar {...ICON} /> },
              ]}
            />
          </div>
        </div>
      </figure>
    );
  }

  if (style === 'photo') {
    return (
      <figure aria-label={label} className={classes.root} data-platform={platform} data-style={style}>
        <div className={classes.header}>
          {avatar}
          <span className={classes.name}>{name}</span>
          <IconDots {...ICON} aria-hidden className={classes.headerEnd} />
        </div>
        {video || images.length > 0 ? (
          media
        ) : (
          <div className={classes.placeholder}>
            <IconPhoto size={32} stroke={1.4} aria-hidden />
            <span>{text.instagramNeedsImage}</span>
          </div>
        )}
        <Actions
          items={[
            { icon: <IconHeart {...ICON} /> },
            { icon: <IconMessageCircle {...ICON} /> },
            { icon: <IconSend {...ICON} /> },
          ]}
        />
        <div className={classes.caption}>
          <PreviewText platform={platform} text={body} lead={name} textLimit={textLimit} />
        </div>
      </figure>
    );
  }

  const professional = style === 'professional';
  const followers = NETWORK_PROFILES[platform].preview.followersLine ? account?.followers : null;
  const ownActions = NETWORK_PROFILES[platform].preview.actions;
  return (
    <figure aria-label={label} className={classes.root} data-platform={platform} data-style={style}>
      <div className={classes.header}>
        {avatar}
        <div>
          <div className={classes.name}>{name}</div>
          {followers != null && (
            <div className={`${classes.muted} ${classes.small}`}>
              {messages.accounts.followersCompact(followers.toLocaleString('pt-BR'), followers)}
            </div>
          )}
          <div className={`${classes.muted} ${classes.small}`}>
            {professional ? text.now : text.now.charAt(0).toUpperCase() + text.now.slice(1)} ·{' '}
            <IconWorld size={12} aria-hidden />
          </div>
        </div>
        <IconDots {...ICON} aria-hidden className={classes.headerEnd} />
      </div>
      <div className={classes.padded}>
        <PreviewText platform={platform} text={body} textLimit={textLimit} />
      </div>
      {media}
      <Actions
        items={
          ownActions
            ? ownActions.map((label) => ({ icon: null, label }))
            : professional
              ? [
                  { icon: <IconThumbUp {...ICON} />, label: 'Gostei' },
                  { icon: <IconMessageCircle {...ICON} />, label: 'Comentar' },
                  { icon: <IconRepeat {...ICON} />, label: 'Compartilhar' },
                  { icon: <IconSend {...ICON} />, label: 'Enviar' },
                ]
              : [
                  { icon: <IconThumbUp {...ICON} />, label: 'Curtir' },
                  { icon: <IconMessageCircle {...ICON} />, label: 'Comentar' },
                  { icon: <IconShare3 {...ICON} />, label: 'Compartilhar' },
                ]
        }
      />
    </figure>
  );
}
