import { UnderConstruction } from '../../components/UnderConstruction';

/** Editar Tema: the theme form for the selected theme, with Voltar and Cancelar. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function EditThemeView() {
  return <UnderConstruction />;
}
