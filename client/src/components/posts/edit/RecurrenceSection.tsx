// Editar Post → "Repetir" (docs/recurring-posts.md): every N days, every N weeks (same weekday and
// time) or evergreen (N days after each publication), with a required stop rule (after K
// publications or until a date). Saved on its own ("Salvar repetição"), so it changes the series for
// the following occurrences without touching this post's text or date. Shows "2 de 5" and the next
// date; "Parar repetição" ends the series. The series comes from posts.get, which every live post
// event refreshes (docs/live-updates.md): a new occurrence made by the worker shows here at once.
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  formatDateTime,
  getErrorMessage,
  MAX_RECURRENCE_INTERVAL,
  MAX_RECURRENCE_OCCURRENCES,
  messages,
  PLATFORM_LABELS,
  type Platform,
  type RecurrenceKind,
  recurrenceMessages as text,
} from '@pauta/core';
import { IconRepeat } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useGuardedMutation } from '../../../lib/actions';
import { errorCodeOf, errorDetails, requestStateText } from '../../../lib/errors';
import { showError, showSuccess } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useRefreshPosts } from '../usePostActions';

type Mode = 'none' | RecurrenceKind;

export function RecurrenceSection({
  postId,
  platform,
  timeZone,
  editable,
  canWrite,
}: {
  postId: string;
  platform: Platform;
  timeZone: string;
  /** The post is not publishing or published (its repetition can still be set here). */
  editable: boolean;
  canWrite: boolean;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshPosts();
  const post = useQuery(trpc.posts.get.queryOptions({ id: postId }));
  const series = post.data?.series ?? null;
  const rule = series?.rule;
  const [mode, setMode] = useState<Mode>(rule?.kind ?? 'none');
  const [interval, setInterval] = useState<number | string>(rule?.interval ?? 1);
  const [stop, setStop] = useState<'count' | 'date'>(rule?.untilDate ? 'date' : 'count');
  const [count, setCount] = useState<number | string>(rule?.maxOccurrences ?? 3);
  const [until, setUntil] = useState<string | null>(rule?.untilDate ?? null);
  const [errors, setErrors] = useState<{ interval?: string; count?: string; until?: string }>({});
  const [synced, setSynced] = useState(rule !== undefined);
  // posts.get arrives after the first render: take its rule once.
  if (!synced && post.data) {
    setSynced(true);
    if (rule) {
      setMode(rule.kind);
      setInterval(rule.interval);
      setStop(rule.untilDate ? 'date' : 'count');
      setCount(rule.maxOccurrences ?? 3);
      setUntil(rule.untilDate);
    }
  }

  const save = useGuardedMutation(
    trpc.posts.setRecurrence.mutationOptions({
      onSuccess: async () => {
        showSuccess(messages.common.success, text.saved);
        await refresh();
      },
      onError: (error) => {
        const details = errorDetails(error, 'VALIDATION_FAILED');
        if (details?.field === 'maxOccurrences' && details.min !== undefined)
          setErrors({ count: text.errors.countBelow(details.min) });
        else if (details?.field === 'untilDate') setErrors({ until: text.errors.untilPast });
        showError(
          messages.common.error,
          requestStateText(error) ??
            (errorCodeOf(error) === 'CONFLICT' ? text.errors.notEditable : text.errors.generic),
        );
      },
    }),
  );
  const stopSeries = useGuardedMutation(
    trpc.posts.stopRecurrence.mutationOptions({
      onSuccess: async () => {
        showSuccess(messages.common.success, text.stopped);
        await refresh();
      },
      onError: (error) =>
        showError(messages.common.error, requestStateText(error) ?? getErrorMessage(errorCodeOf(error))),
    }),
  );

  const submit = () => {
    if (mode === 'none') return;
    const n = Number(interval);
    const k = Number(count);
    const next: typeof errors = {};
    if (!Number.isInteger(n) || n < 1 || n > MAX_RECURRENCE_INTERVAL) next.interval = text.errors.interval;
    if (stop === 'count' && (!Number.isInteger(k) || k < 2 || k > MAX_RECURRENCE_OCCURRENCES))
      next.count = text.errors.count;
    if (stop === 'date' && !until) next.until = text.errors.until;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate({
      id: postId,
      rule: {
        kind: mode,
        interval: n,
        maxOccurrences: stop === 'count' ? k : null,
        untilDate: stop === 'date' ? until : null,
      },
    });
  };

  const active = series?.state === 'active';
  const busy = save.isPending || stopSeries.isPending;
  const disabled = !editable || !canWrite || busy;
  const unit = mode === 'weeks' ? 'weeks' : mode === 'evergreen' ? 'evergreen' : 'days';

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recurrence-title">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs">
            <IconRepeat size={18} aria-hidden />
            <Title order={3} size="h5" id="recurrence-title">
              {text.section}
            </Title>
            {series && (
              <Badge variant="light" color="grape" tt="none" data-testid="recurrence-position">
                {text.position(series.label)}
              </Badge>
            )}
          </Group>
          {series && active && canWrite && (
            <Button
              variant="light"
              color="red"
              size="xs"
              onClick={() => stopSeries.mutate({ id: postId })}
              loading={stopSeries.isPending}
              disabled={busy}
            >
              {text.stopAction}
            </Button>
          )}
        </Group>
        {series ? (
          <Box>
            <Text size="sm">{series.description}</Text>
            <Text size="sm" c="dimmed" data-testid="recurrence-next">
              {series.state === 'stopped'
                ? text.stateStopped
                : series.state === 'ended'
                  ? text.stateEnded
                  : series.nextAt
                    ? text.nextAt(formatDateTime(new Date(series.nextAt), timeZone))
                    : text.noNext}
            </Text>
          </Box>
        ) : (
          <Text size="sm" c="dimmed">
            {text.hint}
          </Text>
        )}
        {post.data?.textMustVary === true && mode !== 'none' && (
          <Alert color="blue" variant="light" p="xs">
            <Text size="xs">{text.duplicateTextHint(PLATFORM_LABELS[platform])}</Text>
          </Alert>
        )}
        {editable && canWrite && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={text.mode}
                value={mode}
                onChange={(value) => setMode((value as Mode | null) ?? 'none')}
                data={(['none', 'days', 'weeks', 'evergreen'] as const).map((value) => ({
                  value,
                  label: text.modes[value],
                }))}
                description={text.modeHints[mode] || undefined}
                allowDeselect={false}
                disabled={disabled}
                comboboxProps={{ withinPortal: true }}
              />
              {mode !== 'none' && (
                <NumberInput
                  label={text.interval[unit]}
                  value={interval}
                  onChange={setInterval}
                  min={1}
                  max={MAX_RECURRENCE_INTERVAL}
                  allowDecimal={false}
                  error={errors.interval}
                  disabled={disabled}
                />
              )}
            </SimpleGrid>
            {mode !== 'none' && (
              <>
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="recurrence-stop-label">
                    {text.stop}
                  </Text>
                  <Radio.Group
                    aria-labelledby="recurrence-stop-label"
                    value={stop}
                    onChange={(value) => setStop(value as 'count' | 'date')}
                  >
                    <Group gap="lg">
                      <Radio value="count" label={text.stopCount} disabled={disabled} />
                      <Radio value="date" label={text.stopDate} disabled={disabled} />
                    </Group>
                  </Radio.Group>
                </Stack>
                {stop === 'count' ? (
                  <NumberInput
                    label={text.count}
                    value={count}
                    onChange={setCount}
                    min={2}
                    max={MAX_RECURRENCE_OCCURRENCES}
                    allowDecimal={false}
                    error={errors.count}
                    disabled={disabled}
                  />
                ) : (
                  <DatePickerInput
                    label={text.until}
                    placeholder={text.pickDate}
                    value={until}
                    onChange={(value) => setUntil(value)}
                    valueFormat="DD/MM/YYYY"
                    error={errors.until}
                    disabled={disabled}
                    popoverProps={{ withinPortal: true }}
                  />
                )}
                <Group justify="flex-end">
                  <Button variant="light" onClick={submit} loading={save.isPending} disabled={disabled}>
                    {text.save}
                  </Button>
                </Group>
              </>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
