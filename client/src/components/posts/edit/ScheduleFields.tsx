import { SimpleGrid, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { messages } from '@pauta/core';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { normalizeTime } from '../time-zone';
import type { EditPostState } from './useEditPost';

const text = messages.posts;

/** The publication date and time (HH:mm, 24 h) in the user's zone. */
export function ScheduleFields({ state, timeZone }: { state: EditPostState; timeZone: string }) {
  const { fields, set, errors, latestDay } = state;
  return (
    <>
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
          leftSection={<IconClock size={16} aria-hidden />}
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-8}>
        {text.dateTimeIn(timeZone)}
      </Text>
    </>
  );
}
