import { UnderConstruction } from '../../components/UnderConstruction';

/** Criar Novo Tema (spec §2.3, §5): the four-section theme form. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function CreateThemeView() {
  return <UnderConstruction />;
}
