// A cliente's mark (docs/workspaces.md, branding): its logo when it has one, else its initials, in
// a ring of its colour (or a shop icon, inside named controls). Decorative: the name is always written beside it.
import { Avatar } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]![0], words[1]![0]] : [name.trim()[0], name.trim()[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

export function ClienteMark({
  name,
  color,
  logoUrl,
  size = 32,
  initials = false,
}: {
  name: string;
  color: string | null;
  logoUrl: string | null;
  size?: number;
  /**
   * Initials instead of an icon when there is no logo. Not inside a button or a link whose name
   * is written out: the letters would be visible text missing from its accessible name.
   */
  initials?: boolean;
}) {
  return (
    <Avatar
      src={logoUrl}
      alt=""
      aria-hidden
      size={size}
      radius="sm"
      variant="default"
      data-cliente-mark={logoUrl ? 'logo' : 'initials'}
      style={{
        boxShadow: color ? `0 0 0 2px ${color}` : undefined,
        background: logoUrl ? 'white' : undefined,
        flex: 'none',
      }}
      imageProps={{ style: { objectFit: 'contain' } }}
    >
      {initials ? (
        initialsOf(name)
      ) : (
        <IconBuildingStore size={Math.round(size * 0.6)} stroke={1.6} aria-hidden />
      )}
    </Avatar>
  );
}
