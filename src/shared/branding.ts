import { z } from 'zod';

/**
 * What a consultancy brands the portal with (README, "Branding"). The same BRAND_* settings are
 * read twice: by the web build (vite.config.ts), which bakes them into the page shell, the
 * manifest, the icons and the app's texts, and by the server at start-up, for what it names
 * itself (passkeys, the API's documentation, /api/config).
 */
export interface TBranding {
  /** The product's name, as the install banner, the page titles and the passkey prompt show it. */
  productName: string;
  /** The name under the icon on a phone's home screen. */
  shortName: string;
  /** The browser's toolbar and the installed app's title bar; the icons' background. */
  themeColor: string;
  /** The installed app's splash screen while it starts. */
  backgroundColor: string;
  /** Where students write when something in the portal does not work (spec sections 2 and 8). */
  supportEmail: string;
}

export const DEFAULT_BRANDING: TBranding = {
  productName: 'F-1 Student Portal',
  shortName: 'Student Portal',
  themeColor: '#1d4ed8',
  backgroundColor: '#f8fafc',
  supportEmail: 'support@f1studentportal.com',
};

/** The environment variable behind each branding field. */
export const BRANDING_SETTINGS = {
  productName: 'BRAND_NAME',
  shortName: 'BRAND_SHORT_NAME',
  themeColor: 'BRAND_THEME_COLOR',
  backgroundColor: 'BRAND_BACKGROUND_COLOR',
  supportEmail: 'BRAND_SUPPORT_EMAIL',
} as const satisfies Record<keyof TBranding, string>;

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1d4ed8');

const ZBrandingSettingsSchema = z.object({
  BRAND_NAME: z.string().trim().min(1).max(60).default(DEFAULT_BRANDING.productName),
  // Home screens cut longer labels off.
  BRAND_SHORT_NAME: z.string().trim().min(1).max(20).default(DEFAULT_BRANDING.shortName),
  BRAND_THEME_COLOR: hexColor.default(DEFAULT_BRANDING.themeColor),
  BRAND_BACKGROUND_COLOR: hexColor.default(DEFAULT_BRANDING.backgroundColor),
  BRAND_SUPPORT_EMAIL: z.email('must be an e-mail address').default(DEFAULT_BRANDING.supportEmail),
});

/**
 * Reads the BRAND_* settings, defaulting each one that is unset or empty. A bad value throws an
 * Error naming the variable (`BRAND_THEME_COLOR: must be ...`), so a build or a start-up stops
 * instead of shipping a broken brand.
 */
export function readBrandingSettings(env: Record<string, string | undefined>): TBranding {
  const given = Object.fromEntries(
    Object.values(BRANDING_SETTINGS)
      .map((name) => [name, env[name]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = ZBrandingSettingsSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(problems.join('; '));
  }
  const s = parsed.data;
  return {
    productName: s.BRAND_NAME,
    shortName: s.BRAND_SHORT_NAME,
    themeColor: s.BRAND_THEME_COLOR.toLowerCase(),
    backgroundColor: s.BRAND_BACKGROUND_COLOR.toLowerCase(),
    supportEmail: s.BRAND_SUPPORT_EMAIL,
  };
}
