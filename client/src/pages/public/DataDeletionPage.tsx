import { DataDeletionForm } from '../../views/data-deletion/DataDeletionForm';
import { PublicPage } from './PublicPage';

/** /data-deletion for logged-out visitors: the form also asks for the account's email. */
export function DataDeletionPage() {
  return (
    <PublicPage view="data-deletion">
      <DataDeletionForm askEmail />
    </PublicPage>
  );
}
