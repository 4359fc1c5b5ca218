// The image field of the edit dialog: what a person sees and does — pick files (one upload at a
// time, progress shown, each with its own uuid), read pt-BR refusals, reorder with buttons (the
// focus follows the moved image), describe an image, remove one, and nothing to change on a post
// that is being published.
import { errorMessages, messages } from '@pauta/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '../../test-utils/render';
import { defaultStatus, deferred, mockTrpc, TrpcErrorResponse } from '../../test-utils/trpc-mock';
import { PostMediaField } from './PostMediaField';
import type { MediaItem } from './types';
import type { Uploader, UploadResult } from './upload';

const text = messages.media;
const POST_ID = '11111111-1111-4111-8111-111111111111';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function item(n: number, extra: Partial<MediaItem> = {}): MediaItem {
  return {
    id: `0000000${n}-0000-4000-8000-000000000000`,
    kind: 'image',
    video: null,
    position: n - 1,
    mimeType: 'image/jpeg',
    width: 800,
    height: 600,
    sizeBytes: 1000,
    altText: '',
    url: `/media/posts/x/${n}.jpg?exp=1&sig=a`,
    thumbUrl: `/media/posts/x/${n}-thumb.webp?exp=1&sig=a`,
    ...extra,
  };
}

const file = (name: string, type = 'image/png', size = 10) =>
  new File([new Uint8Array(size)], name, { type });

function pick(files: File[]) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

