import { browserSupportsWebAuthn } from '@simplewebauthn/browser';

/**
 * True when this page runs inside a frame of another origin, as a hosted preview shows an app.
 * Browsers refuse WebAuthn there unless the parent page delegates it, which a preview does not.
 * Reading a cross-origin parent's location throws a SecurityError; a same-origin parent's does not
 * (and there passkeys work).
 */
export function inCrossOriginFrame(win: Window = window): boolean {
  try {
    const top = win.top;
    if (top === null || top === win.self) return false;
    // Throws a SecurityError when the parent is of another origin.
    return typeof top.location.href !== 'string';
  } catch {
    return true;
  }
}

/**
 * Whether this browser can make and use a real passkey here: it has WebAuthn and the page is not
 * framed by another origin. Whether a platform authenticator is present is not asked: without one
 * the browser still offers a phone or a security key, so a real passkey stays the way in.
 */
export function browserCanMakePasskeys(win: Window = window): boolean {
  return browserSupportsWebAuthn() && !inCrossOriginFrame(win);
}
