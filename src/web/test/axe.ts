import axe from 'axe-core';

/**
 * axe's serious and critical findings against WCAG 2.1 A and AA in what the test rendered, one
 * readable line each, as the journeys check whole pages in Chromium (e2e/support/page-checks.ts).
 * jsdom draws nothing, so the rules that need layout (colour contrast, a region's scrolling) are
 * left to the journeys. The frame element itself (its title) is checked here.
 */
export async function seriousViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: {
      'color-contrast': { enabled: false },
      'scrollable-region-focusable': { enabled: false },
    },
    resultTypes: ['violations'],
    // axe checks a frame by messaging it, which jsdom's frames cannot answer: a frame's own
    // content (a message's HTML) is the journeys' to check.
    iframes: false,
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