describe('PostMediaField', () => {
  it('uploads picked files one at a time with progress, and shows them with their alt text field', async () => {
    mockTrpc({ 'media.list': [] });
    const first = deferred<UploadResult>();
    const calls: { name: string; uploadId: string }[] = [];
    const uploader: Uploader = async ({ file: f, uploadId, onProgress }) => {
      calls.push({ name: f.name, uploadId });
      if (calls.length === 1) {
        onProgress(0.5);
        return first.promise;
      }
      return { ok: true, media: item(2) };
    };
    render(<PostMediaField postId={POST_ID} editable uploader={uploader} />);
    expect(await screen.findByRole('button', { name: text.add })).toBeTruthy();
    pick([file('praia.png'), file('cafe.png')]);

    const progress = await screen.findByRole('progressbar', { name: text.uploading('praia.png') });
    expect(progress?.getAttribute('aria-valuenow')).toBe('50');
    // The second waits for the first.
    expect(calls.map((c) => c.name)).toEqual(['praia.png']);
    first.resolve({ ok: true, media: item(1) });

    expect(await screen.findByRole('img', { name: text.image(2) })).toBeTruthy();
    expect(screen.getByRole('img', { name: text.image(1) }).getAttribute('src')).toBe(item(1).thumbUrl);
    expect(screen.getByLabelText(text.altLabel(1))).toBeTruthy();
    expect(calls.map((c) => c.name)).toEqual(['praia.png', 'cafe.png']);
    // Each upload has its own uuid (its Idempotency-Key).
    expect(calls[0]?.uploadId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(calls[0]?.uploadId).not.toBe(calls[1]?.uploadId);
  });

  it('takes files dropped on its area', async () => {
    mockTrpc({ 'media.list': [] });
    const names: string[] = [];
    const uploader: Uploader = async ({ file: f }) => {
      names.push(f.name);
      return { ok: true, media: item(names.length) };
    };
    render(<PostMediaField postId={POST_ID} editable uploader={uploader} />);
    const button = await screen.findByRole('button', { name: text.add });
    const area = button.parentElement as HTMLElement;
    fireEvent.dragOver(area, { dataTransfer: { files: [] } });
    expect(area.hasAttribute('data-dragging')).toBe(true);
    fireEvent.drop(area, { dataTransfer: { files: [file('solta.jpg', 'image/jpeg')] } });
    await screen.findByRole('img', { name: text.image(1) });
    expect(names).toEqual(['solta.jpg']);
    expect(area.hasAttribute('data-dragging')).toBe(false);
  });

  it("shows refusals in pt-BR: the server's (network and limit), a file too big, a fifth image", async () => {
    mockTrpc({ 'media.list': [item(1), item(2), item(3)] });
    const uploader: Uploader = async () => ({
      ok: false,
      message: 'X (Twitter) aceita imagens de até 5 MB. Reduza a imagem e tente de novo.',
    });
    render(<PostMediaField postId={POST_ID} editable uploader={uploader} />);
    await screen.findByRole('img', { name: text.image(3) });
    pick([
      file('grande.png'),
      file('quinta.png'),
      file('texto.pdf', 'application/pdf'),
      file('video.mp4', 'video/mp4'),
    ]);
    const alert = await screen.findByTestId('media-errors');
    await waitFor(() =>
      expect(alert.textContent).toContain(
        'grande.png: X (Twitter) aceita imagens de até 5 MB. Reduza a imagem e tente de novo.',
      ),
    );
    expect(alert.textContent).toContain(`quinta.png: ${text.full}`);
    expect(alert.textContent).toContain(
      'texto.pdf: Este arquivo não é uma imagem aceita. Envie uma imagem JPEG, PNG, WebP ou GIF.',
    );
    // A video on a post with images: refused, naming the rule (a post has images or one video).
    expect(alert.textContent).toContain('video.mp4: Um post tem imagens ou um vídeo, não os dois.');
  });

  it('reorders with buttons, keeping the focus on the moved image, and removes', async () => {
    const api = mockTrpc({
      'media.list': [item(1), item(2)],
      'media.reorder': (input: { order: string[] }) =>
        input.order.map((id, position) => ({ ...(id === item(1).id ? item(1) : item(2)), position })),
      'media.remove': () => [item(2, { position: 0 })],
    });
    render(<PostMediaField postId={POST_ID} editable />);
    await screen.findByRole('img', { name: text.image(2) });
    expect((screen.getByRole('button', { name: text.moveBefore(1) }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: text.moveAfter(1) }));
    await waitFor(() => expect(api.callsTo('media.reorder')).toHaveLength(1));
    expect(api.callsTo('media.reorder')[0]?.input).toEqual({
      postId: POST_ID,
      order: [item(2).id, item(1).id],
    });
    // The moved image is now second; it reached the end, so its "before" arrow has the focus.
    const images = screen.getAllByRole('img');
    expect(images[1]?.getAttribute('src')).toBe(item(1).thumbUrl);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: text.moveBefore(2) })),
    );

    fireEvent.click(screen.getByRole('button', { name: text.remove(2) }));
    await waitFor(() =>
      expect(api.callsTo('media.remove')[0]?.input).toEqual({ postId: POST_ID, mediaId: item(1).id }),
    );
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
  });

  it('saves the alt text when the field is left, only when it changed', async () => {
    const api = mockTrpc({
      'media.list': [item(1, { altText: 'Antes' })],
      'media.setAlt': (input: { altText: string }) => item(1, { altText: input.altText }),
    });
    render(<PostMediaField postId={POST_ID} editable />);
    const alt = await screen.findByLabelText(text.altLabel(1));
    fireEvent.blur(alt);
    fireEvent.change(alt, { target: { value: '  Xícara de café sobre a mesa ' } });
    fireEvent.blur(alt);
    await waitFor(() => expect(api.callsTo('media.setAlt')).toHaveLength(1));
    expect(api.callsTo('media.setAlt')[0]?.input).toEqual({
      postId: POST_ID,
      mediaId: item(1).id,
      altText: 'Xícara de café sobre a mesa',
    });
    expect(await screen.findByRole('img', { name: 'Xícara de café sobre a mesa' })).toBeTruthy();
  });

  it('offers "Sugerir texto alternativo" only with the AI configured: disabled while it runs, then fills the field for review', async () => {
    const answer = deferred<{ altText: string }>();
    const api = mockTrpc({
      'system.status': { ...defaultStatus, aiConfigured: true },
      'media.list': [item(1, { altText: 'Antes' })],
      'media.suggestAlt': () => answer.promise,
      'media.setAlt': (input: { altText: string }) => item(1, { altText: input.altText }),
    });
    render(<PostMediaField postId={POST_ID} editable />);
    const button = await screen.findByRole('button', { name: text.suggestAltFor(1) });
    fireEvent.click(button);
    const running = await screen.findByRole('button', { name: text.suggestingAlt });
    expect(running.hasAttribute('disabled')).toBe(true);
    expect(running.textContent).toContain('Sugerindo...');
    // A second click while it runs sends nothing more.
    fireEvent.click(running);
    answer.resolve({ altText: 'Xícara de café coado sobre uma mesa de madeira' });

    const alt = (await screen.findByDisplayValue(
      'Xícara de café coado sobre uma mesa de madeira',
    )) as HTMLTextAreaElement;
    expect(api.callsTo('media.suggestAlt')).toHaveLength(1);
    expect(api.callsTo('media.suggestAlt')[0]?.input).toEqual({ postId: POST_ID, mediaId: item(1).id });
    expect(screen.getByRole('button', { name: text.suggestAltFor(1) }).hasAttribute('disabled')).toBe(false);
    // Filled, not saved: the person reviews it in the field (focused), and leaving it saves.
    expect(document.activeElement).toBe(alt);
    expect(api.callsTo('media.setAlt')).toHaveLength(0);
    fireEvent.change(alt, { target: { value: 'Xícara de café coado sobre a mesa' } });
    fireEvent.blur(alt);
    await waitFor(() => expect(api.callsTo('media.setAlt')).toHaveLength(1));
    expect(api.callsTo('media.setAlt')[0]?.input).toEqual({
      postId: POST_ID,
      mediaId: item(1).id,
      altText: 'Xícara de café coado sobre a mesa',
    });
  });

  it('shows the pt-BR reason in a toast when the suggestion fails, and keeps what was typed', async () => {
    mockTrpc({
      'system.status': { ...defaultStatus, aiConfigured: true },
      'media.list': [item(1, { altText: 'Antes' })],
      'media.suggestAlt': () => {
        throw new TrpcErrorResponse('PRECONDITION_FAILED', 'AI_NOT_CONFIGURED');
      },
    });
    render(<PostMediaField postId={POST_ID} editable />);
    fireEvent.click(await screen.findByRole('button', { name: text.suggestAltFor(1) }));
    expect(await screen.findByText(errorMessages.AI_NOT_CONFIGURED)).toBeTruthy();
    expect((screen.getByLabelText(text.altLabel(1)) as HTMLTextAreaElement).value).toBe('Antes');
    expect(screen.getByRole('button', { name: text.suggestAltFor(1) }).hasAttribute('disabled')).toBe(false);
  });

  it('has no suggestion button without the AI', async () => {
    mockTrpc({ 'media.list': [item(1)] });
    render(<PostMediaField postId={POST_ID} editable />);
    await screen.findByLabelText(text.altLabel(1));
    expect(screen.queryByRole('button', { name: text.suggestAltFor(1) })).toBeNull();
    expect(screen.queryByText(text.suggestAlt)).toBeNull();
  });

  it('keeps every alt text when several are saved in a row (the later answer does not undo the earlier)', async () => {
    const firstAnswer = deferred<MediaItem>();
    mockTrpc({
      'media.list': [item(1), item(2)],
      'media.setAlt': (input: { mediaId: string; altText: string }) =>
        input.mediaId === item(1).id ? firstAnswer.promise : item(2, { altText: input.altText }),
    });
    render(<PostMediaField postId={POST_ID} editable />);
    const first = await screen.findByLabelText(text.altLabel(1));
    fireEvent.change(first, { target: { value: 'Xícara azul' } });
    fireEvent.blur(first);
    const second = screen.getByLabelText(text.altLabel(2));
    fireEvent.change(second, { target: { value: 'Bolo de cenoura' } });
    fireEvent.blur(second);
    await screen.findByRole('img', { name: 'Bolo de cenoura' });
    firstAnswer.resolve(item(1, { altText: 'Xícara azul' }));
    await screen.findByRole('img', { name: 'Xícara azul' });
    // The first answer, computed from the list as it was when that save began, kept the second.
    expect(screen.getByRole('img', { name: 'Bolo de cenoura' })).toBeTruthy();
  });

  it('is named for what it takes: images or one video, with both formats in its description', async () => {
    mockTrpc({ 'media.list': [] });
    render(<PostMediaField postId={POST_ID} editable />);
    const group = await screen.findByRole('group', { name: 'Imagens ou vídeo' });
    const description = document.getElementById(group.getAttribute('aria-describedby')!)!.textContent!;
    expect(description).toContain('JPEG, PNG, WebP ou GIF');
    expect(description).toContain('Ou um vídeo MP4 ou MOV');
    expect(within(group).getByRole('button', { name: 'Adicionar imagens ou vídeo' })).toBeTruthy();
    expect(within(group).getByText('Arraste imagens ou um vídeo para cá ou')).toBeTruthy();
  });

  it("shows a published post's images without any control to change them", async () => {
    mockTrpc({ 'media.list': [item(1, { altText: 'Logo' })] });
    render(<PostMediaField postId={POST_ID} editable={false} />);
    const group = await screen.findByRole('group', { name: text.label });
    await within(group).findByRole('img', { name: 'Logo' });
    expect(within(group).getByText(text.notEditable)).toBeTruthy();
    expect(within(group).queryByRole('button')).toBeNull();
    expect(within(group).getByLabelText(text.altLabel(1)).hasAttribute('readonly')).toBe(true);
  });

  describe('a network that publishes only posts with an image', () => {
    const hint = 'O Instagram só publica posts com imagem: adicione ao menos uma antes do horário agendado.';

    it('Instagram without images: a hint, part of the field’s description; gone once an image is in', async () => {
      let stored: MediaItem[] = [];
      mockTrpc({ 'media.list': () => stored });
      const uploader: Uploader = async () => {
        stored = [item(1)];
        return { ok: true, media: item(1) };
      };
      render(<PostMediaField postId={POST_ID} editable platform="instagram" uploader={uploader} />);
      const note = await screen.findByTestId('media-required');
      expect(note.textContent).toBe(hint);
      const group = screen.getByRole('group', { name: text.label });
      expect(group.getAttribute('aria-describedby')?.split(' ')).toContain(note.id);
      pick([file('foto.jpg', 'image/jpeg')]);
      await screen.findByRole('img', { name: text.image(1) });
      expect(screen.queryByTestId('media-required')).toBeNull();
      expect(group.getAttribute('aria-describedby')).not.toContain(note.id);
    });

    it('comes back when the last image is removed', async () => {
      let stored = [item(1)];
      mockTrpc({
        'media.list': () => stored,
        'media.remove': () => {
          stored = [];
          return stored;
        },
      });
      render(<PostMediaField postId={POST_ID} editable platform="instagram" />);
      await screen.findByRole('img', { name: text.image(1) });
      expect(screen.queryByTestId('media-required')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: text.remove(1) }));
      expect((await screen.findByTestId('media-required')).textContent).toBe(hint);
    });

    it('no hint on other networks, nor on a post that can no longer change, nor while the list loads', async () => {
      const slow = deferred<MediaItem[]>();
      mockTrpc({ 'media.list': () => slow.promise });
      render(<PostMediaField postId={POST_ID} editable platform="instagram" />);
      expect(screen.queryByTestId('media-required')).toBeNull();
      cleanup();
      mockTrpc({ 'media.list': [] });
      render(<PostMediaField postId={POST_ID} editable platform="linkedin" />);
      await screen.findByRole('button', { name: text.add });
      expect(screen.queryByTestId('media-required')).toBeNull();
      cleanup();
      mockTrpc({ 'media.list': [] });
      render(<PostMediaField postId={POST_ID} editable={false} platform="instagram" />);
      await screen.findByText(text.notEditable);
      expect(screen.queryByTestId('media-required')).toBeNull();
    });
  });
});
