import { Anchor, Checkbox, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { messages } from '@pauta/core';
import type { SignInForm } from '@pauta/core/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { Link } from '../../app/Link';
import { useRefreshSession } from '../../app/session';
import { useSingleFlight } from '../../lib/actions';
import { describeSignInError } from '../../lib/errors';
import { toastFirstError } from '../../lib/forms';
import { showErrorText, showInfo, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { AuthForm, EmailField, PasswordField } from './AuthFrame';
import { authSchemas, lazySchemaResolver, submitWithSchemas } from './schemas';

const text = messages.auth;
const FIELD_ORDER = ['email', 'password'] as const;

/** Fazer login (spec §2.2, §5, §8). On success the session refetch moves the app in. */
export function LoginForm() {
  const trpc = useTRPC();
  const signIn = useMutation(trpc.auth.signIn.mutationOptions());
  const refreshSession = useRefreshSession();
  const form = useForm<SignInForm>({
    initialValues: { email: '', password: '', rememberMe: false },
    validate: lazySchemaResolver((schemas) => schemas.signInFormSchema),
    clearInputErrorOnChange: true,
  });

  // A double-click on Entrar signs in once.
  const [submit, submitting] = useSingleFlight(async (values: SignInForm) => {
    try {
      const answer = await signIn.mutateAsync(authSchemas().signInFormSchema.parse(values));
      // Under attack, a new browser gets a link by email, never a session (docs/security.md A6).
      if (answer.checkEmail) {
        showInfo(text.loginCheckEmailTitle, text.loginCheckEmail);
        return;
      }
    } catch (error) {
      showErrorText(describeSignInError(error));
      return;
    }
    showSuccess(text.loginSuccessTitle, text.loginSuccess);
    await refreshSession();
  });
  const handleSubmit = submitWithSchemas(
    form.onSubmit(
      (values) => void submit(values),
      (errors) => toastFirstError(errors, FIELD_ORDER, 'login-form-error'),
    ),
  );

  return (
    <AuthForm
      onSubmit={handleSubmit}
      submit={{ pending: submitting, label: text.loginSubmit, pendingLabel: text.loggingIn, mt: 'xs' }}
      preloadSchemas
    >
      <EmailField {...form.getInputProps('email')} />
      <PasswordField
        label={text.password}
        autoComplete="current-password"
        {...form.getInputProps('password')}
      />
      <Group justify="space-between" gap="sm">
        <Checkbox label={text.rememberMe} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
        <Anchor component={Link} href="/auth/reset" size="sm" fw={600}>
          {text.forgotPassword}
        </Anchor>
      </Group>
    </AuthForm>
  );
}
