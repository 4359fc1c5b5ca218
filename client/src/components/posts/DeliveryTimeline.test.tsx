// 'Histórico de entrega' (issue 24, item 4): what the owner reads about each attempt of a post —
// the steps in pt-BR, in the owner's time zone, the network's answer and id, the reason of a
// flag — and that a live change of the post (the same invalidation LiveUpdates makes for
// `posts.*`) refetches the open dialog's timeline.
import { messages } from '@pauta/core';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { useTRPC } from '../../lib/trpc';
import { cleanup, fireEvent, render, screen, waitFor } from '../../test-utils/render';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { type DeliveryEntry, DeliveryTimeline, DeliveryTimelineView } from './DeliveryTimeline';

const text = messages.posts.delivery;
afterEach(cleanup);

const at = (iso: string) => new Date(iso);
const step = (
  kind: Exclude<DeliveryEntry['kind'], 'answer'>,
  iso: string,
  extra: Partial<DeliveryEntry> = {},
) => ({ kind, at: at(iso), attempt: 1, code: null, detail: null, dueAt: null, ...extra }) as DeliveryEntry;

const ENTRIES: DeliveryEntry[] = [
  step('claimed', '2026-11-27T15:00:00Z'),
  step('send_started', '2026-11-27T15:00:01Z'),
  step('flagged', '2026-11-27T15:02:05Z', { code: 'UNKNOWN_OUTCOME' }),
  step('resolved_published', '2026-11-27T15:02:06Z'),
  {
    kind: 'answer',
    at: at('2026-11-27T15:02:06Z'),
    attempt: 1,
    ok: true,
    platformPostId: 'urn:li:share:42',
    detail: null,
    source: null,
  },
];

describe('DeliveryTimelineView', () => {
  it('lists each step in pt-BR with the time in the owner zone, the reason of the flag and the network id', () => {
    render(
      <DeliveryTimelineView
        entries={ENTRIES}
        url="https://www.linkedin.com/feed/update/urn:li:share:42/"
        platform="linkedin"
        timeZone="America/Sao_Paulo"
      />,
    );
    const list = screen.getByLabelText(text.title);
    const titles = [...list.querySelectorAll('.mantine-Timeline-itemTitle')].map((n) => n.textContent);
    expect(titles).toEqual([
      text.steps.claimed,
      text.steps.send_started,
      text.steps.flagged,
      text.steps.resolved_published,
      text.answerOk('LinkedIn'),
    ]);
    // 15:00 UTC is 12:00 in São Paulo.
    expect(screen.getAllByText(/27\/11\/2026 12:00/)[0]).toBeTruthy();
    expect(screen.getByText(text.timesIn('America/Sao_Paulo'))).toBeTruthy();
    // The flag's reason: core's pt-BR message of UNKNOWN_OUTCOME.
    expect(screen.getByText(/verifique/i)).toBeTruthy();
    expect(screen.getByText(/urn:li:share:42/)).toBeTruthy();
    expect(screen.getByRole('link', { name: text.viewOnNetwork('LinkedIn') }).getAttribute('href')).toContain(
      'urn:li:share:42',
    );
  });

  it('says nothing happened yet for a post still waiting', () => {
    render(<DeliveryTimelineView entries={[]} url={null} platform="x" timeZone="UTC" />);
    expect(screen.getByText(text.empty)).toBeTruthy();
  });
});

function Invalidate() {
  const trpc = useTRPC();
  const client = useQueryClient();
  return (
    <button type="button" onClick={() => void client.invalidateQueries(trpc.posts.pathFilter())}>
      evento ao vivo
    </button>
  );
}

describe('DeliveryTimeline', () => {
  it('refetches when a live event about posts arrives while the dialog is open', async () => {
    let calls = 0;
    const mock = mockTrpc({
      'auth.session': signedIn(true),
      'posts.deliveryTimeline': () => {
        calls += 1;
        return calls === 1
          ? { entries: ENTRIES.slice(0, 2), url: null }
          : { entries: ENTRIES, url: 'https://www.linkedin.com/feed/update/urn:li:share:42/' };
      },
    });
    render(
      <>
        <DeliveryTimeline postId="00000000-0000-4000-8000-000000000001" platform="linkedin" timeZone="UTC" />
        <Invalidate />
      </>,
    );
    await screen.findByText(text.steps.send_started);
    expect(screen.queryByText(text.steps.resolved_published)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'evento ao vivo' }));
    await waitFor(() => expect(screen.getByText(text.steps.resolved_published)).toBeTruthy());
    expect(mock.calls.filter((c) => c.path === 'posts.deliveryTimeline')[0]?.input).toEqual({
      id: '00000000-0000-4000-8000-000000000001',
    });
  });
});
