import { describe, expect, it } from 'vitest';
import { checkManifest } from './check-manifest.js';

const installable = {
  name: 'F-1 Student Portal',
  short_name: 'Student Portal',
  start_url: '/',
  display: 'standalone',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', purpose: 'maskable' },
  ],
};

describe('checkManifest', () => {
  it('passes an installable manifest, saying what it found', () => {
    expect(checkManifest(installable)).toEqual({
      ok: true,
      detail: 'F-1 Student Portal, standalone, 3 icons, starts at /',
    });
  });

  it('names everything an empty manifest lacks', () => {
    expect(checkManifest({})).toEqual({
      ok: false,
      detail:
        'Missing a name, a short name, a start URL, a standalone display, a 192x192 icon, a 512x512 icon, a maskable icon.',
    });
  });

  it('does not count a maskable icon as the 192 one, nor a browser display as installable', () => {
    const result = checkManifest({
      ...installable,
      display: 'browser',
      icons: installable.icons.map((icon) => ({ ...icon, purpose: 'maskable' })),
    });
    expect(result).toEqual({
      ok: false,
      detail: 'Missing a standalone display, a 192x192 icon, a 512x512 icon.',
    });
  });

  it('refuses what is not an object', () => {
    expect(checkManifest('<html>')).toEqual({
      ok: false,
      detail: 'The manifest is not a JSON object.',
    });
  });
});
