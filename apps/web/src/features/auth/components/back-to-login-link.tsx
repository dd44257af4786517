import { ArrowLeft } from 'lucide-react';
import { paths } from '../../../config/paths.ts';
import { TextLink } from './text-link.tsx';

export function BackToLoginLink() {
  return (
    <TextLink to={paths.login.getHref()}>
      <ArrowLeft aria-hidden="true" className="mr-1.5 size-4" />
      Back to Login
    </TextLink>
  );
}
