import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { INPUT_LIMITS, messages } from '@pauta/core';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../app/Link';
import { navigate, useSearch } from '../../app/navigation';
import { useRefreshSession, useSystemStatus } from '../../app/session';
import { useSingleFlight } from '../../lib/actions';
import { describeError, describeSignUpError, errorCodeOf } from '../../lib/errors';
import { toastFirstError } from '../../lib/forms';
import { showErrorText, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { refusalReason } from '../../views/admin/admin-api';
import { AuthForm, AuthFrame, EmailField, PasswordField } from './AuthFrame';
import classes from './AuthPage.module.css';
import { authSchemas, lazySchemaResolver, submitWithSchemas } from './schemas';

const text = messages.auth;

/**
 * /auth/reset (public, signed in or not): without `?token` it asks for the email and always
 * answers the same; with a token it sets the new password, which ends every other session and
 * signs the person in here.
 */
export function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  useDocumentTitle(`${token ? text.resetTitle : text.resetRequestTitle} · ${messages.common.appName}`);
  return (
    <AuthFrame back={{ href: '/auth', label: text.backToLogin }}>
      {token ? <NewPasswordForm token={token} /> : <RequestForm />}
    </AuthFrame>
  );
}

function RequestForm() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const localMailbox = useSystemStatus().data?.localMailbox === true;
  const [sent, setSent] = useState(false);
  const form = useForm({
    initialValues: { email: '' },
    validate: lazySchemaResolver((schemas) => schemas.resetRequestFormSchema),
    clearInputErrorOnChange: true,
  });
  const [send, sending] = useSingleFlight(async (values: typeof form.values) => {
    try {
      await request.mutateAsync(authSchemas().resetRequestFormSchema.parse(values));
      setSent(true);
    } catch (error) {
      showErrorText(
        errorCodeOf(error)
          ? describeError(error)
          : { title: messages.common.error, message: text.resetRequestError },
      );
    }
  });
  const submit = submitWithSchemas(form.onSubmit((values) => void send(values)));
  if (sent)
    return (
      <Stack gap="md" role="status">
        <Title order={1} className={classes.title}>
          {text.resetRequestSentTitle}
        </Title>
        <Alert color="teal" variant="light" icon={<IconMailCheck aria-hidden />}>
          {text.resetRequestSent}
        </Alert>
        {localMailbox && (
          <Alert color="blue" variant="light">
            {text.resetRequestLocalMailbox}
          </Alert>
        )}
        <Button component={Link} href="/auth" variant="default">
          {text.backToLogin}
        </Button>
      </Stack>
    );
  return (
    <AuthForm
      onSubmit={submit}
      heading={{ title: text.resetRequestTitle, description: text.resetRequestDescription }}
      submit={{ pending: sending, label: text.resetRequestSubmit, pendingLabel: text.resetRequestSending }}
      preloadSchemas
    >
      <EmailField {...form.getInputProps('email')} />
    </AuthForm>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const trpc = useTRPC();
  // The link is checked when the page opens (nothing is spent): a bad one says so at once instead
  // of after the person typed a new password twice. Should the check fail, the form still works.
  const check = useQuery({ ...trpc.auth.checkResetToken.queryOptions({ token }), retry: false });
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const refreshSession = useRefreshSession();
  const [refused, setInvalid] = useState(false);
  const invalid = refused || check.data?.usable === false;
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: lazySchemaResolver((schemas) => schemas.newPasswordFormSchema),
    clearInputErrorOnChange: true,
  });
  const [save, saving] = useSingleFlight(async ({ password }: typeof form.values) => {
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      if (refusalReason(error) === 'RESET_TOKEN_INVALID') setInvalid(true);
      else if (errorCodeOf(error) === 'WEAK_PASSWORD') showErrorText(describeSignUpError(error));
      else showErrorText(describeError(error, text.resetErrorTitle));
      return;
    }
    showSuccess(text.resetSuccessTitle, text.resetSuccess);
    await refreshSession();
    navigate('/', { replace: true });
  });
  const submit = submitWithSchemas(
    form.onSubmit(
      (values) => void save(values),
      (errors) => toastFirstError(errors, ['password', 'confirm'], 'new-password-error'),
    ),
  );
  if (check.isPending) return <CheckingLink />;
  if (invalid) return <InvalidLink />;
  return (
    <AuthForm
      onSubmit={submit}
      heading={{ title: text.resetTitle, description: text.resetDescription }}
      submit={{ pending: saving, label: text.resetSubmit, pendingLabel: text.resetSubmitting }}
      preloadSchemas
    >
      <PasswordField
        label={text.newPassword}
        autoComplete="new-password"
        maxLength={INPUT_LIMITS.passwordMax}
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={text.confirmNewPassword}
        autoComplete="new-password"
        maxLength={INPUT_LIMITS.passwordMax}
        {...form.getInputProps('confirm')}
      />
    </AuthForm>
  );
}

function CheckingLink() {
  return (
    <Group justify="center" py="xl" role="status">
      <Loader size="sm" aria-hidden />
      <Text c="dimmed">{text.resetChecking}</Text>
    </Group>
  );
}

/** The link is invalid, used or expired: no form, and the way to a new one. */
function InvalidLink() {
  return (
    <Stack gap="md" role="alert">
      <Title order={1} className={classes.title}>
        {text.resetInvalidTitle}
      </Title>
      <Text>{text.resetInvalid}</Text>
      <Button component={Link} href="/auth/reset" replace>
        {text.requestNewLink}
      </Button>
    </Stack>
  );
}
