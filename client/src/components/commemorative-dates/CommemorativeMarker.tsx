// The calendar's discreet label of a commemorative date on its day (docs/commemorative-dates.md):
// the name (an icon only in a narrow cell), its category's colour, the description in a tooltip.
import { Box, Tooltip } from '@mantine/core';
import type { CommemorativeCategory, CommemorativeDate } from '@pauta/core';
import { commemorativeMessages as text } from '@pauta/core';
import { IconConfetti, IconFlag, IconShoppingBag } from '@tabler/icons-react';
import classes from './CommemorativeMarker.module.css';

const ICONS: Record<CommemorativeCategory, typeof IconFlag> = {
  nacional: IconFlag,
  varejo: IconShoppingBag,
  tematica: IconConfetti,
};

export function CommemorativeMarker({ date }: { date: CommemorativeDate }) {
  const Icon = ICONS[date.category];
  return (
    <Tooltip
      label={text.markerTooltip(date.name, date.category, date.description)}
      multiline
      w={260}
      withArrow
      withinPortal
      openDelay={150}
      events={{ hover: true, focus: true, touch: true }}
    >
      <Box
        component="span"
        className={classes.marker}
        data-category={date.category}
        data-holiday={date.holiday || undefined}
        role="img"
        aria-label={text.markerLabel(date.name, date.holiday)}
        // Focusable, so a keyboard reaches the description (as the budget marks of the calendar).
        tabIndex={0}
      >
        <Icon size={12} stroke={2} aria-hidden className={classes.icon} />
        <span className={classes.name} aria-hidden>
          {date.shortName}
        </span>
      </Box>
    </Tooltip>
  );
}
