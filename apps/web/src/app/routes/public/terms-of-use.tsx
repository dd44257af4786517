import { LegalDocument } from '../../../features/marketing-content/components/legal-document.tsx';
import {
  TERMS_OF_USE_INTRO,
  TERMS_OF_USE_LAST_UPDATED,
  TERMS_OF_USE_SECTIONS,
} from '../../../features/marketing-content/content/terms-of-use.tsx';

export default function TermsOfUseRoute() {
  return (
    <LegalDocument
      title="Terms of Use"
      lastUpdated={TERMS_OF_USE_LAST_UPDATED}
      intro={TERMS_OF_USE_INTRO}
      sections={TERMS_OF_USE_SECTIONS}
    />
  );
}
