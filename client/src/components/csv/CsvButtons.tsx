import { Button } from '@mantine/core';
import { csvMessages, messages } from '@pauta/core';
import { IconFileExport, IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSingleFlight } from '../../lib/actions';
import { requestStateText } from '../../lib/errors';
import { showError, showSuccess, showWarning } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { CsvImportModal } from './CsvImportModal';
import { downloadText } from './csv-file';

const t = csvMessages;

type ExportFilter = Parameters<ReturnType<typeof useTRPC>['posts']['exportCsv']['queryOptions']>[0];

/** "Exportar CSV" (the list's filter) and, for who may write posts, "Importar CSV". */
export function CsvButtons({ filter, canImport }: { filter: ExportFilter; canImport: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [importOpen, setImportOpen] = useState(false);
  const [runExport, exporting] = useSingleFlight(async () => {
    try {
      const result = await queryClient.fetchQuery({
        ...trpc.posts.exportCsv.queryOptions(filter),
        staleTime: 0,
      });
      if (result.count === 0) {
        showWarning(messages.common.warning, t.exportEmpty, { id: 'csv-export-empty' });
        return;
      }
      downloadText(result.filename, result.csv);
      showSuccess(messages.common.success, t.exportDone(result.count));
    } catch (error) {
      showError(messages.common.error, requestStateText(error) ?? t.exportError);
    }
  });
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconFileExport size={18} aria-hidden />}
        onClick={() => void runExport()}
        loading={exporting}
      >
        {t.exportButton}
      </Button>
      {canImport && (
        <Button
          variant="default"
          leftSection={<IconFileImport size={18} aria-hidden />}
          onClick={() => setImportOpen(true)}
        >
          {t.importButton}
        </Button>
      )}
      {importOpen && <CsvImportModal opened={importOpen} onClose={() => setImportOpen(false)} />}
    </>
  );
}
