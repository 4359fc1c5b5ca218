import { PrivacyPolicyContent } from '../../views/privacy-policy/PrivacyPolicyContent';
import { PublicPage } from './PublicPage';

/** /privacy-policy for logged-out visitors (signed in, the same content shows inside the app). */
export function PrivacyPolicyPage() {
  return (
    <PublicPage view="privacy-policy">
      <PrivacyPolicyContent />
    </PublicPage>
  );
}
