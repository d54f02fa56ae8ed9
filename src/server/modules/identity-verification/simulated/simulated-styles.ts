/**
 * The simulated page's only stylesheet, served by this module: the app's CSP allows styles from
 * our own origin only (no inline styles), and the page must look tidy inside the overlay.
 */
export const SIMULATED_PROVIDER_CSS = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1f2937; background: #f8fafc; }
main { max-width: 28rem; margin: 0 auto; padding: 1.5rem 1rem; }
h1 { font-size: 1.375rem; margin: 0 0 0.75rem; }
.notice { background: #fef3c7; border: 1px solid #f59e0b; border-radius: 0.5rem;
  padding: 0.75rem; font-size: 0.9375rem; }
.student { font-size: 1.125rem; margin: 1.25rem 0; }
form { margin: 1rem 0; padding: 1rem; background: #fff; border: 1px solid #e5e7eb;
  border-radius: 0.5rem; }
label { display: block; font-weight: 600; margin-bottom: 0.375rem; }
select { width: 100%; padding: 0.625rem; margin-bottom: 0.75rem; font: inherit;
  border: 1px solid #9ca3af; border-radius: 0.375rem; background: #fff; }
button { width: 100%; min-height: 2.75rem; font: inherit; font-weight: 600; border: 0;
  border-radius: 0.375rem; cursor: pointer; color: #fff; }
button.approve { background: #15803d; }
button.decline { background: #b91c1c; }
button:focus-visible, select:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
`;
