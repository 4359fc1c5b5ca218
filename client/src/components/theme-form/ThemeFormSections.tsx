// The four sections of the theme form and their fields (ThemeForm.tsx holds the form itself).
import {
  Alert,
  Checkbox,
  Chip,
  ColorSwatch,
  Group,
  Input,
  Paper,
  Radio,
  SimpleGrid,
  type SimpleGridProps,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { AvoidTopic, Frequency, PaletteColorId, Platform, Tone } from '@pauta/core';
import {
  AVOID_TOPIC_LABELS,
  AVOID_TOPICS,
  approvalMessages,
  bestTimeMessages,
  CUSTOM_HEX_HINT,
  DEFAULT_THEME_COLOR,
  FREQUENCIES,
  FREQUENCY_LABELS,
  INPUT_LIMITS,
  isHexColor,
  isPaletteColorId,
  MEDIA_REQUIRED_PLATFORMS,
  messages,
  PALETTE,
  PALETTE_COLORS,
  PLATFORM_LABELS,
  postingQueueMessages,
  resolveThemeColor,
  THEME_FORM_PLATFORMS,
  TONE_LABELS,
  TONES,
} from '@pauta/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useId, useState } from 'react';
import { counterProps } from '../CharacterCount';
import { PlatformIcon } from '../PlatformIcon';
import type { ThemeFormValues } from './ThemeForm';
import classes from './ThemeForm.module.css';

const text = messages.themes;

interface SectionProps {
  form: UseFormReturnType<ThemeFormValues>;
}

/** Nome and Descrição. */
export function BasicsSection({ form }: SectionProps) {
  return (
    <Section title={text.sectionBasics} hint={text.sectionBasicsHint}>
      <TextInput
        label={text.name}
        placeholder={text.namePlaceholder}
        withAsterisk
        {...form.getInputProps('name')}
        {...counterProps(form.values.name, INPUT_LIMITS.themeName)}
      />
      <Textarea
        label={text.description}
        placeholder={text.descriptionPlaceholder}
        withAsterisk
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('description')}
        {...counterProps(form.values.description, INPUT_LIMITS.themeDescription)}
      />
    </Section>
  );
}

/** Tom de voz (required) and Evitar. */
export function StyleSection({ form }: SectionProps) {
  return (
    <Section title={text.sectionStyle} hint={text.sectionStyleHint}>
      <ChipField
        label={text.tones}
        required
        error={form.errors.toneOfVoice}
        options={TONES.map((tone) => ({ value: tone, label: TONE_LABELS[tone] }))}
        value={form.values.toneOfVoice}
        onChange={(value) => form.setFieldValue('toneOfVoice', value as Tone[])}
      />
      <ChipField
        label={text.avoidTopics}
        hint={text.avoidTopicsHint}
        options={AVOID_TOPICS.map((topic) => ({ value: topic, label: AVOID_TOPIC_LABELS[topic] }))}
        value={form.values.avoidTopics}
        onChange={(value) => form.setFieldValue('avoidTopics', value as AvoidTopic[])}
      />
    </Section>
  );
}

interface Option {
  value: string;
  label: string;
  icon?: ReactNode;
}

