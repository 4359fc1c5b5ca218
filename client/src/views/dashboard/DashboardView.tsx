import { UnderConstruction } from '../../components/UnderConstruction';

/** Dashboard (spec §2.3, §9): metrics, themes and upcoming posts. Built by a later issue; the shell already shows its title, subtitle and Back button. */
export function DashboardView() {
  return <UnderConstruction />;
}
