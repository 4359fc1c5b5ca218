import { messages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { MAIN_ID, SkipLink } from '../components/SkipLink';
import { announce } from '../lib/announcer';
import { showError, showSuccess } from '../lib/toast';
import { act, fireEvent, render, screen, waitFor } from '../test-utils/render';

const region = (politeness: 'polite' | 'assertive') =>
  document.querySelector(`[data-announcer="${politeness}"]`) as HTMLElement;

describe('announcer', () => {
  it('has both live regions in the page from the start, empty', () => {
    render(<p>app</p>);
    expect(region('polite').getAttribute('aria-live')).toBe('polite');
    expect(region('assertive').getAttribute('aria-live')).toBe('assertive');
    expect(region('polite').textContent).toBe('');
  });

  it('reads a success toast politely and an error toast assertively', async () => {
    render(<p>app</p>);
    act(() => showSuccess('Sucesso!', 'Post agendado.'));
    await waitFor(() => expect(region('polite').textContent).toBe('Sucesso! Post agendado.'));
    act(() => showError('Erro', <span>Falha ao salvar.</span>));
    await waitFor(() => expect(region('assertive').textContent).toBe('Erro. Falha ao salvar.'));
  });

  it('announces the same sentence twice as two changes', async () => {
    render(<p>app</p>);
    act(() => announce('Post publicado no LinkedIn'));
    await waitFor(() => expect(region('polite').textContent).toBe('Post publicado no LinkedIn'));
    act(() => announce('Post publicado no LinkedIn'));
    expect(region('polite').textContent).toBe('');
    await waitFor(() => expect(region('polite').textContent).toBe('Post publicado no LinkedIn'));
  });
});

describe('skip link', () => {
  it('moves focus to the main landmark', () => {
    render(
      <>
        <SkipLink />
        <main id={MAIN_ID} tabIndex={-1}>
          conteúdo
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: messages.a11y.skipToContent });
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
