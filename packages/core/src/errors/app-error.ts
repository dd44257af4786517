import { APP_ERROR_STATUS, type AppErrorCode } from './app-error-codes.ts';
import type { AppErrorReason, AppErrorReasonFor } from './app-error-reasons.ts';

/**
 * The one error type that crosses from server to screen. `message` is for logs and
 * developers; `userMessage` is what a person reads; `reason` (declared in
 * `app-error-reasons.ts`) is what screens and callers switch on to tell refusals apart.
 */
export interface AppErrorBody {
  code: AppErrorCode;
  reason?: AppErrorReason;
  message: string;
  userMessage: string;
  issues?: { path: string; message: string }[];
  /** Facts a screen words in the reader's own time zone, e.g. `{ deadline: ISO instant }`. */
  details?: Record<string, string>;
}

export interface AppErrorOptions<Code extends AppErrorCode = AppErrorCode> {
  /** For logs and developers. */
  message: string;
  /** What a person reads; defaults to `message`. */
  userMessage?: string;
  /** Which refusal this is; only a reason declared under `code` type-checks. */
  reason?: AppErrorReasonFor<Code>;
  issues?: AppErrorBody['issues'];
  details?: AppErrorBody['details'];
}

// The type parameter only ties `reason` to `code` at construction; members stay untyped by it.
export class AppError<Code extends AppErrorCode = AppErrorCode> extends Error {
  readonly code: AppErrorCode;
  readonly reason: AppErrorReason | undefined;
  readonly userMessage: string;
  readonly issues: AppErrorBody['issues'];
  readonly details: AppErrorBody['details'];

  constructor(code: Code, options: AppErrorOptions<Code>) {
    super(options.message);
    this.name = 'AppError';
    this.code = code;
    this.reason = options.reason;
    this.userMessage = options.userMessage ?? options.message;
    this.issues = options.issues;
    this.details = options.details;
  }

  get statusCode(): number {
    return APP_ERROR_STATUS[this.code];
  }

  toBody(): AppErrorBody {
    return {
      code: this.code,
      ...(this.reason ? { reason: this.reason } : {}),
      message: this.message,
      userMessage: this.userMessage,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && Object.hasOwn(APP_ERROR_STATUS, value);
}

/** Whether `error` is the refusal `reason`: how screens and callers tell refusals apart. */
export function isAppErrorWithReason(error: unknown, ...reasons: AppErrorReason[]): error is AppError {
  return error instanceof AppError && error.reason !== undefined && reasons.includes(error.reason);
}
