import { UnderConstruction } from '../../components/UnderConstruction';

/** Configurações do Sistema (admin): admin_settings keys. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function AdminSettingsView() {
  return <UnderConstruction />;
}
