// Relatórios (issue 27; docs/reports.md): generate a client's report for a month (the previous
// one by default) or any period, with an optional note; follow its progress live (the reports'
// live events invalidate `reports.*`, client/src/live); download the PDF; share it through a
// private read-only link (owner and editor). Reading needs `workspace.read`, generating and links
// `posts.write` (core's permission table).
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Progress,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CLIENT_LINK_DEFAULT_DAYS,
  CLIENT_LINK_MAX_DAYS,
  DEFAULT_TIME_ZONE,
  formatDateTime,
  isWholeMonth,
  monthPeriod,
  parseDay,
  periodProblem,
  REPORT_NOTE_MAX,
  type ReportPeriod,
  reportFormat,
  reportMessages,
} from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { IconDownload, IconFileAnalytics, IconLink, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { type FormEvent, useMemo, useState } from 'react';
import { useCan } from '../../app/permissions';
import { useSessionUser } from '../../app/session';
import { CopyValueButton } from '../../components/CopyValueButton';
import { SectionTitle, TitledSection } from '../../components/common/SectionTitle';
import { ConfirmModal } from '../../components/posts/ConfirmModal';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useGuardedMutation } from '../../lib/actions';
import { describeError, errorDetails } from '../../lib/errors';
import { showErrorText, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { ReportScheduleSection } from './ReportScheduleSection';

const text = reportMessages;
type Report = inferRouterOutputs<AppRouter>['reports']['list'][number];
type ReportLink = Report['links'][number];

/** The current year and month in `timeZone`. */
function currentMonth(timeZone: string, now = new Date()): { year: number; month: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === 'year')?.value);
  const month = Number(parts.find((p) => p.type === 'month')?.value);
  return { year, month };
}

/** The last 24 whole months before the current one, newest first, as 'YYYY-MM'. */
export function monthOptions(timeZone: string, now = new Date()): { value: string; label: string }[] {
  let { year, month } = currentMonth(timeZone, now);
  const options: { value: string; label: string }[] = [];
  for (let i = 0; i < 24; i++) {
    month -= 1;
    if (month === 0) {
      month = 12;
      year -= 1;
    }
    options.push({
      value: `${year}-${String(month).padStart(2, '0')}`,
      label: reportFormat.monthName(year, month),
    });
  }
  return options;
}

/** 'outubro de 2026' for a whole month, else '01/10/2026 a 15/10/2026'. */
export function periodLabel(period: ReportPeriod): string {
  if (isWholeMonth(period)) {
    const d = parseDay(period.from);
    if (d) return reportFormat.monthName(d.year, d.month);
  }
  return reportFormat.period(period);
}

export function ReportsView() {
  const trpc = useTRPC();
  const canWrite = useCan('posts.write');
  const timeZone = useSessionUser()?.timezone ?? DEFAULT_TIME_ZONE;
  const reports = useQuery(trpc.reports.list.queryOptions());
  const running = reports.data?.some((r) => r.status === 'queued' || r.status === 'running') ?? false;

  return (
    <Stack gap="lg">
      {canWrite ? (
        <GenerateForm timeZone={timeZone} busy={running} />
      ) : (
        <Alert color="gray" variant="light">
          {text.noPermission}
        </Alert>
      )}
      <TitledSection gap="sm" id="reports-list-title" title={text.listTitle} size="h4">
        <QueryState
          query={reports}
          errorTitle={text.loadError}
          isEmpty={(data) => data.length === 0}
          empty={<StateMessage icon={IconFileAnalytics} title={text.empty} description={text.emptyHint} />}
        >
          {(data) => (
            <Stack gap="sm">
              {data.map((report) => (
                <ReportCard key={report.id} report={report} canWrite={canWrite} timeZone={timeZone} />
              ))}
            </Stack>
          )}
        </QueryState>
      </TitledSection>
      {/* The scheduled email (the owner's: renders nothing for the other roles). */}
      <ReportScheduleSection />
    </Stack>
  );
}

function useGenerate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useGuardedMutation(
    trpc.reports.generate.mutationOptions({
      onError: (error) => showErrorText(describeError(error, text.generateError)),
      onSettled: () => queryClient.invalidateQueries(trpc.reports.pathFilter()),
    }),
  );
}

