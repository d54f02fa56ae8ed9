import { defineConfig } from 'drizzle-kit';

// Migrations are generated offline from the schema; the server applies them at start-up to
// PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
