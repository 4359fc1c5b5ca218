import type { BadgeProps } from '@mantine/core';
import { Badge } from '@mantine/core';
import { PLATFORMS, type Platform } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { createReactComponent } from '@tabler/icons-react';

/** Each network's icon, drawn from the SVG paths its profile declares (Tabler's outline icons). */
const PLATFORM_ICONS = Object.fromEntries(
  PLATFORMS.map((platform) => {
    const { name, paths } = NETWORK_PROFILES[platform].icon;
    const pascal = name.replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase());
    const nodes = paths.map(
      (d, index) => ['path', { d, key: `svg-${index}` }] as ['path', Record<string, string>],
    );
    return [platform, createReactComponent('outline', name, pascal, nodes)];
  }),
) as Record<Platform, ReturnType<typeof createReactComponent>>;

/** The network's own colour (its profile's), used only next to its name (never as the only signal). */
export const PLATFORM_COLORS = Object.fromEntries(
  PLATFORMS.map((platform) => [platform, NETWORK_PROFILES[platform].color]),
) as Record<Platform, string>;

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
      {NETWORK_PROFILES[platform].label}
    </Badge>
  );
}
