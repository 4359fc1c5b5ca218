import { DataDeletionForm } from './DataDeletionForm';

/** Exclusão de Dados inside the app (Back → Configurações); the server knows whose data it is. */
export function DataDeletionView() {
  return <DataDeletionForm askEmail={false} />;
}
