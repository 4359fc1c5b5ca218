import { Button, Card, Group, NumberInput, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { INPUT_LIMITS, messages, SETTING_KEYS } from '@pauta/core';
import { IconAdjustments, IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NetworkBudgetsEditor } from '../../components/budget/NetworkBudgetsEditor';
import { CharacterCount } from '../../components/CharacterCount';
import { QueryState } from '../../components/QueryState';
import { StateMessage } from '../../components/StateMessage';
import { useSingleFlight } from '../../lib/actions';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { type AdminSetting, refusalReason } from '../admin/admin-api';

const text = messages.admin.settings;
const KNOWN = text.knownKeys as Record<string, string>;
const MAX_THEMES = { min: 1, max: 1000 } as const;

type EditorKind = 'boolean' | 'themes' | 'budgets' | 'number' | 'text' | 'json';

/** Which editor a setting gets: the known keys are typed; others follow their stored value. */
function editorKind(setting: Pick<AdminSetting, 'key' | 'value'>): EditorKind {
  if (setting.key === SETTING_KEYS.emailNotificationsEnabled) return 'boolean';
  // Both limits are whole numbers from 1 to 1000 (max_themes_per_user: per workspace).
  if (setting.key === SETTING_KEYS.maxThemesPerUser || setting.key === SETTING_KEYS.maxWorkspacesPerUser)
    return 'themes';
  if (setting.key === SETTING_KEYS.networkBudgets) return 'budgets';
  if (typeof setting.value === 'boolean') return 'boolean';
  if (typeof setting.value === 'number') return 'number';
  if (typeof setting.value === 'string') return 'text';
  return 'json';
}

/** Configurações do Sistema (spec §7 call 12): one typed editor per admin_settings key. */
export function AdminSettingsView() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.list.queryOptions());
  return (
    <QueryState
      query={settings}
      errorTitle={text.loadError}
      isEmpty={(data) => data.length === 0}
      empty={<StateMessage icon={IconAdjustments} title={text.empty} role="status" />}
    >
      {(data) => (
        <Stack gap="md">
          {data.map((setting) => (
            <SettingCard key={setting.key} setting={setting} />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}

function useSaveSetting() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mutation = useMutation(trpc.admin.settings.update.mutationOptions());
  const save = async (
    key: string,
    value: boolean | number | string,
    json = false,
  ): Promise<string | null> => {
    try {
      await mutation.mutateAsync({ key, value, json });
    } catch (error) {
      const reason = refusalReason(error);
      const message =
        reason === 'INVALID_JSON'
          ? text.invalidJson
          : reason === 'INVALID_VALUE'
            ? text.maxThemesRange
            : text.saveError;
      showError(messages.common.error, reason ? message : text.saveError);
      return reason ? message : text.saveError;
    }
    showSuccess(messages.common.success, text.saved);
    await queryClient.invalidateQueries(trpc.admin.settings.pathFilter());
    return null;
  };
  return { save, pending: mutation.isPending };
}

function initialText(setting: AdminSetting, kind: EditorKind): string {
  if (kind === 'json') return JSON.stringify(setting.value, null, 2);
  if (kind === 'text') return String(setting.value ?? '');
  return '';
}

/** One setting's editor state: the typed value, its error, and the save (one at a time). */
function useSettingEditor(setting: AdminSetting, kind: EditorKind) {
  const { save, pending } = useSaveSetting();
  const [textValue, setTextValue] = useState(() => initialText(setting, kind));
  const [numberValue, setNumberValue] = useState<number | string>(
    typeof setting.value === 'number' ? setting.value : '',
  );
  const [error, setError] = useState<string | null>(null);

  // Each save runs once at a time: a double-click on Salvar, or on the switch, is one change.
  const [submit, submitting] = useSingleFlight(async () => {
    setError(null);
    if (kind === 'themes' || kind === 'number') {
      const n = typeof numberValue === 'number' ? numberValue : Number(numberValue);
      const valid =
        Number.isFinite(n) &&
        (kind === 'number' || (Number.isInteger(n) && n >= MAX_THEMES.min && n <= MAX_THEMES.max));
      if (numberValue === '' || !valid) {
        setError(kind === 'themes' ? text.maxThemesRange : text.invalidNumber);
        return;
      }
      setError(await save(setting.key, n));
      return;
    }
    // Longer than the limit: refused whole, never cut (issue 30).
    if (textValue.length > INPUT_LIMITS.settingValue) {
      setError(messages.common.tooLong(INPUT_LIMITS.settingValue));
      return;
    }
    if (kind === 'json') {
      try {
        JSON.parse(textValue);
      } catch {
        setError(text.invalidJson);
        return;
      }
      setError(await save(setting.key, textValue, true));
      return;
    }
    setError(await save(setting.key, textValue));
  });
  const [toggle, toggling] = useSingleFlight((checked: boolean) => save(setting.key, checked));
  return {
    textValue,
    setTextValue,
    numberValue,
    setNumberValue,
    error,
    submit,
    toggle,
    busy: pending || submitting || toggling,
  };
}

type SettingEditorState = ReturnType<typeof useSettingEditor>;

function SettingCard({ setting }: { setting: AdminSetting }) {
  const kind = editorKind(setting);
  const label = KNOWN[setting.key] ?? setting.key;
  const editor = useSettingEditor(setting, kind);
  return (
    <Card withBorder component="section" aria-label={label}>
      <Stack gap="xs">
        <div>
          <Text fw={700}>{label}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {setting.key}
          </Text>
          {setting.description && (
            <Text size="sm" c="dimmed" mt={4}>
              {setting.description}
            </Text>
          )}
        </div>
        {kind === 'budgets' ? (
          <NetworkBudgetsEditor stored={setting.value} />
        ) : kind === 'boolean' ? (
          <Switch
            size="md"
            checked={setting.value === true}
            disabled={editor.busy}
            onChange={(event) => void editor.toggle(event.currentTarget.checked)}
            label={setting.value === true ? text.enabled : text.disabled}
            aria-label={text.editorLabel(label)}
          />
        ) : (
          <SettingForm kind={kind} label={label} editor={editor} />
        )}
      </Stack>
    </Card>
  );
}

interface SettingFormProps {
  kind: Exclude<EditorKind, 'boolean'>;
  label: string;
  editor: SettingEditorState;
}

function SettingForm({ kind, label, editor }: SettingFormProps) {
  const numeric = kind === 'themes' || kind === 'number';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void editor.submit();
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: numeric ? '0 1 auto' : '1 1 280px' }}>
          <SettingInput kind={kind} label={label} editor={editor} />
        </div>
        <Button type="submit" loading={editor.busy} leftSection={<IconDeviceFloppy size={16} aria-hidden />}>
          {messages.common.save}
        </Button>
      </Group>
    </form>
  );
}

function SettingInput({ kind, label, editor }: SettingFormProps) {
  if (kind === 'themes' || kind === 'number')
    return (
      <NumberInput
        label={text.editorLabel(label)}
        value={editor.numberValue}
        onChange={editor.setNumberValue}
        // The field keeps what was typed ("-5", "2.5") so Salvar can refuse it: stripping the
        // minus or clamping on blur would save a number the person never typed.
        clampBehavior="none"
        inputMode={kind === 'themes' ? 'numeric' : 'decimal'}
        error={editor.error}
        w={{ base: '100%', xs: 340 }}
      />
    );
  if (kind === 'json')
    return (
      <Textarea
        label={text.editorLabel(label)}
        description={
          <>
            {text.jsonHint} <CharacterCount value={editor.textValue} limit={INPUT_LIMITS.settingValue} />
          </>
        }
        value={editor.textValue}
        onChange={(event) => editor.setTextValue(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={12}
        error={editor.error}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      />
    );
  return (
    <TextInput
      label={text.editorLabel(label)}
      value={editor.textValue}
      onChange={(event) => editor.setTextValue(event.currentTarget.value)}
      error={editor.error}
      description={
        <>
          {text.textHint} <CharacterCount value={editor.textValue} limit={INPUT_LIMITS.settingValue} />
        </>
      }
    />
  );
}
