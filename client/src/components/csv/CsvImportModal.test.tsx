// "Importar CSV" (docs/csv-import.md): a row whose network option is wrong shows the server's pt-BR
// error on that row, the summary counts it, and no "Importar" button is offered (nothing saved).
import { csvMessages, mediaRejectionMessage } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
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
        fileWarnings: [],
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

describe('CsvImportModal: images uploaded beside the CSV', () => {
  it('uploads each image once, sends the preview and the import their ids, and shows refusals and unnamed files', async () => {
    const FOTO_ID = '6f1c2b8e-0c1a-4d7e-9f3a-2b4c5d6e7f80';
    const refusal = 'O arquivo não é uma imagem JPEG, PNG, WebP ou GIF.';
    const uploads: string[] = [];
    const unused = t.warning.imageFileUnused('sobrou.jpg');
    const api = mockTrpc({
      'auth.session': signedIn(true),
      'themes.list': [],
      'media.discardComposer': { discarded: 0 },
      'posts.importCsvPreview': {
        fileError: null,
        fileWarnings: [unused],
        rows: [{ ...row(2, 'Com foto', []), network: 'LinkedIn' }],
        errorCount: 0,
        importable: 1,
      },
      'posts.importCsv': { created: 1, existing: 0 },
    });
    render(
      <CsvImportModal
        opened
        onClose={() => {}}
        uploader={async ({ file }) => {
          uploads.push(file.name);
          return file.name === 'foto.jpg'
            ? { ok: true, media: { id: FOTO_ID } }
            : { ok: false, message: refusal };
        }}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    const imagesInput = dialog.querySelector('input[accept^="image/"]') as HTMLInputElement;
    fireEvent.change(imagesInput, {
      target: {
        files: [
          new File(['jpg'], 'foto.jpg', { type: 'image/jpeg' }),
          new File(['x'], 'planilha.jpg', { type: 'image/jpeg' }),
          // Refused in the browser (not an image type): never sent.
          new File(['texto'], 'notas.txt', { type: 'text/plain' }),
        ],
      },
    });
    const list = await screen.findByRole('list', { name: t.imagesList });
    await waitFor(() =>
      expect(within(list).getByRole('listitem', { name: 'foto.jpg' }).textContent).toContain(t.imageReady),
    );
    expect(
      within(within(list).getByRole('listitem', { name: 'planilha.jpg' })).getByText(refusal),
    ).toBeTruthy();
    expect(
      within(within(list).getByRole('listitem', { name: 'notas.txt' })).getByText(
        mediaRejectionMessage({ reason: 'UNSUPPORTED_TYPE' }),
      ),
    ).toBeTruthy();
    expect(uploads).toEqual(['foto.jpg', 'planilha.jpg']);

    const csvInput = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    const csv =
      'título;tema;rede;conta;data;hora;texto;imagem;status;arquivo da imagem\n' +
      'Com foto;Loja;LinkedIn;;10/12/2026;10:00;Texto;;;foto.jpg\n';
    fireEvent.change(csvInput, { target: { files: [new File([csv], 'posts.csv', { type: 'text/csv' })] } });

    expect(await screen.findByText(unused)).toBeTruthy();
    const sent = api.callsTo('posts.importCsvPreview').at(-1)!.input as Record<string, unknown>;
    expect(sent).toMatchObject({
      files: [{ name: 'foto.jpg', id: FOTO_ID }],
      refused: [
        { name: 'planilha.jpg', message: refusal },
        { name: 'notas.txt', message: mediaRejectionMessage({ reason: 'UNSUPPORTED_TYPE' }) },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: t.importCount(1) }));
    expect(await screen.findByText(t.done(1, 0))).toBeTruthy();
    const [imported] = api.callsTo('posts.importCsv');
    expect(imported!.input).toMatchObject({ files: [{ name: 'foto.jpg', id: FOTO_ID }] });
    // The bytes went up once: the preview and the import only named them.
    expect(uploads).toEqual(['foto.jpg', 'planilha.jpg']);
  });
});
