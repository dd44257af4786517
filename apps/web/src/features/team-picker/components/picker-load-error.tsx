import { RotateCcw } from 'lucide-react';
import { Container } from '../../../components/layouts/container.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** The picking screens could not load what they start from (the saved team, the clubs). */
export function PickerLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Container className="flex flex-col items-center gap-4 py-12 text-center">
      <p role="alert" className="max-w-xl text-lg">
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try Again
      </Button>
    </Container>
  );
}
