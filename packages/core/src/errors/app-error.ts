/**
 * The one error type that crosses from server to screen. `message` is for logs and
 * developers; `userMessage` is what a person reads.
 */
export const APP_ERROR_STATUS = {
  INVALID_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export interface AppErrorBody {
  code: AppErrorCode;
  message: string;
  userMessage: string;
  issues?: { path: string; message: string }[];
}

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly userMessage: string;
  readonly issues: AppErrorBody['issues'];

  constructor(
    code: AppErrorCode,
    options: { message: string; userMessage?: string; issues?: AppErrorBody['issues'] },
  ) {
    super(options.message);
    this.name = 'AppError';
    this.code = code;
    this.userMessage = options.userMessage ?? options.message;
    this.issues = options.issues;
  }

  get statusCode(): number {
    return APP_ERROR_STATUS[this.code];
  }

  toBody(): AppErrorBody {
    return {
      code: this.code,
      message: this.message,
      userMessage: this.userMessage,
      ...(this.issues ? { issues: this.issues } : {}),
    };
  }
}

export function isAppErrorCode(value: unknown): value is AppErrorCode {
  return typeof value === 'string' && value in APP_ERROR_STATUS;
}
