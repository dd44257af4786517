import { type ClassValue, clsx } from 'clsx';

/** Joins class names conditionally. Later classes do not override earlier ones: avoid conflicts. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
