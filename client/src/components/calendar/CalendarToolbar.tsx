import { ActionIcon, Button, Loader, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { CalendarMode } from './calendar-model';
import classes from './PostCalendar.module.css';

const text = messages.calendar;

interface CalendarToolbarProps {
  mode: CalendarMode;
  title: string;
  fetching: boolean;
  onShift: (step: -1 | 1) => void;
  onToday: () => void;
  onMode: (mode: CalendarMode) => void;
}

/** Previous / Hoje / next, the range shown, and Mês / Semana. */
export function CalendarToolbar({ mode, title, fetching, onShift, onToday, onMode }: CalendarToolbarProps) {
  const isMonth = mode === 'month';
  return (
    <div className={classes.toolbar}>
      <div className={classes.navigation}>
        <Tooltip label={isMonth ? text.previousMonth : text.previousWeek}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={isMonth ? text.previousMonth : text.previousWeek}
            onClick={() => onShift(-1)}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button variant="default" onClick={onToday}>
          {text.today}
        </Button>
        <Tooltip label={isMonth ? text.nextMonth : text.nextWeek}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={isMonth ? text.nextMonth : text.nextWeek}
            onClick={() => onShift(1)}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Text component="h2" className={classes.rangeTitle} aria-live="polite">
          {title}
        </Text>
        {fetching && <Loader size="xs" aria-label={messages.common.loading} />}
      </div>
      <SegmentedControl
        aria-label={text.viewLabel}
        value={mode}
        onChange={(value) => onMode(value as CalendarMode)}
        data={[
          { value: 'month', label: text.month },
          { value: 'week', label: text.week },
        ]}
      />
    </div>
  );
}
