import { Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { messages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from '../../app/Link';
import { navigate, useSearch } from '../../app/navigation';
import { useRefreshSession } from '../../app/session';
import { useSingleFlight } from '../../lib/actions';
import { describeError } from '../../lib/errors';
import { showErrorText, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { refusalReason } from '../../views/admin/admin-api';
import { AuthForm, AuthFrame } from './AuthFrame';
import classes from './AuthPage.module.css';

const text = messages.auth;

/**
 * /auth/link?token=… (public): the sign-in link emailed while the account was under attack
 * (docs/security.md A6). Nothing is spent on opening the page (an email scanner's GET does
 * nothing): the person presses Entrar, which spends the link and signs this browser in.
 */
export function SignInLinkPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  useDocumentTitle(`${text.signInLinkTitle} · ${messages.common.appName}`);
  const trpc = useTRPC();
  const redeem = useMutation(trpc.auth.signInWithLink.mutationOptions());
  const refreshSession = useRefreshSession();
  const [invalid, setInvalid] = useState(token === '');
  const [enter, entering] = useSingleFlight(async () => {
    try {
      await redeem.mutateAsync({ token });
    } catch (error) {
      if (refusalReason(error) === 'SIGNIN_LINK_INVALID') setInvalid(true);
      else showErrorText(describeError(error, text.loginErrorTitle));
      return;
    }
    showSuccess(text.loginSuccessTitle, text.loginSuccess);
    await refreshSession();
    navigate('/', { replace: true });
  });
  return (
    <AuthFrame back={{ href: '/auth', label: text.backToLogin }}>
      {invalid ? (
        <Stack gap="md" role="alert">
          <Title order={1} className={classes.title}>
            {text.signInLinkInvalidTitle}
          </Title>
          <Text>{text.signInLinkInvalid}</Text>
          <Button component={Link} href="/auth" replace>
            {text.backToLogin}
          </Button>
        </Stack>
      ) : (
        <AuthForm
          onSubmit={(event) => {
            event.preventDefault();
            void enter();
          }}
          heading={{ title: text.signInLinkTitle, description: text.signInLinkDescription }}
          submit={{
            pending: entering,
            label: text.signInLinkSubmit,
            pendingLabel: text.signInLinkSubmitting,
          }}
        />
      )}
    </AuthFrame>
  );
}
