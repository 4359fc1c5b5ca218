import { UnderConstruction } from '../../components/UnderConstruction';

/** Posts Agendados: filters, bulk delete and the post cards. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function ScheduledPostsView() {
  return <UnderConstruction />;
}
