/**
 * What `use-sync-external-store/shim` resolves to in the build (vite.config.ts): @lingui/react
 * imports that shim, written for React before 18, whose CommonJS weighs on the landing page;
 * React 19 has the hook itself.
 */
export { useSyncExternalStore } from 'react';
