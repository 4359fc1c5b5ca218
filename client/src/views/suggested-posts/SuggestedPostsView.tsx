import { UnderConstruction } from '../../components/UnderConstruction';

/** Posts Sugeridos: AI drafts of the selected theme, to edit, remove or schedule. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function SuggestedPostsView() {
  return <UnderConstruction />;
}
