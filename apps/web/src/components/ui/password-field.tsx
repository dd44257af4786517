import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { FieldError } from './field-error.tsx';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

export interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'type'> {
  label: string;
  error?: string;
  id?: string;
  /** Ids of extra help (such as the password checklist) the input is described by. */
  describedBy?: string;
  /** Something at the label row's right end, such as a "Forgot password?" link. */
  labelAside?: ReactNode;
  /** Shown under the input, before the error, such as a strength meter. */
  children?: ReactNode;
}

/**
 * The one password input of the app: label, input, a show/hide toggle and the error. The toggle
 * says what it will do ("Show password", then "Hide password"), so it needs no pressed state.
 */
export function PasswordField({
  label,
  error,
  id,
  describedBy,
  labelAside,
  children,
  className,
  ...inputProps
}: PasswordFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = error ? `${inputId}-error` : undefined;
  const [isVisible, setIsVisible] = useState(false);
  const describedByIds = [describedBy, errorId].filter(Boolean).join(' ') || undefined;
  const fieldName = label.toLowerCase();

  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAside}
      </div>
      <div className="relative">
        <Input
          id={inputId}
          type={isVisible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className="pr-12"
          {...inputProps}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-ink"
          aria-label={isVisible ? `Hide ${fieldName}` : `Show ${fieldName}`}
          aria-controls={inputId}
          onClick={() => setIsVisible((visible) => !visible)}
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
