import { AppError } from '@hit21/core';
import { isRouteErrorResponse } from 'react-router';

export interface ErrorDetails {
  status: number;
  message: string;
  /** Only shown in development. */
  stack?: string;
}

/** Status and message of anything a route can throw: a Response, an AppError or an Error. */
export function getErrorDetails(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const dataMessage =
      typeof data === 'string'
        ? data
        : typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
          ? data.message
          : '';
    return { status: error.status, message: error.statusText || dataMessage || 'Request failed' };
  }
  if (error instanceof AppError) {
    return { status: error.statusCode, message: error.userMessage, stack: error.stack };
  }
  if (error instanceof Error) {
    return { status: 500, message: error.message || 'Unknown error', stack: error.stack };
  }
  return { status: 500, message: typeof error === 'string' && error !== '' ? error : 'Unknown error' };
}
