import { Alert, Button, FileInput, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { csvMessages, messages, POST_CSV_MAX_BYTES, postsCsvTemplate } from '@pauta/core';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, requestStateText } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useUserTimeZone } from '../posts/time-zone';
import { useRefreshPosts } from '../posts/usePostActions';
import { CsvPreviewRows } from './CsvPreviewRows';
import { downloadText, readCsvFile } from './csv-file';

const t = csvMessages;

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
      };
    }
  | { kind: 'done'; created: number; existing: number };

/**
 * "Importar CSV" (docs/csv-import.md): pick a file, see every row with its errors before anything
 * is saved, then "Importar N posts" — offered only when no row has an error.
 */
export function CsvImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const timeZone = useUserTimeZone();
  const refresh = useRefreshPosts();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const themes = useQuery({ ...trpc.themes.list.queryOptions(), enabled: opened });
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [importError, setImportError] = useState<string | null>(null);
  const preview = useMutation(trpc.posts.importCsvPreview.mutationOptions());
  const confirm = useMutation(trpc.posts.importCsv.mutationOptions());

  const reset = () => {
    setFile(null);
    setStep({ kind: 'pick' });
    setImportError(null);
  };

  const choose = async (picked: File | null) => {
    setFile(picked);
    setImportError(null);
    if (!picked) return setStep({ kind: 'pick' });
    if (picked.size > POST_CSV_MAX_BYTES)
      return setStep({ kind: 'fileError', message: t.file.tooLarge(POST_CSV_MAX_BYTES / 1024 / 1024) });
    setStep({ kind: 'checking' });
    try {
      const csv = await readCsvFile(picked);
      const result = await preview.mutateAsync({ csv });
      setStep(
        result.fileError
          ? { kind: 'fileError', message: result.fileError }
          : { kind: 'preview', csv, preview: result },
      );
    } catch (error) {
      setStep({ kind: 'fileError', message: requestStateText(error) ?? t.previewError });
    }
  };

  const [runImport, importing] = useSingleFlight(async () => {
    if (step.kind !== 'preview') return;
    setImportError(null);
    try {
      const result = await confirm.mutateAsync({ csv: step.csv });
      setStep({ kind: 'done', created: result.created, existing: result.existing });
      await refresh();
    } catch (error) {
      // The workspace changed since the preview (a theme deleted, a network disconnected): nothing
      // was saved; the rows are checked again so the person sees which.
      if (errorCodeOf(error) === 'VALIDATION_FAILED') {
        const csv = step.csv;
        const again = await preview.mutateAsync({ csv }).catch(() => null);
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
                <Button onClick={() => void runImport()} loading={importing}>
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
