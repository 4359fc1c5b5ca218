// The media state on a post's card, from the list item (`mediaKind` and `thumbUrl`, the first
// media's thumbnail; a video's is its cover's, null until it has one):
// - a video: "Vídeo", and "Sem capa" while it has no cover (never "Sem imagem": it has media);
// - no media on a network that publishes only posts with an image (Instagram, Pinterest):
//   "Sem imagem", said in the list long before the worker would stop it with MEDIA_REQUIRED.
import { mediaRequiredOn, messages, PLATFORM_LABELS, type Platform, type PostStatus } from '@pauta/core';
import { IconMovie, IconPhotoOff } from '@tabler/icons-react';
import { IconBadge } from '../IconBadge';

const text = messages.media;

export function MediaRequiredBadge({
  post,
}: {
  post: {
    platform: Platform;
    status: PostStatus;
    thumbUrl?: string | null | undefined;
    mediaKind?: 'image' | 'video' | null | undefined;
  };
}) {
  if (post.mediaKind === 'video') {
    return (
      <>
        <IconBadge variant="outline" color="gray" icon={IconMovie} data-testid="media-video-badge">
          {text.videoBadge}
        </IconBadge>
        {!post.thumbUrl && post.status !== 'published' && (
          <IconBadge
            variant="light"
            color="yellow"
            icon={IconPhotoOff}
            hint={text.noCoverHint}
            data-testid="media-no-cover-badge"
          >
            {text.noCoverBadge}
          </IconBadge>
        )}
      </>
    );
  }
  if (!mediaRequiredOn(post.platform) || post.thumbUrl || post.status === 'published') return null;
  return (
    <IconBadge
      variant="light"
      color="yellow"
      icon={IconPhotoOff}
      hint={text.requiredBadgeHint(PLATFORM_LABELS[post.platform])}
      data-testid="media-required-badge"
    >
      {text.requiredBadge}
    </IconBadge>
  );
}
