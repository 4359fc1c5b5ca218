import { messages } from '@pauta/core';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../test-utils/render';
import { QueryState } from './QueryState';

type Query = Parameters<typeof QueryState<string[]>>[0]['query'];

function query(patch: Partial<Query>): Query {
  return { data: undefined, isPending: false, isError: false, isFetching: false, refetch: vi.fn(), ...patch };
}

function show(q: Query, keepDataOnError = false) {
  return render(
    <QueryState
      query={q}
      errorTitle="Erro ao carregar a lista"
      keepDataOnError={keepDataOnError}
      isEmpty={(data) => data.length === 0}
      empty={<p>Nada aqui</p>}
    >
      {(data) => <p>{data.join(', ')}</p>}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows a spinner named Carregando... until the first answer', () => {
    show(query({ isPending: true }));
    expect(screen.getByRole('status', { name: messages.common.loading })).toBeTruthy();
    expect(screen.queryByText('Nada aqui')).toBeNull();
  });

  it('says a failure as an alert with Tentar novamente, which refetches and is busy meanwhile', () => {
    const refetch = vi.fn();
    const { rerender } = show(query({ isError: true, refetch }));
    expect(screen.getByRole('alert').textContent).toContain('Erro ao carregar a lista');
    fireEvent.click(screen.getByRole('button', { name: messages.common.tryAgain }));
    expect(refetch).toHaveBeenCalledTimes(1);
    rerender(
      <QueryState
        query={query({ isError: true, isFetching: true, refetch })}
        errorTitle="Erro ao carregar a lista"
      >
        {() => null}
      </QueryState>,
    );
    const retry = screen.getByRole('button', { name: messages.common.tryAgain }) as HTMLButtonElement;
    expect(retry.disabled).toBe(true);
  });

  it('shows the empty state, then the data', () => {
    const { unmount } = show(query({ data: [] }));
    expect(screen.getByText('Nada aqui')).toBeTruthy();
    unmount();
    show(query({ data: ['a', 'b'] }));
    expect(screen.getByText('a, b')).toBeTruthy();
  });

  it('a failed refetch replaces the data unless the screen keeps it', () => {
    const { unmount } = show(query({ data: ['a'], isError: true }));
    expect(screen.getByRole('alert')).toBeTruthy();
    unmount();
    show(query({ data: ['a'], isError: true }), true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('a')).toBeTruthy();
  });
});
