import { Button, Grid, Modal, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { INPUT_LIMITS, messages } from '@pauta/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CharacterCount, counterProps } from '../../components/CharacterCount';
import { ModalActions } from '../../components/common/ModalActions';
import { useSingleFlight } from '../../lib/actions';
import { invalidFieldsOf } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { type EmailTemplate, refusalReason } from '../admin/admin-api';
import { SafeHtmlFrame } from '../admin/SafeHtmlFrame';
import { parseVariables, previewOf } from './template-preview';

const text = messages.admin.templates;
const HTML_MAX = 90_000;

interface Values {
  templateName: string;
  subject: string;
  htmlContent: string;
  variables: string;
  isActive: boolean;
}

const blank: Values = { templateName: '', subject: '', htmlContent: '', variables: '{}', isActive: true };

function valuesOf(template: EmailTemplate | null): Values {
  if (!template) return blank;
  return {
    templateName: template.templateName,
    subject: template.subject,
    htmlContent: template.htmlContent,
    variables: JSON.stringify(template.variables, null, 2),
    isActive: template.isActive,
  };
}

interface Props {
  /** `null` closed; `'new'` to create; a template to edit. */
  target: EmailTemplate | 'new' | null;
  onClose: () => void;
}

/** The editor's form, reset when another template opens, and its save (once at a time). */
function useTemplateEditor(target: Props['target'], onClose: () => void) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.admin.templates.create.mutationOptions());
  const update = useMutation(trpc.admin.templates.update.mutationOptions());
  const editing = target !== null && target !== 'new' ? target : null;
  const form = useForm<Values>({
    initialValues: blank,
    validate: {
      templateName: (v) => (/^[a-z0-9_-]{1,120}$/.test(v.trim()) ? null : text.nameHint),
      subject: (v) =>
        !v.trim()
          ? messages.auth.fillAllFields
          : v.trim().length > INPUT_LIMITS.templateSubject
            ? messages.common.tooLong(INPUT_LIMITS.templateSubject)
            : null,
      htmlContent: (v) =>
        !v.trim()
          ? messages.auth.fillAllFields
          : v.length > HTML_MAX
            ? messages.common.tooLong(HTML_MAX)
            : null,
      variables: (v) => (parseVariables(v).ok ? null : text.variablesInvalid),
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another template opens.
  useEffect(() => {
    if (target !== null) {
      form.setValues(valuesOf(editing));
      form.clearErrors();
    }
  }, [target]);

  const [save, saving] = useSingleFlight(async (values: Values) => {
    const variables = parseVariables(values.variables);
    if (!variables.ok) return;
    const fields = {
      templateName: values.templateName.trim(),
      subject: values.subject.trim(),
      htmlContent: values.htmlContent,
      variables: variables.value,
      isActive: values.isActive,
    };
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...fields });
      else await create.mutateAsync(fields);
    } catch (error) {
      if (refusalReason(error) === 'NAME_TAKEN') form.setFieldError('templateName', text.nameTaken);
      for (const field of invalidFieldsOf(error))
        if (field in values) form.setFieldError(field, text.saveError);
      showError(
        messages.common.error,
        refusalReason(error) === 'NAME_TAKEN' ? text.nameTaken : text.saveError,
      );
      return;
    }
    showSuccess(messages.common.success, text.saved);
    await queryClient.invalidateQueries(trpc.admin.templates.pathFilter());
    onClose();
  });
  // A double-click on Salvar saves once.
  const submit = form.onSubmit((values) => void save(values));
  return { form, editing, submit, pending: saving || create.isPending || update.isPending };
}

/** Novo / Editar Template, with a live, sanitised preview using the sample variables. */
export function TemplateEditorModal({ target, onClose }: Props) {
  const { form, editing, submit, pending } = useTemplateEditor(target, onClose);
  return (
    <Modal
      opened={target !== null}
      onClose={() => !pending && onClose()}
      title={editing ? text.editTemplate : text.newTemplate}
      size="80rem"
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      <form onSubmit={submit} noValidate>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TemplateFields form={form} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 6 }}>
            <TemplatePreview values={form.values} />
          </Grid.Col>
        </Grid>
        <ModalActions onCancel={onClose} busy={pending} gap="sm" mt="lg">
          <Button type="submit" loading={pending}>
            {messages.common.save}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

const mono = { input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } };

function TemplateFields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <Stack gap="sm">
      <TextInput
        label={text.templateName}
        description={text.nameHint}
        withAsterisk
        maxLength={INPUT_LIMITS.templateName}
        {...form.getInputProps('templateName')}
      />
      <TextInput
        label={text.subject}
        withAsterisk
        {...form.getInputProps('subject')}
        description={
          <>
            {text.placeholdersHint}{' '}
            <CharacterCount value={form.values.subject} limit={INPUT_LIMITS.templateSubject} />
          </>
        }
      />
      <Textarea
        label={text.htmlContent}
        withAsterisk
        autosize
        minRows={8}
        maxRows={16}
        styles={mono}
        {...form.getInputProps('htmlContent')}
        {...counterProps(form.values.htmlContent, HTML_MAX)}
      />
      <Textarea
        label={text.variables}
        description={text.variablesHint}
        autosize
        minRows={3}
        maxRows={8}
        styles={mono}
        {...form.getInputProps('variables')}
      />
      <Switch label={text.isActive} {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </Stack>
  );
}

/** The subject and body with the sample variables filled in. */
function TemplatePreview({ values }: { values: Values }) {
  const parsed = parseVariables(values.variables);
  const preview = previewOf(values.subject, values.htmlContent, parsed.ok ? parsed.value : {});
  return (
    <Stack gap="xs" component="section" aria-label={text.previewTitle}>
      <Text fw={700}>{text.previewTitle}</Text>
      <Text size="sm" data-testid="preview-subject">
        <Text span fw={600}>
          {text.previewSubject}{' '}
        </Text>
        {preview.subject}
      </Text>
      <SafeHtmlFrame html={preview.html} title={text.previewFrameTitle} height={380} />
      <Text size="xs" c="dimmed">
        {text.previewNote}
      </Text>
    </Stack>
  );
}
