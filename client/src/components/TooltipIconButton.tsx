import { ActionIcon, type ActionIconProps, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface TooltipIconButtonProps extends Omit<ActionIconProps, 'children'> {
  /** What the button does, shown on hover and focus; also its accessible name unless `label` says more. */
  tooltip: string;
  /** The accessible name, when it must say more than the tooltip (which slide, which image). */
  label?: string;
  icon: Icon;
  iconSize?: number;
  withArrow?: boolean;
  onClick: () => void;
  'data-focus-key'?: string;
}

/** An icon-only button (move, remove, previous/next) named by its tooltip. */
export function TooltipIconButton({
  tooltip,
  label = tooltip,
  icon: ButtonIcon,
  iconSize = 16,
  withArrow,
  ...props
}: TooltipIconButtonProps) {
  return (
    <Tooltip label={tooltip} withArrow={withArrow}>
      <ActionIcon aria-label={label} {...props}>
        <ButtonIcon size={iconSize} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
