// A user action runs once at a time (docs/idempotency.md). React renders a button as disabled only
// after the click's state update, and TanStack Query's isPending a tick later still: the second
// click of a double-click can land before either. These guards decide synchronously, on a ref.
import { canonicalJson } from '@pauta/core';
import { type UseMutationOptions, useMutation } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

/**
 * `[run, pending]`: `run` calls `action`, ignoring calls while the previous one has not settled
 * (a double-click is one click, one toast); `pending` is for the button's loading state.
 */
export function useSingleFlight<A extends unknown[]>(
  action: (...args: A) => unknown,
): [(...args: A) => Promise<void>, boolean] {
  const latest = useRef(action);
  latest.current = action;
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await latest.current(...args);
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);
  return [run, pending];
}

/**
 * useMutation whose `mutate` ignores a call while the same variables are already being sent (the
 * options' onSuccess/onError toast once), while other variables go ahead (retrying another post).
 * `isPending` turns true with the click; `isPendingFor(variables)` tells one item's button.
 */
export function useGuardedMutation<TData, TError, TVariables, TContext>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
) {
  const mutation = useMutation(options);
  const { mutateAsync } = mutation;
  const running = useRef(new Set<string>());
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());
  const mutate = useCallback(
    (variables: TVariables, callbacks?: Parameters<typeof mutateAsync>[1]) => {
      const id = canonicalJson(variables);
      if (running.current.has(id)) return;
      running.current.add(id);
      setPending(new Set(running.current));
      mutateAsync(variables, callbacks)
        // The options' (and the call's) onError report it; nothing is left unhandled.
        .catch(() => {})
        .finally(() => {
          running.current.delete(id);
          setPending(new Set(running.current));
        });
    },
    [mutateAsync],
  );
  const isPendingFor = useCallback(
    (variables: TVariables) => pending.has(canonicalJson(variables)),
    [pending],
  );
  return { ...mutation, mutate, isPending: pending.size > 0 || mutation.isPending, isPendingFor };
}
