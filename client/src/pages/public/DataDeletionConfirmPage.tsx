import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { messages } from '@pauta/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from '../../app/Link';
import { useSearch } from '../../app/navigation';
import { SuccessNotice } from '../../components/common/SuccessNotice';
import { SubmitButton } from '../../components/SubmitButton';
import { showError } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { refusalReason } from '../../views/admin/admin-api';
import { PublicPage } from './PublicPage';

const text = messages.dataDeletion;

/**
 * /data-deletion/confirm?token=… (public, signed in or not): the link emailed to the account after
 * an anonymous Exclusão de Dados request. Nothing happens on opening it (mail scanners open links);
 * pressing "Confirmar exclusão" confirms the request once, within 24 hours.
 */
export function DataDeletionConfirmPage() {
  const token = new URLSearchParams(useSearch()).get('token');
  useDocumentTitle(`${text.confirmTitle} · ${messages.common.appName}`);
  const trpc = useTRPC();
  const confirm = useMutation(trpc.dataDeletion.confirm.mutationOptions());
  const [state, setState] = useState<'ask' | 'confirmed' | 'invalid'>(token ? 'ask' : 'invalid');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token || confirm.isPending) return;
    try {
      await confirm.mutateAsync({ token });
      setState('confirmed');
    } catch (error) {
      if (refusalReason(error) === 'DELETION_TOKEN_INVALID') setState('invalid');
      else showError(messages.common.error, text.confirmError);
    }
  };

  let body: ReactNode;
  if (state === 'confirmed')
    body = <SuccessNotice title={text.confirmedTitle} description={text.confirmed} role="status" />;
  else if (state === 'invalid')
    body = (
      <Stack gap="md" role="alert">
        <Title order={2} size="h3">
          {text.invalidLinkTitle}
        </Title>
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {text.invalidLink}
        </Alert>
        <Button component={Link} href="/data-deletion" variant="default" style={{ alignSelf: 'flex-start' }}>
          {text.newRequest}
        </Button>
      </Stack>
    );
  else
    body = (
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="lg">
          <Title order={2} size="h3">
            {text.confirmTitle}
          </Title>
          <Text>{text.confirmIntro}</Text>
          <SubmitButton
            pending={confirm.isPending}
            label={text.confirmButton}
            pendingLabel={text.confirming}
            color="red"
            size="md"
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
      </form>
    );

  return (
    <PublicPage view="data-deletion">
      <Paper withBorder p={{ base: 'lg', sm: 40 }} maw={720}>
        {body}
      </Paper>
    </PublicPage>
  );
}
