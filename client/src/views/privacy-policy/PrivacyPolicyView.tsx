import { PrivacyPolicyContent } from './PrivacyPolicyContent';

/** Política de Privacidade inside the app (Back → Configurações). */
export function PrivacyPolicyView() {
  return <PrivacyPolicyContent />;
}
