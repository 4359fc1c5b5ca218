import {
  Alert,
  Button,
  CloseButton,
  FileButton,
  FileInput,
  Group,
  Loader,
  Modal,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { csvMessages, messages, POST_CSV_MAX_BYTES, postsCsvTemplate } from '@pauta/core';
import { IconDownload, IconFileUpload, IconPhotoPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, requestStateText } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { newUploadId, precheck, xhrImageUpload } from '../media/upload';
import { useUserTimeZone } from '../posts/time-zone';
import { useRefreshPosts } from '../posts/usePostActions';
import { CsvPreviewRows } from './CsvPreviewRows';
import { downloadText, readCsvFile } from './csv-file';

const t = csvMessages;

/** Most images beside one CSV (the server's CSV_IMAGE_MAX_URLS: the same as image addresses). */
const MAX_IMAGES = 50;

/** Sends one image (tests pass their own): the upload's id, or the pt-BR refusal. */
export type CsvImageUploader = (options: {
  file: File;
  uploadId: string;
}) => Promise<{ ok: true; media: { id: string } } | { ok: false; message: string }>;

// The images go up once, as "Novo post"'s (checked, upright, EXIF-free); the preview and the
// import name them by id, so the bytes are not sent again (docs/csv-import.md).
const xhrCsvImageUpload: CsvImageUploader = ({ file, uploadId }) =>
  xhrImageUpload<{ id: string }>({ url: '/api/composer/media', file, uploadId, onProgress: () => undefined });

type CsvImage = { key: string; name: string } & (
  | { state: 'uploading' }
  | { state: 'ready'; id: string }
  | { state: 'refused'; message: string }
);

/** The images as the two procedures take them: uploaded ones by id, refused ones with their reason. */
function imagesInput(images: readonly CsvImage[]) {
  return {
    files: images.flatMap((image) => (image.state === 'ready' ? [{ name: image.name, id: image.id }] : [])),
    refused: images.flatMap((image) =>
      // The server takes up to 500 characters of the reason (the upload's own sentences are shorter).
      image.state === 'refused' ? [{ name: image.name, message: image.message.slice(0, 500) }] : [],
    ),
  };
}

type Step =
  | { kind: 'pick' }
  | { kind: 'checking' }
  | { kind: 'fileError'; message: string }
  | {
      kind: 'preview';
      csv: string;
      preview: {
        rows: Parameters<typeof CsvPreviewRows>[0]['rows'];
        errorCount: number;
        importable: number;
        fileWarnings: string[];
      };
    }
  | { kind: 'done'; created: number; existing: number };

/**
 * "Importar CSV" (docs/csv-import.md): pick a file (and the images its rows name), see every row
 * with its errors before anything is saved, then "Importar N posts" — offered only when no row has
 * an error.
 */
export function CsvImportModal({
  opened,
  onClose,
  uploader = xhrCsvImageUpload,
}: {
  opened: boolean;
  onClose: () => void;
  uploader?: CsvImageUploader;
}) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const timeZone = useUserTimeZone();
  const refresh = useRefreshPosts();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const themes = useQuery({ ...trpc.themes.list.queryOptions(), enabled: opened });
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [importError, setImportError] = useState<string | null>(null);
  const preview = useMutation(trpc.posts.importCsvPreview.mutationOptions());
  const confirm = useMutation(trpc.posts.importCsv.mutationOptions());
  /** The CSV's text once read: the preview runs again whenever it or the images change. */
  const [csvText, setCsvText] = useState<string | null>(null);
  const [images, setImages] = useState<CsvImage[]>([]);
  const [imagesError, setImagesError] = useState<string | null>(null);
  const uploading = images.some((image) => image.state === 'uploading');

  // Every upload of this dialog: dropped when it closes (best effort; the server's sweeper drops
  // what is left after hours). An import already consumed its own.
  const uploaded = useRef(new Set<string>());
  const closed = useRef(false);
  const clientRef = useRef(client);
  clientRef.current = client;
  const discard = (ids: string[]) => {
    for (const id of ids) uploaded.current.delete(id);
    if (ids.length > 0) clientRef.current.media.discardComposer.mutate({ ids }).catch(() => undefined);
  };
  const discardRef = useRef(discard);
  discardRef.current = discard;
  useEffect(() => {
    closed.current = false;
    return () => {
      closed.current = true;
      discardRef.current([...uploaded.current]);
    };
  }, []);

  // The preview of the CSV with the images as they are now (once no upload is under way); an
  // answer to an older state is dropped.
  const previewRef = useRef(preview.mutateAsync);
  previewRef.current = preview.mutateAsync;
  useEffect(() => {
    if (csvText === null || images.some((image) => image.state === 'uploading')) return;
    let stale = false;
    setStep({ kind: 'checking' });
    previewRef
      .current({ csv: csvText, ...imagesInput(images) })
      .then((result) => {
        if (stale) return;
        setStep(
          result.fileError
            ? { kind: 'fileError', message: result.fileError }
            : { kind: 'preview', csv: csvText, preview: result },
        );
      })
      .catch((error: unknown) => {
        if (!stale) setStep({ kind: 'fileError', message: requestStateText(error) ?? t.previewError });
      });
    return () => {
      stale = true;
    };
  }, [csvText, images]);

  const reset = () => {
    setFile(null);
    setCsvText(null);
    setStep({ kind: 'pick' });
    setImportError(null);
    discard(images.flatMap((image) => (image.state === 'ready' ? [image.id] : [])));
    setImages([]);
    setImagesError(null);
  };

  const choose = async (picked: File | null) => {
    setFile(picked);
    setCsvText(null);
    setImportError(null);
    if (!picked) return setStep({ kind: 'pick' });
    if (picked.size > POST_CSV_MAX_BYTES)
      return setStep({ kind: 'fileError', message: t.file.tooLarge(POST_CSV_MAX_BYTES / 1024 / 1024) });
    setStep({ kind: 'checking' });
    try {
      setCsvText(await readCsvFile(picked));
    } catch (error) {
      setStep({ kind: 'fileError', message: requestStateText(error) ?? t.previewError });
    }
  };

  const setImage = (key: string, change: CsvImage | null) =>
    setImages((current) =>
      change === null
        ? current.filter((image) => image.key !== key)
        : current.map((image) => (image.key === key ? change : image)),
    );

  /** Images added: each uploaded at once (a file of a name already listed replaces it). */
  const addImages = async (files: File[]) => {
    setImagesError(null);
    setImportError(null);
    const names = new Set(files.map((f) => f.name.trim().normalize('NFC').toLowerCase()));
    const replaced = images.filter((image) => names.has(image.name.trim().normalize('NFC').toLowerCase()));
    discard(replaced.flatMap((image) => (image.state === 'ready' ? [image.id] : [])));
    const room = MAX_IMAGES - (images.length - replaced.length);
    if (files.length > room) {
      setImagesError(t.imagesTooMany(MAX_IMAGES));
      files = files.slice(0, Math.max(0, room));
    }
    const added = files.map((f): CsvImage & { file: File } => {
      const refused = precheck(f);
      const key = newUploadId();
      return refused
        ? { key, name: f.name, file: f, state: 'refused', message: refused }
        : { key, name: f.name, file: f, state: 'uploading' };
    });
    setImages((current) => [
      ...current.filter((image) => !replaced.some((r) => r.key === image.key)),
      ...added.map(({ file: _file, ...image }) => image),
    ]);
    for (const image of added) {
      if (image.state !== 'uploading') continue;
      const result = await uploader({ file: image.file, uploadId: image.key });
      if (closed.current) {
        if (result.ok) discard([result.media.id]);
        return;
      }
      if (result.ok) uploaded.current.add(result.media.id);
      setImage(
        image.key,
        result.ok
          ? { key: image.key, name: image.name, state: 'ready', id: result.media.id }
          : { key: image.key, name: image.name, state: 'refused', message: result.message },
      );
    }
  };

  const removeImage = (image: CsvImage) => {
    if (image.state === 'ready') discard([image.id]);
    setImage(image.key, null);
  };

  const [runImport, importing] = useSingleFlight(async () => {
    if (step.kind !== 'preview' || uploading) return;
    setImportError(null);
    const input = imagesInput(images);
    try {
      const result = await confirm.mutateAsync({ csv: step.csv, ...input });
      // The server copied the uploads under their posts and dropped them.
      for (const file of input.files) uploaded.current.delete(file.id);
      // Not checked again: the file is done (the list shows "Importar outro arquivo").
      setCsvText(null);
      setImages([]);
      setStep({ kind: 'done', created: result.created, existing: result.existing });
      await refresh();
    } catch (error) {
      // The workspace changed since the preview (a theme deleted, a network disconnected): nothing
      // was saved; the rows are checked again so the person sees which.
      if (errorCodeOf(error) === 'VALIDATION_FAILED') {
        const csv = step.csv;
        const again = await preview.mutateAsync({ csv, ...input }).catch(() => null);
        if (again && !again.fileError) setStep({ kind: 'preview', csv, preview: again });
        setImportError(t.changedSincePreview);
        return;
      }
      setImportError(requestStateText(error) ?? t.importError);
    }
  });

  const close = () => {
    if (importing) return;
    reset();
    onClose();
  };

  const firstTheme = themes.data?.[0];
  const downloadTemplate = () =>
    downloadText(
      'modelo-importacao-pauta.csv',
      postsCsvTemplate({
        now: new Date(),
        timeZone,
        themeName: firstTheme?.name,
        network: firstTheme?.socialNetworks[0],
      }),
    );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t.modalTitle}
      size={phone ? '100%' : '64rem'}
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      <Stack gap="md">
        {step.kind === 'done' ? (
          <>
            <Alert color="green" title={t.doneTitle} role="status">
              {t.done(step.created, step.existing)}
            </Alert>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={reset}>
                {t.another}
              </Button>
              <Button onClick={close}>{t.close}</Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{t.intro}</Text>
            <Group gap="sm" align="flex-end" wrap="wrap">
              <FileInput
                label={t.fileLabel}
                placeholder={t.filePlaceholder}
                accept=".csv,text/csv"
                value={file}
                onChange={(picked) => void choose(picked)}
                leftSection={<IconFileUpload size={18} aria-hidden />}
                clearable
                clearButtonProps={{ 'aria-label': t.clearFile }}
                disabled={step.kind === 'checking' || importing}
                style={{ flex: '1 1 16rem' }}
              />
              <Button
                variant="subtle"
                leftSection={<IconDownload size={18} aria-hidden />}
                onClick={downloadTemplate}
              >
                {t.template}
              </Button>
            </Group>

            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t.imagesIntro}
              </Text>
              <Group gap="sm">
                <FileButton
                  onChange={(files) => void addImages(files)}
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  multiple
                  disabled={importing}
                >
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      leftSection={<IconPhotoPlus size={18} aria-hidden />}
                    >
                      {t.addImages}
                    </Button>
                  )}
                </FileButton>
              </Group>
              {imagesError && (
                <Text size="sm" c="red" role="alert">
                  {imagesError}
                </Text>
              )}
              {images.length > 0 && (
                <Stack
                  component="ul"
                  gap={6}
                  aria-label={t.imagesList}
                  style={{ listStyle: 'none', padding: 0, margin: 0 }}
                >
                  {images.map((image) => (
                    <li key={image.key} aria-label={image.name} style={{ overflowWrap: 'anywhere' }}>
                      <Group gap="xs" wrap="nowrap" justify="space-between">
                        <Text size="sm" fw={500} style={{ minWidth: 0 }}>
                          {image.name}
                        </Text>
                        <Group gap="xs" wrap="nowrap">
                          {image.state === 'uploading' && <Loader size="xs" aria-hidden />}
                          <Text size="xs" c={image.state === 'refused' ? 'red' : 'dimmed'}>
                            {image.state === 'uploading'
                              ? t.imageUploading
                              : image.state === 'ready'
                                ? t.imageReady
                                : t.errorLabel}
                          </Text>
                          <CloseButton
                            size="sm"
                            aria-label={t.removeImage(image.name)}
                            onClick={() => removeImage(image)}
                            disabled={importing}
                          />
                        </Group>
                      </Group>
                      {image.state === 'refused' && (
                        <Text size="xs" c="red">
                          {image.message}
                        </Text>
                      )}
                    </li>
                  ))}
                </Stack>
              )}
            </Stack>

            {step.kind === 'checking' && (
              <Group gap="xs" role="status">
                <Loader size="sm" />
                <Text size="sm">{t.checking}</Text>
              </Group>
            )}
            {step.kind === 'fileError' && (
              <Alert color="red" title={messages.common.error} role="alert">
                {step.message}
              </Alert>
            )}
            {step.kind === 'preview' && (
              <>
                <Alert
                  color={step.preview.errorCount > 0 ? 'red' : 'green'}
                  role={step.preview.errorCount > 0 ? 'alert' : 'status'}
                >
                  <Text size="sm">
                    {t.summary(
                      step.preview.rows.length,
                      step.preview.errorCount,
                      step.preview.rows.filter((r) => r.errors.length === 0 && r.warnings.length > 0).length,
                    )}
                  </Text>
                  {step.preview.errorCount > 0 && <Text size="sm">{t.fixErrors}</Text>}
                  {step.preview.errorCount === 0 && step.preview.importable === 0 && (
                    <Text size="sm">{t.nothingToImport}</Text>
                  )}
                </Alert>
                {step.preview.fileWarnings.length > 0 && (
                  <Alert color="yellow" title={t.warningLabel}>
                    <Stack gap={2}>
                      {step.preview.fileWarnings.map((warning) => (
                        <Text key={warning} size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {warning}
                        </Text>
                      ))}
                    </Stack>
                  </Alert>
                )}
                <CsvPreviewRows rows={step.preview.rows} />
                {importing && <Progress value={100} animated aria-label={t.importing} />}
                {importError && (
                  <Alert color="red" title={messages.common.error} role="alert">
                    {importError}
                  </Alert>
                )}
              </>
            )}

            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={importing}>
                {t.cancel}
              </Button>
              {step.kind === 'preview' && step.preview.errorCount === 0 && step.preview.importable > 0 && (
                <Button
                  onClick={() => void runImport()}
                  loading={importing}
                  disabled={uploading}
                  title={uploading ? t.imagesBusy : undefined}
                >
                  {importing ? t.importing : t.importCount(step.preview.importable)}
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
