/**
 * Marks the element holding a page's own controls at the bottom of the screen (the interview's,
 * the profile's Save bar): while one is in the page, the floating 'Install App' button, which
 * would cover them, is hidden (styles.css). The button stays on every other page, and the install
 * banner at the top stays here too.
 */
export const OWN_BOTTOM_CONTROLS = { 'data-own-bottom-controls': '' } as const;
