import type { MessageDescriptor } from '@lingui/core';

/**
 * The install and connectivity texts of spec sections 2, 4 and 8, verbatim in English, with their
 * catalogue ids (docs/decisions/021): read them through Lingui (`i18n._(PWA_TEXTS.offline)`).
 * `bannerTitle` takes `{ product }`, the product's name.
 */
export const PWA_TEXTS = {
  bannerTitle: /*i18n*/ { id: 'pwa.banner.title', message: 'Install {product} for quick access' },
  bannerSubtext: /*i18n*/ {
    id: 'pwa.banner.subtext',
    message: 'Get faster access and work offline',
  },
  install: /*i18n*/ { id: 'pwa.banner.install', message: 'Install' },
  dismiss: /*i18n*/ { id: 'pwa.banner.dismiss', message: 'Dismiss' },
  installApp: /*i18n*/ { id: 'pwa.install-app', message: 'Install App' },
  offline: /*i18n*/ {
    id: 'pwa.offline',
    message: "You're offline. Some features may not be available.",
  },
  updateAvailable: /*i18n*/ {
    id: 'pwa.update-available',
    message: 'New version available! Refresh to update?',
  },
} as const satisfies Record<string, MessageDescriptor>;
