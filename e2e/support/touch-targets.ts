import type { Page } from '@playwright/test';

/** The smallest target a thumb hits reliably (WCAG 2.5.5; Apple's and Android's guidance alike). */
export const MIN_TARGET_PX = 44;

/**
 * Every visible control on the page (links, buttons, form fields, summaries, anything else in the
 * tab order) narrower or shorter than MIN_TARGET_PX, one readable line each. A control is
 * measured by the area a tap lands in: its own box, its label's too (a checkbox beside its
 * label), or its card's for a link stretched over one (an ::after laid over the card). A link
 * within a sentence is left out, as WCAG 2.5.8 leaves it: its line height is the text's.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');

    const name = (el: Element) =>
      el.getAttribute('aria-label') ?? el.textContent.trim().replace(/\s+/g, ' ');

    const isHidden = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility === 'hidden' || el.closest('[inert], [aria-hidden="true"]') !== null;
    };

    const withinSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement?.closest('p, li, dd, td, span');
      return (block?.textContent ?? '').trim().length > name(el).length;
    };

    const tapArea = (el: Element) => {
      const boxes = [el.getBoundingClientRect()];
      if (el instanceof HTMLInputElement && el.labels) {
        for (const label of Array.from(el.labels)) boxes.push(label.getBoundingClientRect());
      }
      const after = getComputedStyle(el, '::after');
      if (after.content !== 'none' && after.position === 'absolute' && el instanceof HTMLElement) {
        const card = el.offsetParent;
        if (card) boxes.push(card.getBoundingClientRect());
      }
      return {
        width: Math.max(...boxes.map((box) => box.width)),
        height: Math.max(...boxes.map((box) => box.height)),
      };
    };

    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll(controls))) {
      const own = el.getBoundingClientRect();
      if ((own.width === 0 && own.height === 0) || isHidden(el) || withinSentence(el)) continue;
      const { width, height } = tapArea(el);
      // Half a pixel of rounding: a 43.5px box drawn from rem units is 44px on the screen.
      if (width + 0.5 < min || height + 0.5 < min) {
        const label = name(el).slice(0, 50) || el.getAttribute('type') || '';
        found.push(
          `${el.tagName.toLowerCase()} "${label}" is ${Math.round(width)} x ${Math.round(height)} px`,
        );
      }
    }
    return found;
  }, MIN_TARGET_PX);
}
