import { describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from './config/branding.js';
import indexHtml from './index.html?raw';

// The server sends `script-src 'self'; style-src 'self'`: an inline script or style in the page
// shell would be blocked in production while working in development.
describe('index.html', () => {
  const doc = new DOMParser().parseFromString(indexHtml, 'text/html');

  it('is titled with the product name, in English, for phones', () => {
    expect(doc.title).toBe(PRODUCT_NAME);
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.querySelector('meta[name="viewport"]')?.getAttribute('content')).toContain(
      'width=device-width',
    );
    expect(doc.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toMatch(
      /^#[0-9a-f]{6}$/i,
    );
  });

  it('has no inline script or style the content security policy would block', () => {
    const scripts = [...doc.querySelectorAll('script')];
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      expect(script.getAttribute('src')).toBeTruthy();
      expect(script.textContent.trim()).toBe('');
    }
    expect(doc.querySelectorAll('style, [style]')).toHaveLength(0);
  });
});
