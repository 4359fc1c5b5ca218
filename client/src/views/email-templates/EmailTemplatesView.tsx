import { UnderConstruction } from '../../components/UnderConstruction';

/** Templates de Email (admin). Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function EmailTemplatesView() {
  return <UnderConstruction />;
}
