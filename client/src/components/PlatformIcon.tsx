import type { BadgeProps } from '@mantine/core';
import { Badge } from '@mantine/core';
import type { Platform } from '@pauta/core';
import { PLATFORM_LABELS } from '@pauta/core';
import type { Icon } from '@tabler/icons-react';
import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconBrandX } from '@tabler/icons-react';

const PLATFORM_ICONS: Record<Platform, Icon> = {
  instagram: IconBrandInstagram,
  linkedin: IconBrandLinkedin,
  facebook: IconBrandFacebook,
  x: IconBrandX,
};

/** The network's own colour, used only next to its name (never as the only signal). */
export const PLATFORM_COLORS: Record<Platform, string> = {
  instagram: 'grape',
  linkedin: 'blue',
  facebook: 'indigo',
  x: 'dark',
};

export function PlatformIcon({ platform, size = 16 }: { platform: Platform; size?: number }) {
  const PlatformGlyph = PLATFORM_ICONS[platform];
  return <PlatformGlyph size={size} aria-hidden />;
}

interface PlatformBadgeProps extends Omit<BadgeProps, 'children' | 'leftSection'> {
  platform: Platform;
  role?: string;
}

/** Icon plus the network's name ('X (Twitter)'). */
export function PlatformBadge({ platform, ...props }: PlatformBadgeProps) {
  return (
    <Badge
      variant="light"
      color={PLATFORM_COLORS[platform]}
      leftSection={<PlatformIcon platform={platform} size={14} />}
      tt="none"
      {...props}
    >
      {PLATFORM_LABELS[platform]}
    </Badge>
  );
}
