import { UnderConstruction } from '../../components/UnderConstruction';

/** Meus Temas: the grid of theme cards or the 'Nenhum tema criado' empty state. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function ThemesView() {
  return <UnderConstruction />;
}
