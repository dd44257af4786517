import { type JoinLeagueResult, LEAGUE_CODE_LENGTH } from '@hit21/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/field-error.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { useJoinLeagueSubmit } from '../hooks/join-league-submit.ts';
import { JOIN_CODE_HINT, leagueCodeError, typedLeagueCode } from '../utils/join-league-code.ts';

export interface JoinLeagueFormProps {
  /** Called after the server let the player in or took the request. */
  onJoined?: (result: JoinLeagueResult) => void;
  onCancel?: () => void;
  className?: string;
}

/**
 * The code field (8 characters, trimmed and upper-cased as typed) and Join. The server's
 * answer is told in a toast; a refusal also stays under the field until the code changes.
 */
export function JoinLeagueForm({ onJoined, onCancel, className }: JoinLeagueFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const joinLeague = useJoinLeagueSubmit();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (joinLeague.isPending) return;
    const required = leagueCodeError(code);
    if (required) {
      setError(required);
      inputRef.current?.focus();
      return;
    }
    joinLeague.submit(code, {
      onJoined: (result) => {
        setCode('');
        setError(undefined);
        onJoined?.(result);
      },
      onRefused: (message) => {
        setError(message);
        inputRef.current?.focus();
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className={cn('@container flex flex-col gap-4', className)}
      aria-label="Join League"
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={inputId}>League Code</Label>
        <p id={hintId} className="text-muted text-sm">
          {JOIN_CODE_HINT}
        </p>
        <Input
          ref={inputRef}
          id={inputId}
          name="code"
          value={code}
          onChange={(event) => {
            setCode(typedLeagueCode(event.target.value));
            setError(undefined);
          }}
          onPaste={(event) => {
            // A pasted code often carries spaces around it, which maxLength would count first.
            event.preventDefault();
            setCode(typedLeagueCode(event.clipboardData.getData('text')));
            setError(undefined);
          }}
          maxLength={LEAGUE_CODE_LENGTH}
          placeholder="ABCD1234"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          className="font-display text-xl uppercase tracking-[0.3em] placeholder:tracking-[0.3em]"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        />
        <FieldError id={error ? errorId : undefined} role="alert">
          {error}
        </FieldError>
      </div>
      <div className="flex flex-col-reverse gap-3 @sm:flex-row @sm:justify-end">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" isLoading={joinLeague.isPending}>
          Join League
        </Button>
      </div>
    </form>
  );
}
