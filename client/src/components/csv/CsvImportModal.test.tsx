// "Importar CSV" (docs/csv-import.md): a row whose network option is wrong shows the server's pt-BR
// error on that row, the summary counts it, and no "Importar" button is offered (nothing saved).
import { csvMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '../../test-utils/render';
import { mockTrpc, signedIn } from '../../test-utils/trpc-mock';
import { CsvImportModal } from './CsvImportModal';

const t = csvMessages;
const OPTION_ERROR = t.option.inColumn(
  t.option.choice('Tipo de post', 'Promo', ['Novidade', 'Oferta', 'Evento']),
  'opcoes_google_business.postType',
);

const row = (line: number, title: string, errors: string[]) => ({
  line,
  title,
  theme: 'Loja',
  network: 'Google Meu Negócio',
  date: '10/12/2026',
  time: '10:00',
  text: 'Texto',
  errors,
  warnings: [],
});

describe('CsvImportModal', () => {
  it('shows a network option error on its row and offers no import', async () => {
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [],
      'posts.importCsvPreview': {
        fileError: null,
        rows: [row(2, 'Boa', []), row(3, 'Tipo errado', [OPTION_ERROR])],
        errorCount: 1,
        importable: 1,
      },
      'posts.importCsv': { created: 2, existing: 0 },
    });
    render(<CsvImportModal opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const csv =
      'título;tema;rede;conta;data;hora;texto;imagem;status;opcoes_google_business.postType\n' +
      'Boa;Loja;Google Meu Negócio;;10/12/2026;10:00;Texto;;;Novidade\n' +
      'Tipo errado;Loja;Google Meu Negócio;;10/12/2026;10:00;Texto;;;Promo\n';
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([csv], 'posts.csv', { type: 'text/csv' })] } });

    const rowErrors = await screen.findByRole('list', { name: t.rowLabel(3) });
    expect(within(rowErrors).getByText(OPTION_ERROR)).toBeTruthy();
    expect(screen.getByText(t.summary(2, 1, 0))).toBeTruthy();
    expect(screen.getByText(t.fixErrors)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Importar \d/ })).toBeNull();
    // The file went to the preview as read (the option column included); nothing was imported.
    const [sent] = api.callsTo('posts.importCsvPreview');
    expect((sent!.input as { csv: string }).csv).toContain('opcoes_google_business.postType');
    expect(api.callsTo('posts.importCsv')).toEqual([]);
  });
});
