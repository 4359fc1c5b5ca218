import { Group, List, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { INPUT_LIMITS, messages, type PasswordIssue } from '@pauta/core';
import type { SignUpForm } from '@pauta/core/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { useRefreshSession } from '../../app/session';
import { useSingleFlight } from '../../lib/actions';
import { describeSignUpError, errorCodeOf, passwordFeedbackOf, passwordIssuesOf } from '../../lib/errors';
import { toastFirstError } from '../../lib/forms';
import { browserTimeZone } from '../../lib/timezone';
import { showError, showErrorText, showInfo, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { AuthForm, EmailField, PasswordField } from './AuthFrame';
import { authSchemas, lazySchemaResolver, submitWithSchemas } from './schemas';

const text = messages.auth;
const FIELD_ORDER = ['email', 'password', 'confirmPassword'] as const;

/** 'Senha fraca' with the server's reasons (and the estimator's pt-BR advice) as a list. */
function showWeakPassword(issues: PasswordIssue[], feedback: string[]) {
  showError(
    text.weakPasswordTitle,
    <List size="sm" spacing={2}>
      {issues.map((issue) => (
        <List.Item key={issue}>{text.passwordIssues[issue]}</List.Item>
      ))}
      {feedback.map((line) => (
        <List.Item key={line}>{line}</List.Item>
      ))}
    </List>,
  );
}

/** The sign-up form's values, validation (core schema) and submit (one account per click). */
function useSignUpForm() {
  const trpc = useTRPC();
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const signIn = useMutation(trpc.auth.signIn.mutationOptions());
  const refreshSession = useRefreshSession();
  const form = useForm<SignUpForm>({
    initialValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
    validate: lazySchemaResolver((schemas) => schemas.signUpFormSchema),
    clearInputErrorOnChange: true,
  });

  // A double-click on Criar conta creates one account, with one toast.
  const [submit, submitting] = useSingleFlight(async (values: SignUpForm) => {
    const { email, password, firstName, lastName } = authSchemas().signUpFormSchema.parse(values);
    const timezone = browserTimeZone();
    try {
      await signUp.mutateAsync({
        email,
        password,
        ...(firstName ? { firstName } : {}),
        ...(lastName ? { lastName } : {}),
        ...(timezone ? { timezone } : {}),
      });
    } catch (error) {
      const issues = passwordIssuesOf(error);
      if (issues.length > 0) {
        showWeakPassword(issues, passwordFeedbackOf(error));
        form.setFieldError('password', issues.map((issue) => text.passwordIssues[issue]).join(' '));
      } else {
        showErrorText(describeSignUpError(error));
      }
      return;
    }
    // Sign-up answers the same for a new and a known email and makes no session (docs/security.md
    // A9): the ordinary sign-in follows. A new account opens with its password; a known email
    // (or a new browser on an account under attack) is told to look at its email.
    try {
      const answer = await signIn.mutateAsync({ email, password, rememberMe: true });
      if (answer.checkEmail) {
        showInfo(text.signupCheckEmailTitle, text.signupCheckEmail);
        return;
      }
    } catch (error) {
      if (errorCodeOf(error) === 'INVALID_CREDENTIALS')
        showInfo(text.signupCheckEmailTitle, text.signupCheckEmail);
      else showErrorText(describeSignUpError(error));
      return;
    }
    showSuccess(messages.common.success, text.signupSuccess);
    await refreshSession();
  });
  const handleSubmit = submitWithSchemas(
    form.onSubmit(
      (values) => void submit(values),
      (errors) => toastFirstError(errors, FIELD_ORDER, 'signup-form-error'),
    ),
  );
  return { form, handleSubmit, submitting };
}

/** Criar conta (spec §2.2, §5, §8): names optional, passwords must match; weak ones list why. */
export function SignupForm() {
  const { form, handleSubmit, submitting } = useSignUpForm();
  return (
    <AuthForm
      onSubmit={handleSubmit}
      submit={{ pending: submitting, label: text.signupSubmit, pendingLabel: text.signingUp, mt: 'xs' }}
      preloadSchemas
    >
      <Group grow gap="sm" align="flex-start" wrap="wrap">
        <TextInput
          label={text.firstName}
          autoComplete="given-name"
          maxLength={INPUT_LIMITS.firstName}
          miw={140}
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={text.lastName}
          autoComplete="family-name"
          maxLength={INPUT_LIMITS.lastName}
          miw={140}
          {...form.getInputProps('lastName')}
        />
      </Group>
      <EmailField {...form.getInputProps('email')} />
      <PasswordField
        label={text.password}
        autoComplete="new-password"
        description={
          <Text span size="xs">
            {text.passwordIssues.TOO_SHORT}
          </Text>
        }
        {...form.getInputProps('password')}
      />
      <PasswordField
        label={text.confirmPassword}
        autoComplete="new-password"
        {...form.getInputProps('confirmPassword')}
      />
    </AuthForm>
  );
}
