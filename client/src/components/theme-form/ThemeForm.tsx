// The theme form of Criar Novo Tema and Editar Tema (spec §2.3, §5): four sections, validated by
// the shared zod schema; each rule that fails is also an 'Erro' toast with the spec's text.
import { Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { AvoidTopic, Frequency, Platform, Tone } from '@pauta/core';
import { DEFAULT_FREQUENCY, DEFAULT_THEME_COLOR, messages } from '@pauta/core';
import type { ThemeInput, ThemeValues } from '@pauta/core/schemas/theme';
import { themeInputSchema } from '@pauta/core/schemas/theme';
import type { ReactNode } from 'react';
import { toastFirstError } from '../../lib/forms';
import { SubmitButton } from '../SubmitButton';
import classes from './ThemeForm.module.css';
import { BasicsSection, ChannelsSection, ColorSection, StyleSection } from './ThemeFormSections';

const _text = messages.themes;

/** The form's values: the schema's input with the id lists typed by their constants. */
export interface ThemeFormValues extends ThemeInput {
  toneOfVoice: Tone[];
  avoidTopics: AvoidTopic[];
  socialNetworks: Platform[];
  frequency: Frequency;
  colorPalette: string;
}

/** A new theme: no tone or network chosen yet (both required), weekly, blue (spec §5). */
const EMPTY_THEME: ThemeFormValues = {
  name: '',
  description: '',
  toneOfVoice: [],
  avoidTopics: [],
  socialNetworks: [],
  frequency: DEFAULT_FREQUENCY,
  colorPalette: DEFAULT_THEME_COLOR,
};

interface ThemeFormProps {
  initialValues?: ThemeFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Called with the schema's output (trimmed, de-duplicated, hex upper-cased). */
  onSubmit: (values: ThemeValues) => void;
  /** Shown above the buttons while `pending` (the long AI step of creation). */
  pendingNotice?: ReactNode;
  /** Buttons next to submit (Cancelar on the edit screen). */
  secondaryActions?: ReactNode;
  /** Extra sections after the four of the spec (Criar Novo Tema's "Datas comemorativas"). */
  extraSections?: ReactNode;
}

/** The order in which failed rules are reported (spec §5), one toast per submit. */
const FIELD_ORDER = ['name', 'description', 'toneOfVoice', 'socialNetworks', 'colorPalette'] as const;

export function ThemeForm({
  initialValues = EMPTY_THEME,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  pendingNotice,
  secondaryActions,
  extraSections,
}: ThemeFormProps) {
  const form = useForm<ThemeFormValues>({
    initialValues,
    validate: schemaResolver(themeInputSchema, { sync: true }),
    validateInputOnChange: false,
    clearInputErrorOnChange: true,
  });

  const handleSubmit = form.onSubmit(
    (values) => {
      if (pending) return;
      const parsed = themeInputSchema.safeParse(values);
      if (parsed.success) onSubmit(parsed.data);
    },
    (errors) => toastFirstError(errors, FIELD_ORDER, 'theme-form-error'),
  );

  return (
    <form onSubmit={handleSubmit} noValidate aria-busy={pending}>
      <Stack gap="lg">
        <fieldset disabled={pending} className={classes.fieldset}>
          <Stack gap="lg">
            <BasicsSection form={form} />
            <StyleSection form={form} />
            <ChannelsSection form={form} pending={pending} />
            <ColorSection form={form} />
            {extraSections}
          </Stack>
        </fieldset>

        {pending && pendingNotice}

        <div className={classes.actions}>
          {secondaryActions}
          <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} size="md" />
        </div>
      </Stack>
    </form>
  );
}
