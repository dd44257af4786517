import { Container } from '../../../components/layouts/container.tsx';
import { QueryError } from '../../../components/ui/query-error.tsx';

/** The picking screens could not load what they start from (the saved squad, the clubs). */
export function PickerLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Container>
      <QueryError message={message} onRetry={onRetry} />
    </Container>
  );
}
