import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits at src/server/lib (source) or dist/server/lib (built): the project root is
// three levels up in both, so migrations and the built web app are found either way.
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const MIGRATIONS_DIR = resolve(PROJECT_ROOT, 'drizzle');
export const WEB_DIST_DIR = resolve(PROJECT_ROOT, 'dist/web');
