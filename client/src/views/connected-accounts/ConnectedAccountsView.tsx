import { UnderConstruction } from '../../components/UnderConstruction';

/** Contas Conectadas: one card per platform. The OAuth return lands here with ?connection=true. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function ConnectedAccountsView() {
  return <UnderConstruction />;
}
