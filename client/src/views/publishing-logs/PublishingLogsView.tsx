import { UnderConstruction } from '../../components/UnderConstruction';

/** Logs de Publicação (admin): 20 per page. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function PublishingLogsView() {
  return <UnderConstruction />;
}