function GenerateForm({ timeZone, busy }: { timeZone: string; busy: boolean }) {
  const months = useMemo(() => monthOptions(timeZone), [timeZone]);
  const [kind, setKind] = useState<'month' | 'custom'>('month');
  const [month, setMonth] = useState(months[0]?.value ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerate();

  const period = (): ReportPeriod | null => {
    if (kind === 'month') {
      const [y, m] = month.split('-').map(Number);
      return y && m ? monthPeriod(y, m) : null;
    }
    return from && to ? { from, to } : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = period();
    if (!chosen || periodProblem(chosen)) {
      setError(text.periodInvalid);
      return;
    }
    if (note.length > REPORT_NOTE_MAX) {
      setError(text.noteTooLong(REPORT_NOTE_MAX));
      return;
    }
    setError(null);
    generate.mutate(
      { periodStart: chosen.from, periodEnd: chosen.to, note: note.trim() },
      { onSuccess: () => showSuccess(text.formTitle, text.generated) },
    );
  };

  const disabled = busy || generate.isPending;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="report-form-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <SectionTitle id="report-form-title" title={text.formTitle} hint={text.formHint} size="h4" />
          </Stack>
          <SegmentedControl
            aria-label={text.periodKind}
            value={kind}
            onChange={(value) => setKind(value as 'month' | 'custom')}
            data={[
              { value: 'month', label: text.periodMonth },
              { value: 'custom', label: text.periodCustom },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
          {kind === 'month' ? (
            <NativeSelect
              label={text.month}
              data={months}
              value={month}
              onChange={(event) => setMonth(event.currentTarget.value)}
              maw={320}
            />
          ) : (
            <Group gap="sm" align="flex-start" wrap="wrap">
              <TextInput
                type="date"
                label={text.from}
                value={from}
                onChange={(event) => setFrom(event.currentTarget.value)}
                w={200}
              />
              <TextInput
                type="date"
                label={text.to}
                value={to}
                onChange={(event) => setTo(event.currentTarget.value)}
                w={200}
              />
            </Group>
          )}
          <Textarea
            label={text.note}
            placeholder={text.notePlaceholder}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            autosize
            minRows={2}
            maxRows={6}
            description={text.noteCount(note.length, REPORT_NOTE_MAX)}
            error={note.length > REPORT_NOTE_MAX ? text.noteTooLong(REPORT_NOTE_MAX) : undefined}
          />
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            <Button type="submit" disabled={disabled} loading={generate.isPending}>
              {busy ? text.generating : text.generate}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const STATUS_COLORS = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' } as const;

function ReportCard({ report, canWrite, timeZone }: { report: Report; canWrite: boolean; timeZone: string }) {
  const label = periodLabel({ from: report.periodStart, to: report.periodEnd });
  const generate = useGenerate();
  const headingId = `report-${report.id}`;
  const inProgress = report.status === 'queued' || report.status === 'running';
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Stack gap={2}>
            <Text fw={700} id={headingId} component="h3" m={0}>
              {label}
            </Text>
            <Text size="xs" c="dimmed">
              {report.finishedAt && report.status === 'done'
                ? text.finishedAt(formatDateTime(report.finishedAt, timeZone))
                : text.createdAt(formatDateTime(report.createdAt, timeZone))}
            </Text>
          </Stack>
          <Badge color={STATUS_COLORS[report.status]} variant="light" data-testid="report-status">
            {text.status[report.status]}
          </Badge>
        </Group>
        {inProgress && (
          <Group gap="sm" wrap="nowrap">
            <Progress
              value={report.progress}
              aria-label={text.progressLabel(label)}
              style={{ flex: 1 }}
              animated
              striped
            />
            <Text size="sm" c="dimmed" aria-hidden>
              {text.progress(report.progress)}
            </Text>
          </Group>
        )}
        {report.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {text.noteShown(report.note)}
          </Text>
        )}
        {report.status === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{text.failedText}</Text>
              {canWrite && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconRefresh size={16} aria-hidden />}
                  loading={generate.isPending}
                  onClick={() =>
                    generate.mutate({
                      periodStart: report.periodStart,
                      periodEnd: report.periodEnd,
                      note: report.note,
                    })
                  }
                >
                  {text.retry}
                </Button>
              )}
            </Group>
          </Alert>
        )}
        {report.status === 'done' && report.pdfUrl && (
          <Group gap="sm">
            <Button
              component="a"
              href={report.pdfUrl}
              download
              leftSection={<IconDownload size={16} aria-hidden />}
              aria-label={text.downloadLabel(label)}
            >
              {text.download}
            </Button>
          </Group>
        )}
        {report.status === 'done' && canWrite && (
          <LinksSection report={report} label={label} timeZone={timeZone} />
        )}
        {canWrite && report.status !== 'running' && <DeleteReport report={report} label={label} />}
      </Stack>
    </Card>
  );
}

