import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '../../test-utils/render';
import { defaultWorkersStatus, deferred, mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { WorkersSection } from './WorkersSection';

const text = messages.admin.workers;

describe('Workers de publicação', () => {
  it('shows a loading state, then each worker with its state and last beat', async () => {
    const answer = deferred<typeof defaultWorkersStatus>();
    mockTrpc({ 'auth.session': signedIn(true), 'admin.workers.status': () => answer.promise });
    render(<WorkersSection />);
    expect(await screen.findByLabelText(text.loading)).toBeTruthy();
    answer.resolve({
      health: { ...defaultWorkersStatus.health, alive: 1, duePosts: 3 },
      workers: [
        defaultWorkersStatus.workers[0]!,
        {
          ...defaultWorkersStatus.workers[0]!,
          id: 'w-2',
          host: 'worker-2',
          pid: 7,
          state: 'stopped',
          secondsSinceBeat: 600,
          stoppedAt: new Date(),
        },
      ],
    });
    const first = await screen.findByRole('article', { name: 'worker-1 · 4242' });
    expect(within(first).getByText(text.states.alive)).toBeTruthy();
    expect(within(first).getByText(/há 5 s/)).toBeTruthy();
    expect(within(first).getByText(/v1\.2\.3/)).toBeTruthy();
    const second = screen.getByRole('article', { name: 'worker-2 · 7' });
    expect(within(second).getByText(text.states.stopped)).toBeTruthy();
    expect(within(second).getByText(/há 10 min/)).toBeTruthy();
    expect(screen.getByText('1 worker ativo · 3 posts na hora de publicar')).toBeTruthy();
  });

  it('says how to start a worker when none is registered', async () => {
    mockTrpc({
      'auth.session': signedIn(true),
      'admin.workers.status': {
        health: { status: 'absent', alive: 0, duePosts: 0, lastSeenAt: null, minutesSinceSeen: null },
        workers: [],
      },
    });
    render(<WorkersSection />);
    expect((await screen.findByRole('status')).textContent).toContain('npm run start:worker');
  });
});
