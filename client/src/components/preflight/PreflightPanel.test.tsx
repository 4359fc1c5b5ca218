// "Antes de agendar" (docs/preflight.md): the panel asks the server for the post as it is on screen
// once typing rests, keeps the last answer while the next one comes (no flicker), and shows each
// check with a shape and a spoken level besides its colour.
import { type PreflightReport, preflightMessages } from '@pauta/core';
import { useQueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { useTRPC } from '../../lib/trpc';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { PreflightPanel } from './PreflightPanel';

const AT = new Date('2027-03-12T15:00:00Z');

function report(content: string): PreflightReport {
  const over = content.length > 10;
  return {
    platform: 'x',
    level: over ? 'blocking' : 'warning',
    checks: [
      over
        ? { kind: 'text', level: 'blocking', message: preflightMessages.textOver('x', content.length, 10) }
        : { kind: 'text', level: 'ok', message: preflightMessages.textOk('x', content.length, 10) },
      {
        kind: 'price',
        level: 'warning',
        message: preflightMessages.priceWithLink('x', 0.2, 0.015, 'tabela de preços do X'),
      },
    ],
  };
}

describe('PreflightPanel', () => {
  it('shows a loading state, then each check with its level named for screen readers', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockTrpc({
      'auth.session': signedIn(),
      'posts.preflight': async (input: { content: string }) => {
        await gate;
        return report(input.content);
      },
    });
    render(<PreflightPanel postId="p-1" platform="x" content="Oi" scheduledFor={AT} />);
    expect(await screen.findByText(preflightMessages.loading)).toBeTruthy();
    release();
    const panel = await screen.findByTestId('preflight-panel');
    await within(panel).findByText(preflightMessages.summary.warning);
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.getAttribute('data-level')).toBe('ok');
    expect(items[0]?.textContent).toContain(`OK: ${preflightMessages.textOk('x', 2, 10)}`);
    expect(items[1]?.textContent).toContain('Aviso: X (Twitter): este post tem um link e custa US$ 0,200');
    const call = api.calls.find((c) => c.path === 'posts.preflight');
    expect(call?.input).toEqual({ id: 'p-1', platform: 'x', content: 'Oi', scheduledFor: AT });
  });

  it('asks again once the text rests, keeping the last answer on screen meanwhile', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(),
      'posts.preflight': (input: { content: string }) => report(input.content),
    });
    const { rerender } = render(<PreflightPanel postId="p-1" platform="x" content="Oi" scheduledFor={AT} />);
    await screen.findByText(preflightMessages.summary.warning);
    rerender(<PreflightPanel postId="p-1" platform="x" content="Oi, tudo bem?" scheduledFor={AT} />);
    rerender(<PreflightPanel postId="p-1" platform="x" content="Oi, tudo bem com você?" scheduledFor={AT} />);
    // The previous answer stays while the new one is on its way: no empty panel in between.
    expect(screen.getByText(preflightMessages.summary.warning)).toBeTruthy();
    expect(screen.getByTestId('preflight-panel')?.getAttribute('aria-busy')).toBe('true');
    const blocking = await screen.findByText(preflightMessages.summary.blocking);
    expect(blocking).toBeTruthy();
    const item = screen.getAllByRole('listitem')[0]!;
    expect(item?.getAttribute('data-level')).toBe('blocking');
    expect(item?.textContent).toContain(`Impede o agendamento: ${preflightMessages.textOver('x', 22, 10)}`);
    // Typing in a burst sent one request for the burst, not one per keystroke.
    await waitFor(() =>
      expect(screen.getByTestId('preflight-panel')?.getAttribute('aria-busy')).toBe('false'),
    );
    const contents = api.calls
      .filter((c) => c.path === 'posts.preflight')
      .map((c) => (c.input as { content: string }).content);
    expect(contents).toEqual(['Oi', 'Oi, tudo bem com você?']);
  });

  it('asks again when the live updates refresh the posts (a post of the workspace published)', async () => {
    let published = 3;
    const api = mockTrpc({
      'auth.session': signedIn(),
      'posts.preflight': () => ({
        platform: 'threads',
        level: 'ok',
        checks: [
          { kind: 'dailyCap', level: 'ok', message: preflightMessages.dailyCap('threads', published, 250) },
        ],
      }),
    });
    // What LiveUpdates does on a worker's event: invalidate everything under `posts`.
    function LiveEvent() {
      const trpc = useTRPC();
      const queryClient = useQueryClient();
      return (
        <button type="button" onClick={() => void queryClient.invalidateQueries(trpc.posts.pathFilter())}>
          evento
        </button>
      );
    }
    render(
      <>
        <PreflightPanel postId="p-1" platform="threads" content="Oi" scheduledFor={AT} />
        <LiveEvent />
      </>,
    );
    await screen.findByText(preflightMessages.dailyCap('threads', 3, 250), { exact: false });
    published = 4;
    fireEvent.click(screen.getByRole('button', { name: 'evento' }));
    await screen.findByText(preflightMessages.dailyCap('threads', 4, 250), { exact: false });
    expect(api.calls.filter((c) => c.path === 'posts.preflight')).toHaveLength(2);
  });

  it('says so when the check cannot be made', async () => {
    mockTrpc({
      'auth.session': signedIn(),
      'posts.preflight': () => {
        throw new Error('boom');
      },
    });
    render(<PreflightPanel postId="p-1" content="Oi" scheduledFor={null} />);
    expect(await screen.findByText(preflightMessages.failed)).toBeTruthy();
  });
});
