// The calendar's drag and drop and "Tentar novamente" save at once; when the server refuses the
// date for a network budget (BUDGET_EXCEEDED), useReschedulePost / useRetryPost ask here, and the
// host (mounted once, by the app layout) asks the person to confirm. Without a host, the refusal
// is a toast.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type BudgetOverrun, budgetMessages, dayWindow, messages } from '@pauta/core';
import { useEffect, useSyncExternalStore } from 'react';
import { useSingleFlight } from '../../lib/actions';
import { monthKeyIn } from './budget-model';

const text = budgetMessages;

interface ConfirmRequest {
  overruns: BudgetOverrun[];
  timeZone: string;
  confirm: () => unknown;
  cancel: () => void;
}

let current: ConfirmRequest | null = null;
let hosts = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Asks the mounted host to confirm; false when no host is mounted (the caller says it otherwise). */
export function askBudgetConfirm(request: ConfirmRequest): boolean {
  if (hosts === 0) return false;
  current?.cancel();
  current = request;
  emit();
  return true;
}

function close() {
  current = null;
  emit();
}

/** "Agendar acima do orçamento?" for saves that happen without a dialog (calendar drag and drop). */
export function BudgetConfirmHost() {
  useEffect(() => {
    hosts += 1;
    return () => {
      hosts -= 1;
    };
  }, []);
  const request = useSyncExternalStore(subscribe, () => current);
  const [confirm, confirming] = useSingleFlight(async () => {
    const pending = current;
    close();
    await pending?.confirm();
  });
  const now = new Date();
  const today = request ? dayWindow(now, request.timeZone).key : '';
  const month = request ? monthKeyIn(now, request.timeZone) : '';
  return (
    <Modal
      opened={request !== null}
      onClose={() => {
        request?.cancel();
        close();
      }}
      title={text.confirmTitle}
      centered
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      {request && (
        <Stack gap="md">
          {request.overruns.map((overrun) => (
            <Text key={`${overrun.period}-${overrun.periodKey}`}>
              {text.overrun(overrun, overrun.period === 'day' ? today : month)}
            </Text>
          ))}
          <Text size="sm" c="dimmed">
            {text.overrunConsequence}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              onClick={() => {
                request.cancel();
                close();
              }}
              data-autofocus
            >
              {text.keep}
            </Button>
            <Button color="orange" onClick={() => void confirm()} loading={confirming}>
              {text.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
