/**
 * What `use-sync-external-store/shim` resolves to in the build (vite.config.ts): @tanstack/react-store
 * (under @tanstack/react-table) imports that shim, written for React before 18, whose CommonJS
 * weighs on the pages that load it; React 19 has the hook itself.
 */
export { useSyncExternalStore } from 'react';
