import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { messages } from '@pauta/core';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import type { Dispatch, SetStateAction } from 'react';
import { normalizeTime } from '../time-zone';
import type { EditPostState } from './useEditPost';

const text = messages.posts;

/** What the date and time inputs read and write: a form's values, setters and errors. */
export interface ScheduleInputsState {
  fields: { date: string | null; time: string };
  set: { date: (value: string | null) => void; time: Dispatch<SetStateAction<string>> };
  errors: { date?: string | undefined; time?: string | undefined };
  /** The last day that can be picked (the schedule's horizon). */
  latestDay: string;
}

/**
 * The publication date and time inputs side by side (Editar Post, Novo post); the time is HH:mm,
 * 24 h, made whole when the field is left.
 */
export function ScheduleInputs({ state, disabled }: { state: ScheduleInputsState; disabled?: boolean }) {
  const { fields, set, errors, latestDay } = state;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <DatePickerInput
        label={text.publishDate}
        placeholder={text.pickDate}
        value={fields.date}
        onChange={(value) => set.date(value)}
        valueFormat="DD/MM/YYYY"
        maxDate={latestDay}
        clearable
        clearButtonProps={{ 'aria-label': messages.common.clear }}
        required
        error={errors.date}
        disabled={disabled}
        leftSection={<IconCalendar size={16} aria-hidden />}
        popoverProps={{ withinPortal: true }}
      />
      {/* A text field, not <input type="time">: the browser shows that one in its own locale
          ("10:00 AM" in an English Chromium); pt-BR uses 24 h, so the field is HH:mm. */}
      <TextInput
        label={text.publishTime}
        value={fields.time}
        onChange={(event) => set.time(event.currentTarget.value)}
        onBlur={() => set.time((current) => normalizeTime(current))}
        placeholder="HH:mm"
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        required
        error={errors.time}
        disabled={disabled}
        leftSection={<IconClock size={16} aria-hidden />}
      />
    </SimpleGrid>
  );
}

/** The publication date and time (HH:mm, 24 h) in the user's zone. */
export function ScheduleFields({ state, timeZone }: { state: EditPostState; timeZone: string }) {
  return (
    <>
      <ScheduleInputs state={state} />
      <Text size="xs" c="dimmed" mt={-8}>
        {text.dateTimeIn(timeZone)}
      </Text>
    </>
  );
}
