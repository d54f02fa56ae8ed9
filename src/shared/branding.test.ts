import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, readBrandingSettings } from './branding.js';

describe('readBrandingSettings', () => {
  it('answers the defaults when no BRAND_* setting is given, or one is empty', () => {
    expect(readBrandingSettings({})).toEqual(DEFAULT_BRANDING);
    expect(readBrandingSettings({ BRAND_NAME: '  ', BRAND_THEME_COLOR: '' })).toEqual(
      DEFAULT_BRANDING,
    );
  });

  it("takes a consultancy's brand, trimmed, with colours in lower case", () => {
    expect(
      readBrandingSettings({
        BRAND_NAME: ' Horizon Study Abroad ',
        BRAND_SHORT_NAME: 'Horizon',
        BRAND_THEME_COLOR: '#0F766E',
        BRAND_BACKGROUND_COLOR: '#FFFFFF',
        BRAND_SUPPORT_EMAIL: 'help@horizon.example',
      }),
    ).toEqual({
      productName: 'Horizon Study Abroad',
      shortName: 'Horizon',
      themeColor: '#0f766e',
      backgroundColor: '#ffffff',
      supportEmail: 'help@horizon.example',
    });
  });

  it.each([
    ['BRAND_THEME_COLOR', 'blue', 'BRAND_THEME_COLOR: must be a colour like #1d4ed8'],
    ['BRAND_BACKGROUND_COLOR', '#fff', 'BRAND_BACKGROUND_COLOR: must be a colour like #1d4ed8'],
    ['BRAND_SUPPORT_EMAIL', 'support', 'BRAND_SUPPORT_EMAIL: must be an e-mail address'],
    ['BRAND_SHORT_NAME', 'A name far too long for a home screen', 'BRAND_SHORT_NAME:'],
  ])('refuses a bad %s, naming it', (name, value, message) => {
    expect(() => readBrandingSettings({ [name]: value })).toThrow(message);
  });
});
