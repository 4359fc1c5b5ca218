// The post mutations every posts screen shares (delete, reschedule, retry), with the spec's
// toasts and a refresh of whatever shows posts (lists, calendar, dashboard, theme counts). Each is
// guarded: the same post's action is not sent twice while it runs (one toast per double-click).
import { getErrorMessage, messages } from '@pauta/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useGuardedMutation } from '../../lib/actions';
import { errorCodeOf, requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { httpStatusOf, useTRPC } from '../../lib/trpc';
import { askBudgetConfirm } from '../budget/BudgetConfirmHost';
import { refusedOverruns } from '../budget/budget-model';
import { describeScheduleError } from './post-errors';
import { useUserTimeZone } from './time-zone';

const text = messages.posts;

/** True when the server refused because the post is already publishing or published. */
export function isConflict(error: unknown): boolean {
  // Other 409s (REQUEST_IN_PROGRESS, ACTION_OUTCOME_UNKNOWN) are about the request, not the post.
  const code = errorCodeOf(error);
  return code === 'CONFLICT' || (httpStatusOf(error) === 409 && code === null);
}

/** Reloads every answer that shows posts. */
export function useRefreshPosts() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.posts.pathFilter()),
      queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
      queryClient.invalidateQueries(trpc.themes.list.queryFilter()),
    ]);
  }, [queryClient, trpc]);
}

/** The toast line of a refused post action: the request's state, a post no longer editable, a budget, or `fallback`. */
function refusalText(error: unknown, overBudget: boolean, fallback: string): string {
  return (
    requestStateText(error) ??
    (isConflict(error) ? text.notEditable : overBudget ? getErrorMessage('BUDGET_EXCEEDED') : fallback)
  );
}

/**
 * A mutation that, refused for going past a network budget, asks and sends itself again
 * confirmed (docs/budgets.md). `bind` the mutation; in its onError, `ask` says whether the question
 * was asked (then nothing else is said) and whether the refusal was the budget's.
 */
function useOverBudgetResend<I extends { confirmOverBudget?: boolean }>() {
  const timeZone = useUserTimeZone();
  const self = useRef<{ mutate: (input: I) => void } | null>(null);
  return {
    bind<M extends { mutate: (input: I) => void }>(mutation: M): M {
      self.current = mutation;
      return mutation;
    },
    ask(error: unknown, input: I, cancel: () => void) {
      const overruns = refusedOverruns(error);
      const confirm = () => self.current?.mutate({ ...input, confirmOverBudget: true });
      const asked = overruns !== null && askBudgetConfirm({ overruns, timeZone, confirm, cancel });
      return { overBudget: overruns !== null, asked };
    },
  };
}

export function useDeletePost(onDone?: () => void) {
  const trpc = useTRPC();
  const refresh = useRefreshPosts();
  return useGuardedMutation(
    trpc.posts.delete.mutationOptions({
      onSuccess: async () => {
        showSuccess(messages.common.success, text.deleted);
        onDone?.();
        await refresh();
      },
      onError: (error) => {
        showError(messages.common.error, refusalText(error, false, text.deleteError));
        onDone?.();
        if (isConflict(error)) void refresh();
      },
    }),
  );
}

export function useReschedulePost() {
  const trpc = useTRPC();
  const refresh = useRefreshPosts();
  const budget = useOverBudgetResend<RescheduleInput>();
  return budget.bind(
    useGuardedMutation(
      trpc.posts.reschedule.mutationOptions({
        onSuccess: async () => {
          showSuccess(messages.common.success, text.dateUpdated);
          await refresh();
        },
        onError: async (error, input) => {
          // A new day past a network budget: ask, and save again confirmed.
          const refusal = budget.ask(error, input, () => void refresh());
          if (refusal.asked) return;
          showError(
            messages.common.error,
            refusalText(error, refusal.overBudget, describeScheduleError(error) ?? text.updateDateError),
          );
          await refresh();
        },
      }),
    ),
  );
}

type RescheduleInput = { id: string; scheduledFor: Date; confirmOverBudget?: boolean };

export function useRetryPost() {
  const trpc = useTRPC();
  const refresh = useRefreshPosts();
  const budget = useOverBudgetResend<{
    id: string;
    confirmOverBudget?: boolean;
    confirmUnverified?: boolean;
  }>();
  return budget.bind(
    useGuardedMutation(
      trpc.posts.retry.mutationOptions({
        onSuccess: async (post) => {
          // A post flagged "maybe published" is looked up on the network first (issue 24).
          showSuccess(
            messages.common.success,
            post.outcomeCheck === 'pending' ? text.lookupRequested : text.retryQueued,
          );
          await refresh();
        },
        onError: async (error, input) => {
          // The retried post would go past a network budget: ask, and retry confirmed.
          const refusal = budget.ask(error, input, () => {});
          if (refusal.asked) return;
          showError(messages.common.error, refusalText(error, refusal.overBudget, text.retryError));
          await refresh();
        },
      }),
    ),
  );
}
