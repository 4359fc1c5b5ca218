import { Button, Center, Loader } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StateMessage } from './StateMessage';

/** What QueryState reads of a TanStack query (plain or infinite). */
interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The title of the failure state ('Erro ao carregar …'); it comes with 'Tentar novamente'. */
  errorTitle: string;
  /** Shown until the first answer; a centred spinner named 'Carregando...' by default. */
  loading?: ReactNode;
  /**
   * Keep showing the data when a later refetch fails (the caller says so, e.g. with a toast);
   * by default any failure shows the failure state.
   */
  keepDataOnError?: boolean;
  /** With `empty`: the data has nothing to show. */
  isEmpty?: (data: T) => boolean;
  /** The empty state (usually a StateMessage). */
  empty?: ReactNode;
  /** The screen for the loaded data. */
  children: (data: T) => ReactNode;
}

/** The loading block of a list or screen: a spinner with an accessible name. */
function LoadingBlock() {
  return (
    <Center py="xl" role="status" aria-label={messages.common.loading}>
      <Loader aria-hidden />
    </Center>
  );
}

/**
 * The four states of a query in one place: loading, failed (with a retry that is busy while it
 * runs), empty, and the data handed to `children`.
 */
export function QueryState<T>({
  query,
  errorTitle,
  loading,
  keepDataOnError = false,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) return <>{loading ?? <LoadingBlock />}</>;
  if (query.isError && (!keepDataOnError || query.data === undefined))
    return (
      <StateMessage icon={IconAlertCircle} color="red" title={errorTitle} role="alert">
        <Button variant="light" onClick={() => void query.refetch()} loading={query.isFetching}>
          {messages.common.tryAgain}
        </Button>
      </StateMessage>
    );
  const data = query.data as T;
  if (isEmpty?.(data) && empty !== undefined) return <>{empty}</>;
  return <>{children(data)}</>;
}
