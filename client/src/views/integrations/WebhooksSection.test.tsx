import { WEBHOOK_EVENT_LABELS, webhookMessages, webhookUrlRefusalMessage } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { deferred, mockTrpc, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { WebhooksSection } from './WebhooksSection';

const text = webhookMessages;
const SUB = '77777777-7777-4777-8777-777777777777';
const SECRET = `whsec_${'A'.repeat(43)}=`;

function subscription(overrides: Record<string, unknown> = {}) {
  return {
    id: SUB,
    url: 'https://exemplo.com.br/webhooks',
    events: ['post.published', 'post.failed'],
    status: 'active',
    pausedReason: null,
    failingSince: null,
    previousSecretUntil: null,
    createdAt: new Date('2026-11-30T12:00:00Z'),
    ...overrides,
  };
}

function delivery(overrides: Record<string, unknown> = {}) {
  return {
    id: 41,
    eventId: 'msg_0123456789abcdef0123456789abcdef',
    type: 'post.published',
    status: 'delivered',
    attempts: 3,
    nextAttemptAt: null,
    lastStatusCode: 200,
    lastError: null,
    deliveredAt: new Date('2026-11-30T12:05:00Z'),
    createdAt: new Date('2026-11-30T12:00:00Z'),
    log: [
      {
        attempt: 1,
        statusCode: 500,
        error: 'resposta HTTP 500',
        at: new Date('2026-11-30T12:00:01Z'),
        durationMs: 20,
      },
      {
        attempt: 2,
        statusCode: 500,
        error: 'resposta HTTP 500',
        at: new Date('2026-11-30T12:00:31Z'),
        durationMs: 20,
      },
      { attempt: 3, statusCode: 200, error: null, at: new Date('2026-11-30T12:02:31Z'), durationMs: 20 },
    ],
    ...overrides,
  };
}

describe('Webhooks (Integrações)', () => {
  it('validates, creates a webhook with the chosen events and shows its secret once', async () => {
    let subs: unknown[] = [];
    const api = mockTrpc({
      'webhooks.list': () => subs,
      'webhooks.create': () => {
        subs = [subscription()];
        return { subscription: subscription(), secret: SECRET };
      },
    });
    render(<WebhooksSection />);
    expect(await screen.findByText(text.listEmpty)).toBeTruthy();
    const url = screen.getByRole('textbox', { name: new RegExp(text.urlLabel.replace(/[()]/g, '\\$&')) });
    fireEvent.click(screen.getByRole('button', { name: text.create }));
    expect(await screen.findByText(text.urlRequired)).toBeTruthy();
    fireEvent.change(url, { target: { value: 'ftp://exemplo.com.br' } });
    fireEvent.click(screen.getByRole('button', { name: text.create }));
    expect(await screen.findByText(webhookUrlRefusalMessage('SCHEME'))).toBeTruthy();
    expect(api.callsTo('webhooks.create')).toEqual([]);

    fireEvent.change(url, { target: { value: 'https://exemplo.com.br/webhooks' } });
    // Both defaults (publicado, falha) plus "Cliente aprovou".
    fireEvent.click(
      screen.getByRole('checkbox', { name: new RegExp(WEBHOOK_EVENT_LABELS['approval.client_approved']) }),
    );
    fireEvent.click(screen.getByRole('button', { name: text.create }));
    expect(await screen.findByTestId('webhook-secret')).toBeTruthy();
    expect(screen.getByTestId('webhook-secret').textContent).toBe(SECRET);
    expect(screen.getByRole('button', { name: text.copy })).toBeTruthy();
    expect(api.callsTo('webhooks.create').map((c) => c.input)).toEqual([
      {
        url: 'https://exemplo.com.br/webhooks',
        events: ['post.published', 'post.failed', 'approval.client_approved'],
      },
    ]);
    expect(api.callsTo('webhooks.create')[0]?.idempotencyKey).toBeTruthy();
    expect(await screen.findByTestId('webhook-row')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: text.close }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    cleanup();
  });

  it('shows the server refusal of an internal address under the field, and changes nothing', async () => {
    const api = mockTrpc({
      'webhooks.list': [],
      'webhooks.create': () => {
        throw new TrpcErrorResponse('BAD_REQUEST', 'WEBHOOK_URL_REFUSED', {
          details: { reason: 'PRIVATE_ADDRESS' },
        });
      },
    });
    render(<WebhooksSection />);
    await screen.findByText(text.listEmpty);
    fireEvent.change(
      screen.getByRole('textbox', { name: new RegExp(text.urlLabel.replace(/[()]/g, '\\$&')) }),
      {
        target: { value: 'http://169.254.169.254/latest' },
      },
    );
    fireEvent.click(screen.getByRole('button', { name: text.create }));
    expect(await screen.findByText(webhookUrlRefusalMessage('PRIVATE_ADDRESS'))).toBeTruthy();
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
    expect(api.callsTo('webhooks.create')).toHaveLength(1);
    cleanup();
  });

  it('lists the delivery log with each status code; "Reenviar" is disabled while it runs and sent once', async () => {
    const answer = deferred<unknown>();
    const api = mockTrpc({
      'webhooks.list': [
        subscription({
          status: 'paused',
          pausedReason: 'failing',
          failingSince: new Date('2026-11-27T12:00:00Z'),
        }),
      ],
      'webhooks.deliveries': [delivery()],
      'webhooks.resend': () => answer.promise,
    });
    render(<WebhooksSection />);
    const row = await screen.findByTestId('webhook-row');
    expect(row.getAttribute('data-status')).toBe('paused');
    expect(within(row).getByText(text.status.paused)).toBeTruthy();
    expect(within(row).getByRole('button', { name: text.resume })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: text.deliveries }));
    const item = await within(row).findByTestId('webhook-delivery');
    expect(within(item).getAllByText('500')).toHaveLength(2);
    expect(within(item).getByText('200')).toBeTruthy();
    const resend = within(item).getByRole('button', { name: /Reenviar/ });
    fireEvent.click(resend);
    fireEvent.click(resend);
    await waitFor(() => expect((resend as HTMLButtonElement).disabled).toBe(true));
    answer.resolve({ queued: true });
    await waitFor(() => expect((resend as HTMLButtonElement).disabled).toBe(false));
    expect(api.callsTo('webhooks.resend').map((c) => c.input)).toEqual([{ deliveryId: 41 }]);
    cleanup();
  });

  it('says only the owner manages webhooks when the server refuses the list', async () => {
    mockTrpc({
      'webhooks.list': () => {
        throw new TrpcErrorResponse('FORBIDDEN', 'FORBIDDEN');
      },
    });
    render(<WebhooksSection />);
    expect(await screen.findByText(text.ownerOnly)).toBeTruthy();
    cleanup();
  });
});
