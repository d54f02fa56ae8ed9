import { useEffect } from 'react';
import { PRODUCT_NAME } from '../config/branding.js';

/** Names the browser tab (and what a screen reader announces on arrival) after the page. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}
