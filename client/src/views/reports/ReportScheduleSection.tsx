// "Envio automático" (issue 27 item 3; docs/reports.md "Scheduled email"): the workspace's report
// email — frequency (Desligado / Mensal / Semanal) and recipients (1–10 emails, one per line or
// separated by commas). The owner's only (`workspace.settings`): for anyone else it renders nothing.
// Self-contained: the Relatórios view and Dados do cliente render it as it is.
import { Card, Select, Stack, Text, Textarea } from '@mantine/core';
import {
  formatDate,
  messages,
  normalizeRecipients,
  REPORT_SCHEDULE_FREQUENCIES,
  type ReportScheduleFrequency,
  reportRecipientsMessage,
  reportRecipientsProblem,
  reportScheduleMessages,
} from '@pauta/core';
import { IconMailForward } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useCan } from '../../app/permissions';
import { useUserTimeZone } from '../../components/posts/time-zone';
import { QueryState } from '../../components/QueryState';
import { SaveButton } from '../../components/SaveButton';
import { SectionHeading } from '../../components/SectionHeading';
import { useGuardedMutation } from '../../lib/actions';
import { errorDetails, requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = reportScheduleMessages;

interface Schedule {
  frequency: ReportScheduleFrequency;
  recipients: string[];
  lastSent: { periodStart: string; periodEnd: string; sentAt: Date } | null;
  /** The owner's zone, in which periods end and emails go out. */
  timeZone?: string;
}

/** Addresses as typed: one per line, or separated by commas, semicolons or spaces. */
function splitRecipients(value: string): string[] {
  return normalizeRecipients(value.split(/[\s,;]+/));
}

const brDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

export function ReportScheduleSection() {
  const trpc = useTRPC();
  const allowed = useCan('workspace.settings');
  const schedule = useQuery(trpc.reportSchedules.get.queryOptions(undefined, { enabled: allowed }));
  if (!allowed) return null;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="report-schedule-title">
      <Stack gap="md">
        <SectionHeading
          icon={IconMailForward}
          iconSize={20}
          id="report-schedule-title"
          title={text.title}
          intro={text.intro}
        />
        <QueryState query={schedule} errorTitle={text.loadError}>
          {(data) => <ScheduleForm key={`${data.frequency}:${data.recipients.join(',')}`} initial={data} />}
        </QueryState>
      </Stack>
    </Card>
  );
}

function ScheduleForm({ initial }: { initial: Schedule }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useUserTimeZone();
  const [frequency, setFrequency] = useState<ReportScheduleFrequency>(initial.frequency);
  const [recipients, setRecipients] = useState(initial.recipients.join('\n'));
  const [recipientsError, setRecipientsError] = useState<string | null>(null);
  const save = useGuardedMutation(
    trpc.reportSchedules.set.mutationOptions({
      onSuccess: (saved) => {
        showSuccess(text.savedTitle, text.saved[saved.frequency]);
        void queryClient.invalidateQueries(trpc.reportSchedules.get.pathFilter());
      },
      onError: (error) => {
        const details = errorDetails(error, 'VALIDATION_FAILED');
        if (details?.field === 'recipients') setRecipientsError(reportRecipientsMessage(details));
        else showError(messages.common.error, requestStateText(error) ?? text.saveError);
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = splitRecipients(recipients);
    const problem = reportRecipientsProblem(frequency, list);
    setRecipientsError(problem ? reportRecipientsMessage(problem) : null);
    if (problem) return;
    save.mutate({ frequency, recipients: list });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={text.frequencyLabel}
          data={REPORT_SCHEDULE_FREQUENCIES.map((value) => ({ value, label: text.frequencies[value] }))}
          value={frequency}
          onChange={(value) => value && setFrequency(value as ReportScheduleFrequency)}
          description={text.frequencyHint[frequency]}
          allowDeselect={false}
          maw={320}
        />
        <Textarea
          label={text.recipientsLabel}
          description={text.recipientsDescription}
          placeholder={text.recipientsPlaceholder}
          value={recipients}
          onChange={(event) => {
            setRecipients(event.currentTarget.value);
            setRecipientsError(null);
          }}
          error={recipientsError}
          required={frequency !== 'off'}
          autosize
          minRows={2}
          maxRows={8}
        />
        {frequency !== 'off' && initial.timeZone && (
          <Text size="sm" c="dimmed" data-testid="report-schedule-zone">
            {text.timeZone(initial.timeZone)}
          </Text>
        )}
        {initial.lastSent && (
          <Text size="sm" c="dimmed">
            {text.lastSent(
              `${brDay(initial.lastSent.periodStart)} a ${brDay(initial.lastSent.periodEnd)}`,
              formatDate(initial.lastSent.sentAt, timeZone),
            )}
          </Text>
        )}
        <SaveButton pending={save.isPending} label={text.save} pendingLabel={text.saving} />
      </Stack>
    </form>
  );
}
