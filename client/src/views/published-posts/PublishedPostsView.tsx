import { UnderConstruction } from '../../components/UnderConstruction';

/** Posts Publicados: published posts with their metrics. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function PublishedPostsView() {
  return <UnderConstruction />;
}
