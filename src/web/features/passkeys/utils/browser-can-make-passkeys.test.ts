import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { browserCanMakePasskeys, inCrossOriginFrame } from './browser-can-make-passkeys.js';

vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: vi.fn() }));
const supports = vi.mocked(browserSupportsWebAuthn);

/** A window as a page sees it: itself, and the top of its frame tree. */
function pageIn(top: 'itself' | 'same-origin parent' | 'cross-origin parent' | 'none'): Window {
  const page: { location: { href: string }; self?: unknown; top?: unknown } = {
    location: { href: 'https://preview.example/app' },
  };
  page.self = page;
  if (top === 'itself') page.top = page;
  else if (top === 'none') page.top = null;
  else if (top === 'same-origin parent') {
    page.top = { location: { href: 'https://preview.example/' } };
  } else {
    // What a browser does when a page reads the location of a parent of another origin.
    page.top = {
      get location(): Location {
        return {
          get href(): string {
            throw new DOMException('Blocked a frame with origin', 'SecurityError');
          },
        } as Location;
      },
    };
  }
  return page as unknown as Window;
}

beforeEach(() => {
  supports.mockReset().mockReturnValue(true);
});

describe('inCrossOriginFrame', () => {
  it.each([
    ['a top-level page', 'itself', false],
    ['a frame of the same origin (passkeys work there)', 'same-origin parent', false],
    ['a frame of another origin, as a hosted preview shows the app', 'cross-origin parent', true],
    ['a detached page with no top', 'none', false],
  ] as const)('is %s: %s', (_case, top, expected) => {
    expect(inCrossOriginFrame(pageIn(top))).toBe(expected);
  });

  it('is false for the test page itself, which is top-level', () => {
    expect(inCrossOriginFrame()).toBe(false);
  });
});

describe('browserCanMakePasskeys', () => {
  it('is true with WebAuthn on a top-level page', () => {
    expect(browserCanMakePasskeys(pageIn('itself'))).toBe(true);
  });

  it('is false without WebAuthn', () => {
    supports.mockReturnValue(false);
    expect(browserCanMakePasskeys(pageIn('itself'))).toBe(false);
  });

  it('is false inside a cross-origin frame, even with WebAuthn', () => {
    expect(browserCanMakePasskeys(pageIn('cross-origin parent'))).toBe(false);
  });
});
