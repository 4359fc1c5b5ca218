// The media state on a post's card, from the list item (`mediaKind` and `thumbUrl`, the first
// media's thumbnail; a video's is its cover's, null until it has one):
// - a video: "Vídeo", and "Sem capa" while it has no cover (never "Sem imagem": it has media);
// - no media on a network that publishes only posts with an image (Instagram, Pinterest):
//   "Sem imagem", said in the list long before the worker would stop it with MEDIA_REQUIRED.
import { Badge, VisuallyHidden } from '@mantine/core';
import { mediaRequiredOn, messages, PLATFORM_LABELS, type Platform, type PostStatus } from '@pauta/core';
import { IconMovie, IconPhotoOff } from '@tabler/icons-react';

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
        <Badge
          variant="outline"
          color="gray"
          tt="none"
          leftSection={<IconMovie size={12} aria-hidden />}
          data-testid="media-video-badge"
        >
          {text.videoBadge}
        </Badge>
        {!post.thumbUrl && post.status !== 'published' && (
          <Badge
            variant="light"
            color="yellow"
            tt="none"
            leftSection={<IconPhotoOff size={12} aria-hidden />}
            title={text.noCoverHint}
            data-testid="media-no-cover-badge"
          >
            {text.noCoverBadge}
            <VisuallyHidden>: {text.noCoverHint}</VisuallyHidden>
          </Badge>
        )}
      </>
    );
  }
  if (!mediaRequiredOn(post.platform) || post.thumbUrl || post.status === 'published') return null;
  const hint = text.requiredBadgeHint(PLATFORM_LABELS[post.platform]);
  return (
    <Badge
      variant="light"
      color="yellow"
      tt="none"
      leftSection={<IconPhotoOff size={12} aria-hidden />}
      title={hint}
      data-testid="media-required-badge"
    >
      {text.requiredBadge}
      <VisuallyHidden>: {hint}</VisuallyHidden>
    </Badge>
  );
}
