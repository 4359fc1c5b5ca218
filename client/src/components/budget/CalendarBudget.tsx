import { Badge, Box, Card, Group, Progress, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { budgetMessages, periodPhrase } from '@pauta/core';
import { IconGauge } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';
import { PlatformIcon } from '../PlatformIcon';
import { daysOverBudget } from './budget-model';

const text = budgetMessages;

function useMonthUsage(month: string | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.posts.budget.queryOptions({ month: month ?? undefined }),
    enabled: month !== null,
    placeholderData: keepPreviousData,
  });
}

/**
 * Above the calendar: what each budgeted network has used in the month on screen, and the days
 * past a daily budget (docs/budgets.md). Nothing when no network has a budget.
 */
export function CalendarBudget({ month }: { month: string | null }) {
  const usage = useMonthUsage(month);
  const data = usage.data;
  // A network with a daily budget only and no post this month has nothing to say.
  const networks = data?.networks.filter((network) => network.month !== null || network.monthUsed > 0) ?? [];
  if (!data || networks.length === 0) return null;
  return (
    <Card
      component="section"
      aria-label={text.calendarTitle(data.month)}
      padding="sm"
      data-testid="calendar-budget"
    >
      <Stack gap="xs">
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconGauge size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
          <Text size="sm" fw={700}>
            {text.calendarTitle(data.month)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {networks.map((network) => {
            const overDays = daysOverBudget(network);
            const overMonth = network.month !== null && network.monthUsed > network.month;
            return (
              <Stack
                key={`${network.platform}:${network.accountId ?? ''}`}
                gap={4}
                data-platform={network.platform}
                data-account={network.accountId ?? undefined}
              >
                <Group gap={6} wrap="nowrap" align="flex-start">
                  <PlatformIcon platform={network.platform} size={16} />
                  <Text size="sm" fw={overMonth ? 700 : 500} c={overMonth ? 'red' : undefined}>
                    {network.month !== null
                      ? text.usage(
                          network.platform,
                          network.monthUsed,
                          network.month,
                          periodPhrase('month', data.month, data.currentMonth),
                          network.account,
                        )
                      : text.monthCount(
                          network.platform,
                          network.monthUsed,
                          periodPhrase('month', data.month, data.currentMonth),
                          network.account,
                        )}
                  </Text>
                </Group>
                {network.month !== null && (
                  <Progress
                    value={Math.min(100, (network.monthUsed / network.month) * 100)}
                    color={overMonth ? 'red' : 'blue'}
                    size="sm"
                    aria-hidden
                  />
                )}
                {network.day !== null && (
                  <Text
                    size="xs"
                    c={overDays.length > 0 ? 'red' : 'dimmed'}
                    fw={overDays.length > 0 ? 600 : 400}
                  >
                    {overDays.length > 0
                      ? text.overDays(network.platform, network.day, overDays, network.account)
                      : text.dayLimit(network.platform, network.day, network.account)}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {text.scopeNote(network.scope)}
                </Text>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

/**
 * The calendar's mark on a day past a network's daily budget ('X 18/17'), for PostCalendar's
 * `dayBadge`; undefined on other days.
 */
export function useBudgetDayBadge(month: string | null) {
  const usage = useMonthUsage(month);
  const data = usage.data;
  return useCallback(
    (day: string) => {
      if (!data || day.slice(0, 7) !== data.month) return null;
      const over = data.networks.filter(
        (network) => network.day !== null && (network.days[day] ?? 0) > network.day,
      );
      if (over.length === 0) return null;
      return (
        <Group gap={2} wrap="nowrap" data-over-budget={day}>
          {over.map((network) => {
            const label = text.dayBadgeLabel(
              network.platform,
              network.days[day] ?? 0,
              network.day!,
              network.account,
            );
            return (
              <Tooltip key={`${network.platform}:${network.accountId ?? ''}`} label={label} withinPortal>
                <Badge
                  size="xs"
                  color="red"
                  variant="light"
                  radius="sm"
                  tabIndex={0}
                  aria-label={label}
                  leftSection={<PlatformIcon platform={network.platform} size={10} />}
                >
                  {/* A narrow cell shows the icon only; the name says the numbers. */}
                  <Box component="span" visibleFrom="sm">
                    {text.dayBadge(network.days[day] ?? 0, network.day!)}
                  </Box>
                </Badge>
              </Tooltip>
            );
          })}
        </Group>
      );
    },
    [data],
  );
}
