/**
 * Places within a page that another page links to, by fragment. Apart from `paths`, which every
 * page loads (the welcome page's first load among them), so only the pages that use one carry it.
 */

/** Where an application's page shows the documents staff asked for on it. */
export const REQUIRED_DOCUMENTS_ANCHOR = 'required-documents';

/** An application's page at the documents staff asked for on it. */
export const requiredDocumentsHref = (applicationHref: string): string =>
  `${applicationHref}#${REQUIRED_DOCUMENTS_ANCHOR}`;
