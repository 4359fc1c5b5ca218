// "Opções do <rede>" in Editar Post (docs/post-options.md): the form is drawn from the network's
// declaration (NETWORK_PROFILES[platform].postOptions), only the options that apply to the values
// chosen so far; the refusals are the shared validator's, shown under each field.
import {
  Input,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { messages, PLATFORM_LABELS, type Platform } from '@pauta/core';
import {
  NETWORK_PROFILES,
  type PostOptionField,
  type PostOptionValues,
  visiblePostOptions,
} from '@pauta/networks/browser';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { useId } from 'react';
import { normalizeTime } from '../time-zone';

const text = messages.posts;
type Value = PostOptionValues[string];

export interface NetworkOptionsFieldsProps {
  platform: Platform;
  values: PostOptionValues;
  /** The pt-BR refusal of each option shown (key → sentence). */
  errors: Readonly<Record<string, string>>;
  hasVideo: boolean;
  disabled: boolean;
  onChange: (key: string, value: Value) => void;
}

/** Nothing when the network declares no options. */
export function NetworkOptionsFields(props: NetworkOptionsFieldsProps) {
  const declared = NETWORK_PROFILES[props.platform].postOptions ?? [];
  const headingId = useId();
  if (declared.length === 0) return null;
  const shown = visiblePostOptions(declared, { hasVideo: props.hasVideo, values: props.values });
  return (
    <Paper component="section" withBorder p="sm" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {text.networkOptions(PLATFORM_LABELS[props.platform])}
          </Title>
          <Text size="xs" c="dimmed">
            {text.networkOptionsHint}
          </Text>
        </div>
        {shown.map((field) => (
          <OptionField key={field.key} field={field} {...props} />
        ))}
      </Stack>
    </Paper>
  );
}

function OptionField({
  field,
  values,
  errors,
  disabled,
  onChange,
}: NetworkOptionsFieldsProps & { field: PostOptionField }) {
  const raw = values[field.key];
  const value = raw ?? field.default ?? null;
  const error = errors[field.key];
  const set = (next: Value) => onChange(field.key, next);
  const common = { label: field.label, description: field.help, error, disabled };
  switch (field.kind) {
    case 'choice': {
      const choices = (field.choices ?? []).map((c) => ({ value: c.value, label: c.label }));
      // A few short required choices read best side by side; longer or optional lists, or labels
      // too long to sit side by side at 375 px, are a select.
      if (field.required && choices.length <= 3 && choices.every((c) => c.label.length <= 14))
        return (
          <Input.Wrapper {...common} labelElement="div">
            <SegmentedControl
              fullWidth
              data={choices}
              value={typeof value === 'string' ? value : ''}
              onChange={set}
              disabled={disabled}
              aria-label={field.label}
            />
          </Input.Wrapper>
        );
      return (
        <Select
          {...common}
          data={choices}
          value={typeof value === 'string' ? value : null}
          onChange={(next) => set(next)}
          placeholder={field.required ? text.optionChoose : text.optionNone}
          clearable={!field.required}
          clearButtonProps={{ 'aria-label': messages.common.clear }}
          allowDeselect={!field.required}
          comboboxProps={{ withinPortal: true }}
          required={field.required}
        />
      );
    }
    case 'boolean':
      // A yes/no the network demands an answer to (YouTube's "made for kids"): no answer until the
      // person picks one, which a switch (always yes or no) could not show.
      if (field.required && (field.default === undefined || field.default === null))
        return (
          <Input.Wrapper {...common} labelElement="div">
            <SegmentedControl
              fullWidth
              data={[
                { value: 'true', label: messages.common.yes },
                { value: 'false', label: messages.common.no },
              ]}
              value={value === true ? 'true' : value === false ? 'false' : ''}
              onChange={(next) => set(next === 'true')}
              disabled={disabled}
              aria-label={field.label}
            />
          </Input.Wrapper>
        );
      return (
        <Switch
          label={field.label}
          description={field.help}
          error={error}
          disabled={disabled}
          checked={value === true}
          onChange={(event) => set(event.currentTarget.checked)}
        />
      );
    case 'text':
    case 'url': {
      const current = typeof value === 'string' ? value : '';
      const used = [...current.trim()].length;
      const over = field.maxLength !== undefined && used > field.maxLength;
      return (
        <TextInput
          {...common}
          type={field.kind === 'url' ? 'url' : 'text'}
          inputMode={field.kind === 'url' ? 'url' : undefined}
          placeholder={field.kind === 'url' ? 'https://' : undefined}
          value={current}
          onChange={(event) => set(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          required={field.required}
          rightSectionWidth={field.maxLength === undefined ? undefined : 64}
          rightSection={
            field.maxLength === undefined ? undefined : (
              <Text size="xs" c={over ? 'red' : 'dimmed'} aria-live="polite">
                {text.optionLength(used, field.maxLength)}
              </Text>
            )
          }
        />
      );
    }
    case 'datetime':
      return <DateTimeOption field={field} value={value} error={error} disabled={disabled} set={set} />;
  }
}

/**
 * A date-time option as the dialog's own publication date and time: a day picker and an HH:mm
 * field, stored as '2026-12-24T18:30' (the network place's wall clock; no zone).
 */
function DateTimeOption({
  field,
  value,
  error,
  disabled,
  set,
}: {
  field: PostOptionField;
  value: Value;
  error: string | undefined;
  disabled: boolean;
  set: (next: Value) => void;
}) {
  const [date = '', time = ''] = typeof value === 'string' ? value.split('T') : [];
  const compose = (nextDate: string, nextTime: string) =>
    set(nextDate === '' && nextTime === '' ? null : `${nextDate}T${nextTime}`);
  return (
    <Input.Wrapper
      label={field.label}
      description={field.help}
      error={error}
      required={field.required}
      labelElement="div"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DatePickerInput
          aria-label={text.optionDate(field.label)}
          placeholder={text.pickDate}
          value={date === '' ? null : date}
          onChange={(next) => compose(next ?? '', time)}
          valueFormat="DD/MM/YYYY"
          clearable
          clearButtonProps={{ 'aria-label': messages.common.clear }}
          disabled={disabled}
          error={error !== undefined}
          leftSection={<IconCalendar size={16} aria-hidden />}
          popoverProps={{ withinPortal: true }}
        />
        <TextInput
          aria-label={text.optionTime(field.label)}
          value={time}
          onChange={(event) => compose(date, event.currentTarget.value)}
          onBlur={() => time !== '' && compose(date, normalizeTime(time))}
          placeholder="HH:mm"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          disabled={disabled}
          error={error !== undefined}
          leftSection={<IconClock size={16} aria-hidden />}
        />
      </SimpleGrid>
    </Input.Wrapper>
  );
}
