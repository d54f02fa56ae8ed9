import { useLayoutEffect, useRef } from 'react';

/**
 * Widens a bar's indicator to `fraction` of its track through the CSSOM, not a `style` attribute:
 * a page drawn at build time (scripts/page-shells) would carry the attribute in its markup, which
 * the Content-Security-Policy (style-src 'self') refuses, while a style set from script is
 * allowed. Until then the indicator's `scale-x-0` class shows an empty bar.
 */
export function useScaleX<T extends HTMLElement>(fraction: number) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    // `scale`, the property the scale-x-0 class sets, so this one overrides it.
    if (ref.current) ref.current.style.scale = `${fraction} 1`;
  }, [fraction]);
  return ref;
}
