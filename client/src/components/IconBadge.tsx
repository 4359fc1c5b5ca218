import { Badge, type BadgeProps, VisuallyHidden } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface IconBadgeProps extends Omit<BadgeProps, 'leftSection' | 'tt'> {
  /** The small icon before the label (decorative: the label says it). */
  icon: Icon;
  children: ReactNode;
  /** A longer explanation: the badge's tooltip (title) and, for screen readers, said after the label. */
  hint?: string;
  /** What joins the label and the hint when it is read aloud (': ' unless said). */
  hintSeparator?: string;
  'data-testid'?: string;
}

/**
 * A post card's state badge (Vídeo, Sem imagem, Recorrente, Usado, the approval stage): a 12px
 * icon before a label in sentence case, with an optional hint on hover and for screen readers.
 */
export function IconBadge({
  icon: BadgeIcon,
  children,
  hint,
  hintSeparator = ': ',
  ...props
}: IconBadgeProps) {
  return (
    <Badge tt="none" leftSection={<BadgeIcon size={12} aria-hidden />} title={hint} {...props}>
      {children}
      {hint && (
        <VisuallyHidden>
          {hintSeparator}
          {hint}
        </VisuallyHidden>
      )}
    </Badge>
  );
}
