// /convite?token=… (docs/workspaces.md, "Invitations"): the page of an invitation link, signed in
// or not. It shows which cliente, who invited and the role; a signed-out person creates an account
// (the email fixed to the invited one) or signs in; a signed-in person with the invited email
// accepts with one click; then the app opens in that cliente (`?cliente=<id>`). A wrong, expired,
// revoked or used link says so. Opening the page spends nothing (an email scanner's GET does nothing).
import { Button, Loader, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { INPUT_LIMITS, membersRefusalText, messages, membersMessages as text } from '@pauta/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { navigate, useSearch } from '../../app/navigation';
import { useRefreshSession, useSessionQuery } from '../../app/session';
import { useSignOut } from '../../app/shell/useSignOut';
import { withWorkspaceParam } from '../../app/workspace';
import { useSingleFlight } from '../../lib/actions';
import { describeSignInError, describeSignUpError, errorCodeOf, errorDetails } from '../../lib/errors';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { AuthForm, AuthFrame, PasswordField } from './AuthFrame';
import classes from './AuthPage.module.css';

type Mode = 'signup' | 'signin';

export function InvitationPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  useDocumentTitle(`${text.acceptTitle} · ${messages.common.appName}`);
  const trpc = useTRPC();
  const session = useSessionQuery();
  const preview = useQuery({
    ...trpc.workspaces.previewInvitation.queryOptions({ token }),
    enabled: token !== '',
    retry: 1,
  });

  let body: ReactNode;
  if (token === '') body = <Refused message={text.status.invalid} />;
  else if (preview.isPending || session.isPending)
    body = (
      <Stack align="center" gap="sm" py="lg" role="status" aria-label={text.acceptLoading}>
        <Loader aria-hidden />
        <Text c="dimmed">{text.acceptLoading}</Text>
      </Stack>
    );
  else if (preview.isError)
    body = (
      <Stack gap="md" role="alert">
        <Text>{messages.errors.network}</Text>
        <Button onClick={() => void preview.refetch()} loading={preview.isFetching}>
          {text.retry}
        </Button>
      </Stack>
    );
  else if (preview.data.status !== 'pending' || !preview.data.invitation)
    body = (
      <Refused message={text.status[preview.data.status === 'pending' ? 'invalid' : preview.data.status]} />
    );
  else {
    const invitation = preview.data.invitation;
    const user = session.data?.user ?? null;
    body = (
      <Stack gap="md">
        <div>
          <Title order={1} className={classes.title}>
            {invitation.workspaceName}
          </Title>
          <Text mt={4}>
            {text.acceptIntro(invitation.inviterName ?? '', invitation.workspaceName, invitation.role)}
          </Text>
          <Text size="sm" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {text.acceptFor(invitation.email)}
          </Text>
        </div>
        {user ? (
          user.email.toLowerCase() === invitation.email ? (
            <AcceptButton token={token} />
          ) : (
            <OtherEmail invited={invitation.email} signedInAs={user.email} />
          )
        ) : (
          <SignedOut token={token} email={invitation.email} />
        )}
      </Stack>
    );
  }
  return <AuthFrame back={{ href: '/', label: text.goToApp }}>{body}</AuthFrame>;
}

function Refused({ message }: { message: string }) {
  return (
    <Stack gap="md" role="alert">
      <Title order={1} className={classes.title}>
        {text.acceptTitle}
      </Title>
      <Text>{message}</Text>
      <Button component="a" href="/">
        {text.goToApp}
      </Button>
    </Stack>
  );
}

