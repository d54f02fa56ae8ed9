import type { ManifestOptions } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import type { TBranding } from '../../src/shared/branding.js';
import { escapeMarkup, faviconSvg, renderIconPng, type IconStyle } from './render-icon.js';

/**
 * Puts the BRAND_* settings into what the browser reads before any JavaScript runs: the page
 * shell's title and theme colour, the favicon and the home-screen icons. The manifest that names
 * the icons is webAppManifest's, below, handed to vite-plugin-pwa.
 */

interface IconFile {
  fileName: string;
  size: number;
  style: IconStyle;
}

const ICONS: IconFile[] = [
  { fileName: 'icons/icon-192.png', size: 192, style: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, style: 'any' },
  { fileName: 'icons/icon-maskable-512.png', size: 512, style: 'maskable' },
  // iOS ignores the manifest's icons and fills transparency with black: a full-bleed square.
  { fileName: 'icons/apple-touch-icon.png', size: 180, style: 'maskable' },
];

const FAVICON = 'favicon.svg';

export function webAppManifest(branding: TBranding): Partial<ManifestOptions> {
  const icon = (fileName: string) => ICONS.find((i) => i.fileName === fileName);
  const entry = (fileName: string, purpose: 'any' | 'maskable') => {
    const found = icon(fileName);
    if (!found) throw new Error(`No icon named ${fileName}`);
    return {
      src: `/${fileName}`,
      sizes: `${found.size}x${found.size}`,
      type: 'image/png',
      purpose,
    };
  };
  return {
    id: '/',
    name: branding.productName,
    short_name: branding.shortName,
    description:
      'Follow your admission, I-20, SEVIS fee and visa appointment, message admissions and keep your documents in one place, on any connection.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: branding.themeColor,
    background_color: branding.backgroundColor,
    categories: ['education'],
    icons: [
      entry('icons/icon-192.png', 'any'),
      entry('icons/icon-512.png', 'any'),
      entry('icons/icon-maskable-512.png', 'maskable'),
    ],
  };
}

export function brandPlugin(branding: TBranding): Plugin {
  const files = new Map<string, { type: string; body: () => string | Buffer }>([
    [
      FAVICON,
      { type: 'image/svg+xml', body: () => faviconSvg(branding.themeColor, branding.productName) },
    ],
    ...ICONS.map(
      ({ fileName, size, style }) =>
        [
          fileName,
          { type: 'image/png', body: () => renderIconPng(size, branding.themeColor, style) },
        ] as const,
    ),
  ]);

  return {
    name: 'portal-brand',
    transformIndexHtml(html) {
      return brandIndexHtml(html, branding);
    },
    // The development server serves the same files the build writes.
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files.get((req.url ?? '').split('?')[0]?.slice(1) ?? '');
        if (!file) {
          next();
          return;
        }
        res.setHeader('content-type', file.type);
        res.end(file.body());
      });
    },
    generateBundle() {
      for (const [fileName, file] of files) {
        this.emitFile({ type: 'asset', fileName, source: file.body() });
      }
    },
  };
}

/**
 * index.html carries the default title and theme colour, so it reads right as a file; the build
 * swaps in the brand's. Each must be found exactly once: an edit of index.html that moved one
 * would otherwise ship the default brand without a word.
 */
export function brandIndexHtml(html: string, branding: TBranding): string {
  return [
    {
      pattern: /<title>[^<]*<\/title>/g,
      value: `<title>${escapeMarkup(branding.productName)}</title>`,
    },
    {
      pattern: /<meta name="theme-color" content="[^"]*" \/>/g,
      value: `<meta name="theme-color" content="${branding.themeColor}" />`,
    },
  ].reduce((page, { pattern, value }) => {
    const found = page.match(pattern)?.length ?? 0;
    if (found !== 1)
      throw new Error(`index.html must have exactly one ${String(pattern)}; found ${found}`);
    return page.replace(pattern, value);
  }, html);
}
