import { UnderConstruction } from '../../components/UnderConstruction';

/** Posts do Tema: the posts of one theme (tabs Todos os Posts, Posts Agendados, Por Tema). Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function ThemePostsView() {
  return <UnderConstruction />;
}
