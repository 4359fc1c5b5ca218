// "Datas comemorativas" of Criar Novo Tema and Editar Tema (docs/commemorative-dates.md): the dates
// of the next 60 days in the person's zone (plus, when editing, the theme's stored dates still to
// come), picked as chips; the picked ones are stored with the theme and go to the AI. Stored dates
// already past are not offered, so saving the form drops them.
import { Chip, Group, Input, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import {
  COMMEMORATIVE_CATEGORY_LABELS,
  findCommemorativeDate,
  MAX_COMMEMORATIVE_DATES,
  commemorativeMessages as text,
  upcomingCommemorativeDates,
  utcToZonedParts,
} from '@pauta/core';
import { useId, useMemo } from 'react';
import { showError } from '../../lib/toast';
import { useUserTimeZone } from '../posts/time-zone';
import classes from './ThemeForm.module.css';

interface CommemorativeDatesSectionProps {
  value: string[];
  onChange: (value: string[]) => void;
  /** Today (tests); default: now in the person's zone. */
  now?: Date;
  /** Editar Tema: the theme's stored keys; those from today on are offered even past 60 days. */
  stored?: readonly string[];
}

function isoToday(now: Date, timeZone: string): string {
  const { year, month, day } = utcToZonedParts(now, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The keys whose date is today or later in `timeZone` (what Editar Tema saves: past ones drop out). */
export function upcomingKeys(keys: readonly string[], timeZone: string, now: Date = new Date()): string[] {
  const today = isoToday(now, timeZone);
  return keys.filter((key) => (findCommemorativeDate(key)?.isoDate ?? '') >= today);
}

export function CommemorativeDatesSection({ value, onChange, now, stored }: CommemorativeDatesSectionProps) {
  const id = useId();
  const timeZone = useUserTimeZone();
  const dates = useMemo(() => {
    const { year, month, day } = utcToZonedParts(now ?? new Date(), timeZone);
    const upcoming = upcomingCommemorativeDates({ year, month, day });
    const offered = new Set(upcoming.map((date) => date.key));
    const later = upcomingKeys(stored ?? [], timeZone, now).flatMap((key) =>
      offered.has(key) ? [] : (findCommemorativeDate(key) ?? []),
    );
    return [...upcoming, ...later].sort((a, b) => a.isoDate.localeCompare(b.isoDate));
  }, [now, timeZone, stored]);
  const pick = (next: string[]) => {
    if (next.length > MAX_COMMEMORATIVE_DATES) {
      showError(text.sectionTitle, text.tooManyDates(MAX_COMMEMORATIVE_DATES));
      return;
    }
    onChange(next);
  };
  // Keys no longer offered (the day changed while the form was open) are dropped, not sent.
  const offered = new Set(dates.map((date) => date.key));
  const picked = value.filter((key) => offered.has(key));

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="md">
        <div>
          <Title order={2} id={`${id}-title`} className={classes.sectionTitle}>
            {text.sectionTitle}
          </Title>
          <Text size="sm" c="dimmed" id={`${id}-hint`}>
            {text.sectionHint}
          </Text>
        </div>
        {dates.length === 0 ? (
          <Text size="sm" c="dimmed" role="status">
            {text.none}
          </Text>
        ) : (
          <div>
            <Input.Label labelElement="div" id={`${id}-label`} className={classes.groupLabel}>
              {text.chosen(picked.length)}
            </Input.Label>
            <Chip.Group multiple value={picked} onChange={pick}>
              <Group gap="xs" role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-hint`}>
                {dates.map((date) => (
                  <Tooltip
                    key={date.key}
                    label={`${COMMEMORATIVE_CATEGORY_LABELS[date.category]}. ${date.description}`}
                    multiline
                    w={260}
                    withArrow
                    openDelay={300}
                  >
                    <div>
                      <Chip value={date.key} variant="outline" radius="xl">
                        {text.optionLabel(date.name, date.isoDate)}
                      </Chip>
                    </div>
                  </Tooltip>
                ))}
              </Group>
            </Chip.Group>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
