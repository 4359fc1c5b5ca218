import { Alert, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { INPUT_LIMITS, messages } from '@pauta/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { counterProps } from '../../components/CharacterCount';
import { SuccessNotice } from '../../components/common/SuccessNotice';
import { SubmitButton } from '../../components/SubmitButton';
import { useSingleFlight } from '../../lib/actions';
import { describeError, errorCodeOf, invalidFieldsOf } from '../../lib/errors';
import { showError } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = messages.dataDeletion;

interface DataDeletionFormProps {
  /**
   * Logged out, the request needs the account's address: the owner confirms it through a link sent
   * there before anything is erased. Signed in, the session proves the owner.
   */
  askEmail: boolean;
}

/** Spec §2.3/§5: a required reason (and, logged out, the account email), then the success message. */
export function DataDeletionForm({ askEmail }: DataDeletionFormProps) {
  const trpc = useTRPC();
  const submit = useMutation(trpc.dataDeletion.submit.mutationOptions());
  const [sent, setSent] = useState(false);
  const form = useForm({ initialValues: { reason: '', email: '' } });

  // A double-click on Enviar sends one request.
  const [send, sending] = useSingleFlight(async ({ reason, email }: { reason: string; email: string }) => {
    if (!reason.trim()) {
      showError(text.requiredTitle, text.reasonRequired);
      return;
    }
    if (reason.trim().length > INPUT_LIMITS.dataDeletionReason) {
      const message = messages.common.tooLong(INPUT_LIMITS.dataDeletionReason);
      form.setFieldError('reason', message);
      showError(messages.common.error, message);
      return;
    }
    if (askEmail && !email.trim()) {
      form.setFieldError('email', text.emailRequired);
      showError(text.requiredTitle, text.emailRequired);
      return;
    }
    try {
      await submit.mutateAsync({ reason: reason.trim(), ...(askEmail ? { email: email.trim() } : {}) });
      setSent(true);
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'VALIDATION_FAILED' && invalidFieldsOf(error).includes('email'))
        form.setFieldError('email', messages.auth.invalidEmail);
      showError(
        messages.common.error,
        code === 'RATE_LIMITED' || code === 'VALIDATION_FAILED'
          ? describeError(error).message
          : text.submitError,
      );
    }
  });
  const handleSubmit = form.onSubmit((values) => void send(values));

  if (sent) return <SentNotice askEmail={askEmail} />;

  return (
    <Paper withBorder p={{ base: 'lg', sm: 40 }} maw={720}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="lg">
          <Text>{text.intro}</Text>
          {askEmail && (
            <TextInput
              type="email"
              autoComplete="email"
              label={text.emailLabel}
              placeholder={messages.auth.emailPlaceholder}
              withAsterisk
              maxLength={INPUT_LIMITS.email}
              {...form.getInputProps('email')}
            />
          )}
          <Textarea
            label={text.reasonLabel}
            placeholder={text.reasonPlaceholder}
            withAsterisk
            autosize
            minRows={4}
            maxRows={10}
            {...form.getInputProps('reason')}
            {...counterProps(form.values.reason, INPUT_LIMITS.dataDeletionReason)}
          />
          <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />}>
            {text.formNotice}
          </Alert>
          <SubmitButton
            pending={sending}
            label={text.submit}
            pendingLabel={text.submitting}
            size="md"
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
      </form>
    </Paper>
  );
}

/** 'Solicitação enviada', and logged out, that a confirmation link went to the email. */
function SentNotice({ askEmail }: { askEmail: boolean }) {
  return (
    <Paper withBorder p={{ base: 'lg', sm: 40 }} maw={720} role="status">
      <SuccessNotice title={text.successTitle} description={text.success}>
        {askEmail && (
          <Text c="dimmed" maw={480}>
            {text.confirmationNotice}
          </Text>
        )}
      </SuccessNotice>
    </Paper>
  );
}
