import { Button, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link } from '../../app/Link';

/** A button that opens another screen (a real link: new tab with Ctrl/⌘-click), its icon first. */
export function LinkButton({
  href,
  icon: LinkIcon,
  iconSize = 18,
  children,
  ...button
}: {
  href: string;
  icon: Icon;
  iconSize?: number;
  children: string;
} & Omit<ButtonProps, 'children' | 'leftSection'>) {
  return (
    <Button component={Link} href={href} leftSection={<LinkIcon size={iconSize} aria-hidden />} {...button}>
      {children}
    </Button>
  );
}
