// "Sem imagem" on the card of a post whose network publishes only posts with an image (Instagram)
// while it has none: said in the list, long before the worker would stop it with MEDIA_REQUIRED.
// Uses the list item's thumbnail (`thumbUrl`, the first image's; null when there is none).
import { Badge, VisuallyHidden } from '@mantine/core';
import { mediaRequiredOn, messages, PLATFORM_LABELS, type Platform, type PostStatus } from '@pauta/core';
import { IconPhotoOff } from '@tabler/icons-react';

const text = messages.media;

export function MediaRequiredBadge({
  post,
}: {
  post: { platform: Platform; status: PostStatus; thumbUrl?: string | null | undefined };
}) {
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
