import type { TBranding } from '../../shared/branding.js';

/**
 * The BRAND_* settings this build was made with (README, "Branding"). vite.config.ts inlines them
 * as __BRANDING__, so the name and the support address are in the page at its first paint,
 * offline too, without a request and without the settings' parser in the page's JavaScript.
 */
declare const __BRANDING__: TBranding;

export const BRANDING: TBranding = __BRANDING__;
export const PRODUCT_NAME = BRANDING.productName;
export const SUPPORT_EMAIL = BRANDING.supportEmail;
