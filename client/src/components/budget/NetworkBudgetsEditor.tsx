import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  BUDGET_MAX,
  type BudgetScope,
  budgetMessages,
  messages,
  type NetworkBudget,
  PLATFORM_LABELS,
  type Platform,
  parseBudgetOverrides,
  SETTING_KEYS,
  THEME_FORM_PLATFORMS,
} from '@pauta/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSingleFlight } from '../../lib/actions';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { PlatformIcon } from '../PlatformIcon';

const text = budgetMessages.admin;

/** One network's fields as typed: numbers or '' (no budget). */
interface Row {
  month: number | string;
  day: number | string;
  scope: BudgetScope;
}
type Rows = Record<Platform, Row>;
type Errors = Partial<Record<`${Platform}.${'month' | 'day'}`, string>>;

const toField = (value: number | null): number | string => value ?? '';

/** A typed field as a budget: null for empty or 0, a whole number, or undefined when invalid. */
export function budgetValue(value: number | string): number | null | undefined {
  if (value === '' || value === 0 || value === '0') return null;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(number) || number < 0 || number > BUDGET_MAX) return undefined;
  return number === 0 ? null : number;
}

function sameBudget(a: NetworkBudget, b: NetworkBudget): boolean {
  return a.month === b.month && a.day === b.day && a.scope === b.scope;
}

/**
 * Configurações do Sistema › Orçamento de posts por rede (docs/budgets.md): per network, posts
 * per month and per day and whose posts count; each network's default beside it. Saved as the
 * `network_budgets` setting, holding only the networks that differ from their default.
 */
export function NetworkBudgetsEditor({ stored }: { stored: unknown }) {
  const trpc = useTRPC();
  // The defaults come from the network descriptors, through the usage query every user can read.
  const usage = useQuery(trpc.posts.budget.queryOptions({}));
  if (!usage.data)
    return (
      <Center py="md" role="status" aria-label={budgetMessages.loading}>
        <Loader size="sm" aria-hidden />
      </Center>
    );
  return <BudgetsForm stored={stored} defaults={usage.data.defaults} />;
}

function BudgetsForm({ stored, defaults }: { stored: unknown; defaults: Record<Platform, NetworkBudget> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const overrides = parseBudgetOverrides(stored) ?? {};
  const [rows, setRows] = useState<Rows>(() => {
    const initial = {} as Rows;
    for (const platform of THEME_FORM_PLATFORMS) {
      const budget = overrides[platform] ?? defaults[platform];
      initial[platform] = { month: toField(budget.month), day: toField(budget.day), scope: budget.scope };
    }
    return initial;
  });
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useMutation(trpc.admin.settings.update.mutationOptions());

  const change = (platform: Platform, patch: Partial<Row>) =>
    setRows((current) => ({ ...current, [platform]: { ...current[platform], ...patch } }));

  const [save, saving] = useSingleFlight(async () => {
    const found: Errors = {};
    const value: Partial<Record<Platform, NetworkBudget>> = {};
    for (const platform of THEME_FORM_PLATFORMS) {
      const row = rows[platform];
      const month = budgetValue(row.month);
      const day = budgetValue(row.day);
      if (month === undefined) found[`${platform}.month`] = text.invalid(BUDGET_MAX);
      if (day === undefined) found[`${platform}.day`] = text.invalid(BUDGET_MAX);
      if (month === undefined || day === undefined) continue;
      const budget = { month, day, scope: row.scope };
      // A network equal to its default is not stored: it keeps following the default.
      if (!sameBudget(budget, defaults[platform])) value[platform] = budget;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await mutation.mutateAsync({
        key: SETTING_KEYS.networkBudgets,
        value: JSON.stringify(value),
        json: true,
      });
    } catch {
      showError(messages.common.error, messages.admin.settings.saveError);
      return;
    }
    showSuccess(messages.common.success, text.saved);
    await Promise.all([
      queryClient.invalidateQueries(trpc.admin.settings.pathFilter()),
      queryClient.invalidateQueries(trpc.posts.budget.pathFilter()),
    ]);
  });

  return (
    <form
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {text.description}
        </Text>
        {THEME_FORM_PLATFORMS.map((platform) => {
          const row = rows[platform];
          const fallback = defaults[platform];
          const changed = overrides[platform] !== undefined;
          return (
            <Paper key={platform} withBorder p="sm" radius="md" data-platform={platform}>
              <Stack gap="xs">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Group gap={6}>
                    <PlatformIcon platform={platform} />
                    <Text fw={700}>{PLATFORM_LABELS[platform]}</Text>
                    {changed && (
                      <Badge size="sm" variant="light" color="blue">
                        {text.custom}
                      </Badge>
                    )}
                  </Group>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconRestore size={14} aria-hidden />}
                    aria-label={`${text.restore} — ${PLATFORM_LABELS[platform]}`}
                    onClick={() =>
                      change(platform, {
                        month: toField(fallback.month),
                        day: toField(fallback.day),
                        scope: fallback.scope,
                      })
                    }
                  >
                    {text.restore}
                  </Button>
                </Group>
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
                  <CapInput
                    label={text.month}
                    ariaLabel={text.fieldLabel(platform, text.month)}
                    value={row.month}
                    onChange={(value) => change(platform, { month: value })}
                    error={errors[`${platform}.month`]}
                  />
                  <CapInput
                    label={text.day}
                    ariaLabel={text.fieldLabel(platform, text.day)}
                    value={row.day}
                    onChange={(value) => change(platform, { day: value })}
                    error={errors[`${platform}.day`]}
                  />
                  <Select
                    label={text.scope}
                    aria-label={text.fieldLabel(platform, text.scope)}
                    value={row.scope}
                    onChange={(value) => value && change(platform, { scope: value as BudgetScope })}
                    allowDeselect={false}
                    data={[
                      { value: 'installation', label: text.scopeInstallation },
                      { value: 'account', label: text.scopeAccount },
                    ]}
                  />
                </SimpleGrid>
                <Text size="xs" c="dimmed">
                  {text.defaultHint(fallback.month, fallback.day)}
                </Text>
              </Stack>
            </Paper>
          );
        })}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={saving || mutation.isPending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          >
            {messages.common.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A posts-per-period cap: a whole number as typed (no clamping, so Salvar can refuse it), pt-BR digits. */
function CapInput(props: {
  label: string;
  ariaLabel: string;
  value: number | string;
  onChange: (value: number | string) => void;
  error: string | undefined;
}) {
  return (
    <NumberInput
      label={props.label}
      aria-label={props.ariaLabel}
      value={props.value}
      onChange={props.onChange}
      placeholder="—"
      clampBehavior="none"
      allowDecimal={false}
      thousandSeparator="."
      decimalSeparator=","
      inputMode="numeric"
      error={props.error}
    />
  );
}