/** A grid of choices (networks, frequencies): each a card with its check or radio mark. */
function OptionCards({
  type,
  cols,
  options,
  disabled,
}: {
  type: 'checkbox' | 'radio';
  cols: SimpleGridProps['cols'];
  options: Option[];
  disabled: boolean;
}) {
  const Card = type === 'checkbox' ? Checkbox.Card : Radio.Card;
  const Indicator = type === 'checkbox' ? Checkbox.Indicator : Radio.Indicator;
  return (
    <SimpleGrid cols={cols} spacing="sm" mt={6}>
      {options.map(({ value, label, icon }) => (
        <Card key={value} value={value} radius="md" className={classes.optionCard} disabled={disabled}>
          <span className={classes.cardLabel}>
            <Indicator />
            {icon}
            <Text component="span" size="sm" fw={500}>
              {label}
            </Text>
          </span>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** Redes sociais (required; Instagram needs media) and Frequência. */
export function ChannelsSection({ form, pending }: SectionProps & { pending: boolean }) {
  return (
    <Section title={text.sectionChannels} hint={text.sectionChannelsHint}>
      <Checkbox.Group
        label={text.networks}
        withAsterisk
        value={form.values.socialNetworks}
        onChange={(value) => {
          form.setFieldValue('socialNetworks', value as Platform[]);
          form.clearFieldError('socialNetworks');
        }}
        error={form.errors.socialNetworks}
      >
        <OptionCards
          type="checkbox"
          cols={{ base: 2, sm: 4 }}
          disabled={pending}
          options={THEME_FORM_PLATFORMS.map((platform) => ({
            value: platform,
            label: PLATFORM_LABELS[platform],
            icon: <PlatformIcon platform={platform} size={20} />,
          }))}
        />
      </Checkbox.Group>
      {form.values.socialNetworks.some((platform) => MEDIA_REQUIRED_PLATFORMS.includes(platform)) && (
        <Alert color="yellow" variant="light" mt="sm" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {text.instagramNeedsMedia}
        </Alert>
      )}
      <Radio.Group
        label={text.frequency}
        withAsterisk
        value={form.values.frequency}
        onChange={(value) => form.setFieldValue('frequency', value as Frequency)}
      >
        <OptionCards
          type="radio"
          cols={{ base: 1, xs: 3 }}
          disabled={pending}
          options={FREQUENCIES.map((frequency) => ({ value: frequency, label: FREQUENCY_LABELS[frequency] }))}
        />
      </Radio.Group>
      <Switch
        label={approvalMessages.themeSwitch}
        description={approvalMessages.themeSwitchHint}
        checked={form.values.requiresApproval ?? false}
        onChange={(event) => form.setFieldValue('requiresApproval', event.currentTarget.checked)}
      />
      <Switch
        label={bestTimeMessages.themeOption}
        description={bestTimeMessages.themeOptionHint}
        checked={form.values.useBestTime ?? false}
        onChange={(event) => form.setFieldValue('useBestTime', event.currentTarget.checked)}
      />
      <Switch
        label={postingQueueMessages.themeOption}
        description={postingQueueMessages.themeOptionHint}
        checked={form.values.useQueue ?? false}
        onChange={(event) => form.setFieldValue('useQueue', event.currentTarget.checked)}
      />
    </Section>
  );
}

/** The theme colour: a preset or a custom hex code. */
export function ColorSection({ form }: SectionProps) {
  return (
    <Section title={text.sectionColor} hint={text.sectionColorHint}>
      <ColorField
        value={form.values.colorPalette}
        error={form.errors.colorPalette}
        onChange={(value) => {
          form.setFieldValue('colorPalette', value);
          form.clearFieldError('colorPalette');
        }}
      />
    </Section>
  );
}

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={id}>
      <Stack gap="md">
        <div>
          <Title order={2} id={id} className={classes.sectionTitle}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

interface ChipFieldProps {
  label: string;
  hint?: string;
  required?: boolean;
  error?: ReactNode;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
}

/** A labelled multi-select of chips (each chip is a checkbox named by its label). */
function ChipField({ label, hint, required, error, options, value, onChange }: ChipFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div>
      <Input.Label labelElement="div" id={labelId} required={required} className={classes.groupLabel}>
        {label}
        {hint && (
          <Text component="span" size="xs" c="dimmed" fw={400} id={hintId} ml="xs">
            ({hint})
          </Text>
        )}
      </Input.Label>
      <Chip.Group multiple value={value} onChange={onChange}>
        <Group gap="xs" role="group" aria-labelledby={labelId} aria-describedby={describedBy || undefined}>
          {options.map((option) => (
            <Chip key={option.value} value={option.value} variant="outline" radius="xl">
              {option.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {error && (
        <Input.Error id={errorId} mt={6}>
          {error}
        </Input.Error>
      )}
    </div>
  );
}

/** Black check on light colours, white on dark ones. */
function checkColorOn(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#1a1b1e' : '#ffffff';
}

interface ColorFieldProps {
  value: string;
  error?: ReactNode;
  onChange: (value: string) => void;
}

/** The 14 presets as a radio group of swatches, plus a custom `#RRGGBB` code. */
function ColorField({ value, error, onChange }: ColorFieldProps) {
  const [lastPreset, setLastPreset] = useState<PaletteColorId>(
    isPaletteColorId(value) ? value : DEFAULT_THEME_COLOR,
  );
  const [custom, setCustom] = useState(isPaletteColorId(value) ? '' : value);
  // Said when the field is left (or a full-length code is typed), not at the first keystroke.
  const [left, setLeft] = useState(false);
  const typed = custom.trim();
  const complete = typed.length >= (typed.startsWith('#') ? 7 : 6);
  const invalid =
    typed !== '' && (left || complete) && !isHexColor(/^[0-9A-Fa-f]{6}$/.test(typed) ? `#${typed}` : typed);
  const selectedLabel = isPaletteColorId(value)
    ? PALETTE[value].label
    : isHexColor(value)
      ? value.toUpperCase()
      : null;

  const pickPreset = (preset: PaletteColorId) => {
    setLastPreset(preset);
    setCustom('');
    onChange(preset);
  };

  const typeCustom = (raw: string) => {
    setCustom(raw);
    if (raw.trim() === '') setLeft(false);
    const trimmed = raw.trim();
    if (trimmed === '') {
      onChange(lastPreset);
      return;
    }
    onChange(/^[0-9A-Fa-f]{6}$/.test(trimmed) ? `#${trimmed}` : trimmed);
  };

  return (
    <Stack gap="md">
      <PresetSwatches value={value} onPick={pickPreset} />
      <TextInput
        label={text.customColor}
        description={CUSTOM_HEX_HINT}
        placeholder="#FF0000"
        value={custom}
        onChange={(event) => typeCustom(event.currentTarget.value)}
        onBlur={() => setLeft(true)}
        error={error ?? (invalid ? text.invalidHex : undefined)}
        autoComplete="off"
        spellCheck={false}
        leftSection={<ColorSwatch color={isHexColor(value) ? value : 'transparent'} size={18} aria-hidden />}
        maw={320}
      />
      {selectedLabel && (
        <Group gap="xs" aria-live="polite">
          <ColorSwatch color={resolveThemeColor(value)} size={18} aria-hidden />
          <Text size="sm" c="dimmed">
            {text.selectedColor(selectedLabel)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** The 14 presets as a radio group of swatches, each named by its colour. */
function PresetSwatches({ value, onPick }: { value: string; onPick: (preset: PaletteColorId) => void }) {
  const id = useId();
  const labelId = `${id}-label`;
  return (
    <div>
      <Input.Label labelElement="div" id={labelId} className={classes.groupLabel}>
        {text.presetColors}
      </Input.Label>
      <div role="radiogroup" aria-labelledby={labelId} className={classes.swatches}>
        {PALETTE_COLORS.map((preset) => {
          const { label, hex } = PALETTE[preset];
          const checked = value === preset;
          return (
            <Tooltip key={preset} label={label} withArrow openDelay={200}>
              <label className={classes.swatch} style={{ '--swatch': hex } as CSSProperties}>
                <input
                  type="radio"
                  name={`${id}-palette`}
                  value={preset}
                  checked={checked}
                  onChange={() => onPick(preset)}
                  aria-label={label}
                  className={classes.swatchInput}
                />
                <span className={classes.swatchFill} aria-hidden>
                  {checked && <IconCheck size={20} stroke={3} color={checkColorOn(hex)} />}
                </span>
              </label>
            </Tooltip>
          );
        })}
      </div>
    </div>
  );
}
