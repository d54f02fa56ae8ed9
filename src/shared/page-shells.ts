/**
 * The documents the build writes for the app's addresses (scripts/page-shells) and the server
 * sends in place of the bare index.html (src/server/plugins/web-app.ts). A dot-folder of the web
 * build, which neither the static file server nor the service worker's precache serves as files.
 */
export const PAGE_SHELLS_DIR = '.pages';
export const PAGE_SHELLS_INDEX = 'pages.json';

export interface PageShellFiles {
  /** index.html that starts fetching the page's own code at once, beside the app's entry. */
  shell: string;
  /** The same with the page's first view drawn in, for a public page; sent without a query string. */
  drawn?: string;
}

/** By address (`/`, `/signup`, ...): the files of PAGE_SHELLS_DIR. */
export type PageShellIndex = Record<string, PageShellFiles>;
