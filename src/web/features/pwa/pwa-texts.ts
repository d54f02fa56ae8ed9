import { PRODUCT_NAME } from '../../config/branding.js';

/** The install and connectivity texts of spec sections 2, 4 and 8, verbatim. */
export const PWA_TEXTS = {
  bannerTitle: `Install ${PRODUCT_NAME} for quick access`,
  bannerSubtext: 'Get faster access and work offline',
  install: 'Install',
  dismiss: 'Dismiss',
  installApp: 'Install App',
  offline: "You're offline. Some features may not be available.",
  updateAvailable: 'New version available! Refresh to update?',
} as const;
