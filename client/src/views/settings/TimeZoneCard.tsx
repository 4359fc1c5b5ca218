// Configurações → Fuso horário (issue 30: the zone was fixed at sign-up). A searchable list of
// IANA zones with pt-BR labels; the server validates the zone again (auth.setTimeZone). Once saved,
// the session and every query are refreshed, so lists, the calendar and the edit dialog's date
// fields follow the new zone at once.
import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconWorld } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useSessionUser } from '../../app/session';
import { useUserTimeZone } from '../../components/posts/time-zone';
import { SectionHeading } from '../../components/SectionHeading';
import { useGuardedMutation } from '../../lib/actions';
import { requestStateText } from '../../lib/errors';
import { showError, showInfo, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { timeZoneLabel, timeZoneOptions } from './time-zones';

const text = messages.settings;

export function TimeZoneCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stored = useSessionUser()?.timezone;
  const current = useUserTimeZone();
  const options = useMemo(() => timeZoneOptions(new Date(), current), [current]);
  // Undefined until the person picks: the zone shown follows the session (it may load after this).
  const [picked, setChosen] = useState<string | null | undefined>(undefined);
  const chosen = picked === undefined ? current : picked;
  const [error, setError] = useState<string | null>(null);

  const save = useGuardedMutation(
    trpc.auth.setTimeZone.mutationOptions({
      onSuccess: async () => {
        showSuccess(messages.common.success, text.timeZoneSaved);
        // Every time on screen was formatted in the old zone: all of it is read again.
        await queryClient.invalidateQueries();
      },
      onError: (failure) => showError(messages.common.error, requestStateText(failure) ?? text.timeZoneError),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !options.some((option) => option.value === chosen)) {
      setError(text.timeZoneInvalid);
      return;
    }
    setError(null);
    if (chosen === stored) {
      showInfo(messages.common.info, text.timeZoneNothing);
      return;
    }
    save.mutate({ timeZone: chosen });
  };

  // The app renders views after the session's first answer; without it there is no zone to edit.
  if (!stored) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="time-zone-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SectionHeading
            icon={IconWorld}
            id="time-zone-title"
            title={text.timeZone}
            intro={text.timeZoneHint}
          />
          <Text size="sm" data-testid="time-zone-current">
            {text.timeZoneCurrent(timeZoneLabel(current, new Date()))}
          </Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={text.timeZone}
              placeholder={text.timeZoneSearch}
              data={options}
              value={chosen}
              onChange={(value) => {
                setChosen(value);
                setError(null);
              }}
              searchable
              nothingFoundMessage={text.timeZoneInvalid}
              error={error}
              maxDropdownHeight={280}
              comboboxProps={{ withinPortal: true }}
              style={{ flex: '1 1 20rem' }}
              miw={0}
            />
            <Button
              type="submit"
              loading={save.isPending}
              disabled={save.isPending}
              w={{ base: '100%', xs: 'auto' }}
            >
              {text.timeZoneSave}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
