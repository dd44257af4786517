import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';

export interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  label: string;
  error?: string;
  /** Ids of extra help the input is described by (such as the password checklist). */
  describedBy?: string;
  /** Shown under the input, before the error (e.g. a strength meter). */
  children?: ReactNode;
}

/** A password input with a show/hide toggle, its label and its error. */
export function PasswordField({
  label,
  error,
  describedBy,
  children,
  className,
  ...inputProps
}: PasswordFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [isVisible, setIsVisible] = useState(false);
  const describedByIds = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative">
        <Input
          id={inputId}
          type={isVisible ? 'text' : 'password'}
          spellCheck={false}
          autoCapitalize="none"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          className="pr-12"
          {...inputProps}
        />
        <button
          type="button"
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
          className="absolute top-0 right-0 inline-flex size-11 items-center justify-center rounded-r-lg text-muted hover:text-ink"
        >
          {isVisible ? (
            <EyeOff aria-hidden="true" className="size-5" />
          ) : (
            <Eye aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
      {children}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