/** "Excluir" with a confirmation naming the period; the report's links stop opening it at once. */
function DeleteReport({ report, label }: { report: Report; label: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useGuardedMutation(
    trpc.reports.delete.mutationOptions({
      onSuccess: () => {
        setConfirming(false);
        showSuccess(text.deleteConfirmButton, text.deleted(label));
      },
      onError: (error) =>
        showErrorText(
          errorDetails(error, 'CONFLICT')?.reason === 'REPORT_BUSY'
            ? { title: text.deleteError, message: text.deleteBusy }
            : describeError(error, text.deleteError),
        ),
      onSettled: () => queryClient.invalidateQueries(trpc.reports.list.pathFilter()),
    }),
  );
  return (
    <>
      <Group justify="flex-end">
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={16} aria-hidden />}
          aria-label={text.deleteLabel(label)}
          onClick={() => setConfirming(true)}
        >
          {text.delete}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        title={text.deleteTitle(label)}
        message={text.deleteConfirm}
        confirmLabel={text.deleteConfirmButton}
        loading={remove.isPending}
        onConfirm={() => remove.mutateAsync({ id: report.id }).catch(() => {})}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function LinksSection({ report, label, timeZone }: { report: Report; label: string; timeZone: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [days, setDays] = useState(String(CLIENT_LINK_DEFAULT_DAYS));
  const [url, setUrl] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries(trpc.reports.list.pathFilter());
  const create = useGuardedMutation(
    trpc.reports.createLink.mutationOptions({
      onSuccess: (result) => setUrl(result.url),
      onError: (error) => showErrorText(describeError(error, text.linkCreateError)),
      onSettled: reload,
    }),
  );
  const revoke = useGuardedMutation(
    trpc.reports.revokeLink.mutationOptions({
      onError: (error) => showErrorText(describeError(error, text.linkRevokeError)),
      onSettled: reload,
    }),
  );
  const dayOptions = [1, 7, 14, CLIENT_LINK_MAX_DAYS].map((d) => ({
    value: String(d),
    label: text.linkDaysOption(d),
  }));
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label={text.linkDays}
          data={dayOptions}
          value={days}
          onChange={(event) => setDays(event.currentTarget.value)}
          w={170}
        />
        <Button
          variant="default"
          leftSection={<IconLink size={16} aria-hidden />}
          aria-label={text.linkCreateLabel(label)}
          loading={create.isPending}
          onClick={() => create.mutate({ reportId: report.id, validDays: Number(days) })}
        >
          {text.linkCreate}
        </Button>
      </Group>
      {url && (
        <Alert color="teal" variant="light" role="status">
          <Stack gap="xs">
            <Text size="sm">{text.linkCreated}</Text>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                value={url}
                readOnly
                aria-label={text.linkCreate}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="report-link-url"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyValueButton
                value={url}
                label={text.linkCopy}
                copiedLabel={text.linkCopied}
                variant="light"
              />
            </Group>
          </Stack>
        </Alert>
      )}
      {report.links.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {text.linksTitle}
          </Text>
          {report.links.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              timeZone={timeZone}
              pending={revoke.isPendingFor({ id: link.id })}
              onRevoke={() => revoke.mutate({ id: link.id })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

const LINK_COLORS = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

function LinkRow({
  link,
  timeZone,
  pending,
  onRevoke,
}: {
  link: ReportLink;
  timeZone: string;
  pending: boolean;
  onRevoke: () => void;
}) {
  const expires = formatDateTime(link.expiresAt, timeZone);
  return (
    <Group gap="sm" wrap="wrap" data-testid="report-link-row">
      <Badge color={LINK_COLORS[link.status]} variant="light">
        {text.linkStatus[link.status]}
      </Badge>
      <Text size="sm" c="dimmed">
        {text.linkExpires(expires)}
      </Text>
      {link.status === 'active' && (
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          loading={pending}
          onClick={onRevoke}
          aria-label={text.linkRevokeLabel(expires)}
        >
          {text.linkRevoke}
        </Button>
      )}
    </Group>
  );
}