/** Accepts and opens the app in the cliente; a refusal is shown with its pt-BR reason. */
function useAccept(token: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const accept = useMutation(trpc.workspaces.acceptInvitation.mutationOptions());
  return async (): Promise<string | null> => {
    try {
      const result = await accept.mutateAsync({ token });
      await queryClient.invalidateQueries(trpc.workspaces.list.queryFilter());
      await refreshSession();
      showSuccess(text.acceptedTitle, text.accepted(result.workspaceName));
      navigate(withWorkspaceParam('/', result.workspaceId), { replace: true });
      return null;
    } catch (error) {
      const reason = errorDetails(error, 'VALIDATION_FAILED')?.reason;
      return membersRefusalText(reason) ?? describeSignInError(error).message;
    }
  };
}

function AcceptButton({ token }: { token: string }) {
  const accept = useAccept(token);
  const [error, setError] = useState<string | null>(null);
  const [run, running] = useSingleFlight(async () => setError(await accept()));
  return (
    <Stack gap="sm">
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Button size="md" fullWidth onClick={() => void run()} loading={running} disabled={running}>
        {text.accept}
      </Button>
    </Stack>
  );
}

function OtherEmail({ invited, signedInAs }: { invited: string; signedInAs: string }) {
  const { signOut, signingOut } = useSignOut();
  return (
    <Stack gap="sm" role="alert">
      <Text size="sm">{text.signedInAs(signedInAs)}</Text>
      <Text>{text.otherEmail(invited)}</Text>
      <Button
        variant="default"
        loading={signingOut}
        disabled={signingOut}
        onClick={() => {
          // Signed out, the same page again: to create the account or sign in with the invited email.
          const here = window.location.pathname + window.location.search;
          void signOut().then(() => navigate(here, { replace: true }));
        }}
      >
        {text.signOut}
      </Button>
    </Stack>
  );
}

function SignedOut({ token, email }: { token: string; email: string }) {
  const trpc = useTRPC();
  const refreshSession = useRefreshSession();
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const signIn = useMutation(trpc.auth.signIn.mutationOptions());
  const accept = useAccept(token);
  const [mode, setMode] = useState<Mode>('signup');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [submit, submitting] = useSingleFlight(async () => {
    setError(null);
    if (mode === 'signup' && name.trim() === '') {
      setNameError(text.nameRequired);
      return;
    }
    if (password === '') {
      setError(text.passwordRequired);
      return;
    }
    if (mode === 'signup') {
      try {
        const [firstName, ...rest] = name.trim().split(/\s+/);
        await signUp.mutateAsync({ email, password, firstName, lastName: rest.join(' ') || undefined });
      } catch (e) {
        setError(describeSignUpError(e).message);
        return;
      }
    }
    try {
      const result = await signIn.mutateAsync({ email, password, rememberMe: false });
      if (!result.ok) {
        setError(messages.auth.loginCheckEmail);
        return;
      }
    } catch (e) {
      // A new account whose email already had one: the password is the existing account's.
      setError(
        mode === 'signup' && errorCodeOf(e) === 'INVALID_CREDENTIALS'
          ? text.accountExists
          : describeSignInError(e).message,
      );
      return;
    }
    await refreshSession();
    const refused = await accept();
    if (refused) setError(refused);
  });

  return (
    <AuthForm
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      submit={{
        pending: submitting,
        label: mode === 'signup' ? text.createAndAccept : text.signInAndAccept,
        pendingLabel: text.accepting,
      }}
    >
      <SegmentedControl
        fullWidth
        value={mode}
        onChange={(value) => {
          setMode(value as Mode);
          setError(null);
        }}
        data={[
          { value: 'signup', label: text.noAccount },
          { value: 'signin', label: text.haveAccount },
        ]}
        aria-label={text.createAccountTitle}
      />
      <TextInput label={messages.auth.email} value={email} readOnly autoComplete="username" />
      {mode === 'signup' && (
        <TextInput
          label={text.nameLabel}
          autoComplete="name"
          withAsterisk
          maxLength={INPUT_LIMITS.firstName + INPUT_LIMITS.lastName}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setNameError(null);
          }}
        />
      )}
      <PasswordField
        label={text.passwordLabel}
        autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </AuthForm>
  );
}
