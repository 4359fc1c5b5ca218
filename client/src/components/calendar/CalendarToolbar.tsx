import { Button, Loader, SegmentedControl, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { TooltipIconButton } from '../TooltipIconButton';
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

/** Back (-1) or forward (1) one month or week. */
function ShiftButton({
  step,
  isMonth,
  onShift,
}: {
  step: -1 | 1;
  isMonth: boolean;
  onShift: (step: -1 | 1) => void;
}) {
  const back = step === -1;
  const label = back
    ? isMonth
      ? text.previousMonth
      : text.previousWeek
    : isMonth
      ? text.nextMonth
      : text.nextWeek;
  return (
    <TooltipIconButton
      tooltip={label}
      icon={back ? IconChevronLeft : IconChevronRight}
      iconSize={18}
      variant="default"
      size="lg"
      onClick={() => onShift(step)}
    />
  );
}

/** Previous / Hoje / next, the range shown, and Mês / Semana. */
export function CalendarToolbar({ mode, title, fetching, onShift, onToday, onMode }: CalendarToolbarProps) {
  const isMonth = mode === 'month';
  return (
    <div className={classes.toolbar}>
      <div className={classes.navigation}>
        <ShiftButton step={-1} isMonth={isMonth} onShift={onShift} />
        <Button variant="default" onClick={onToday}>
          {text.today}
        </Button>
        <ShiftButton step={1} isMonth={isMonth} onShift={onShift} />
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
