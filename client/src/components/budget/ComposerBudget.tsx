import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import {
  type BudgetOverrun,
  budgetMessages,
  dayWindow,
  type Platform,
  type PostStatus,
  periodPhrase,
} from '@pauta/core';
import { IconAlertTriangle, IconGauge } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { monthKeyIn, overrunsFor, refusedOverruns, usageOf } from './budget-model';

const text = budgetMessages;

interface ComposerBudgetProps {
  post: { platform: Platform; scheduledFor: Date | string; status: PostStatus; accountId?: string | null };
  /**
   * The account the post goes out from ("Conta"; the post's own when unchanged): a per-account
   * budget shows that account's usage, named where the network has several.
   */
  accountId?: string | null | undefined;
  /** The date-time being chosen; null while it is incomplete (the post's own date is used). */
  scheduledFor: Date | null;
  timeZone: string;
}

/** A usage line with its bar: 'X (Twitter): 37 de 1.500 posts este mês'. */
function UsageLine({ label, used, budget }: { label: string; used: number; budget: number }) {
  const over = used > budget;
  return (
    <div>
      <Text size="sm" fw={over ? 700 : 500} c={over ? 'red' : undefined}>
        {label}
      </Text>
      <Progress
        value={Math.min(100, (used / budget) * 100)}
        color={over ? 'red' : used === budget ? 'orange' : 'blue'}
        size="sm"
        mt={4}
        aria-hidden
      />
    </div>
  );
}

/**
 * The network budget beside the date of the Editar Post dialog: what is used in the chosen day
 * and month, and a warning when saving there goes past a budget (docs/budgets.md). Nothing when
 * the post's network has no budget.
 */
export function ComposerBudget({ post, accountId, scheduledFor, timeZone }: ComposerBudgetProps) {
  const trpc = useTRPC();
  const date = scheduledFor ?? new Date(post.scheduledFor);
  const month = monthKeyIn(date, timeZone);
  const usage = useQuery({ ...trpc.posts.budget.queryOptions({ month }), placeholderData: keepPreviousData });
  const account = accountId ?? post.accountId ?? null;
  const network = usageOf(usage.data, post.platform, account);
  if (!usage.data || !network || usage.data.month !== month) return null;
  const day = dayWindow(date, timeZone).key;
  const overruns = scheduledFor ? overrunsFor(usage.data, post, scheduledFor, timeZone, account) : [];
  return (
    <Paper withBorder p="sm" radius="md" data-testid="composer-budget">
      <Stack gap="xs">
        <Group gap={6}>
          <IconGauge size={16} aria-hidden />
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {text.title}
          </Text>
        </Group>
        {network.month !== null && (
          <UsageLine
            label={text.usage(
              post.platform,
              network.monthUsed,
              network.month,
              periodPhrase('month', month, usage.data.currentMonth),
              network.account,
            )}
            used={network.monthUsed}
            budget={network.month}
          />
        )}
        {network.day !== null && (
          <UsageLine
            label={text.usage(
              post.platform,
              network.days[day] ?? 0,
              network.day,
              periodPhrase('day', day, usage.data.today),
              network.account,
            )}
            used={network.days[day] ?? 0}
            budget={network.day}
          />
        )}
        <Text size="xs" c="dimmed">
          {text.scopeNote(network.scope)}
        </Text>
        {overruns.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            title={text.overrunTitle}
            data-testid="budget-warning"
          >
            <OverrunTexts
              overruns={overruns}
              today={usage.data.today}
              currentMonth={usage.data.currentMonth}
            />
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function OverrunTexts({
  overruns,
  today,
  currentMonth,
}: {
  overruns: readonly BudgetOverrun[];
  today: string;
  currentMonth: string;
}) {
  return (
    <Stack gap={4}>
      {overruns.map((overrun) => (
        <Text
          size="sm"
          key={`${overrun.platform}-${overrun.accountId ?? ''}-${overrun.period}-${overrun.periodKey}`}
        >
          {text.overrun(overrun, overrun.period === 'day' ? today : currentMonth)}
        </Text>
      ))}
      <Text size="sm">{text.overrunConsequence}</Text>
    </Stack>
  );
}

/**
 * The confirmation of a save the server refused with BUDGET_EXCEEDED: `intercept(error, retry)`
 * takes such a refusal (true) and shows `element`, whose "Agendar mesmo assim" runs `retry` (the
 * same save with `confirmOverBudget`). Any other error is left to the caller (false).
 */
export function useBudgetConfirm(timeZone: string) {
  const [pending, setPending] = useState<{ overruns: BudgetOverrun[]; retry: () => void } | null>(null);
  const intercept = (error: unknown, retry: () => void): boolean => {
    const overruns = refusedOverruns(error);
    if (!overruns) return false;
    setPending({ overruns, retry });
    return true;
  };
  const now = new Date();
  const element = pending && (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={text.confirmTitle}
      role="alert"
      data-testid="budget-confirm"
    >
      <OverrunTexts
        overruns={pending.overruns}
        today={dayWindow(now, timeZone).key}
        currentMonth={monthKeyIn(now, timeZone)}
      />
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="default" size="xs" onClick={() => setPending(null)}>
          {text.keep}
        </Button>
        <Button
          color="orange"
          size="xs"
          onClick={() => {
            const { retry } = pending;
            setPending(null);
            retry();
          }}
        >
          {text.confirm}
        </Button>
      </Group>
    </Alert>
  );
  return { intercept, element, clear: () => setPending(null) };
}
