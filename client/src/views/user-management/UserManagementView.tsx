import { UnderConstruction } from '../../components/UnderConstruction';

/** Gerenciar Usuários (admin): users, profiles and roles. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function UserManagementView() {
  return <UnderConstruction />;
}
