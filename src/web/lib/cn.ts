import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names, dropping the falsy ones. It does not resolve conflicting Tailwind classes
 * (tailwind-merge would cost the welcome page 8 kB gzipped: docs/decisions/008), so a component
 * keeps out of its own classes whatever its callers set: a card's spacing, for one, is always the
 * page's. Variants choose between alternatives instead of overriding one another.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
