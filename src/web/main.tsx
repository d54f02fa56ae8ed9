import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { DEFAULT_LANGUAGE } from '../shared/languages.js';
import { App } from './app/app.js';
import { listenForInstallPrompt } from './features/pwa/utils/install-prompt.js';
import { readStorage } from './lib/browser-storage.js';
import { activateLanguage } from './lib/i18n/activate-language.js';
import { startingLanguage } from './lib/i18n/language-choice.js';
import { clearPersonalOfflineReads } from './lib/offline-reads.js';
import { SESSION_STORAGE_KEYS } from './lib/storage-keys.js';
import { configureZod } from './lib/zod-config.js';
import './styles.css';

// Before anything else: a page that starts without a session throws away every student's kept
// answers. Their sessions ended with their tabs, and the worker could not open them anyway
// (docs/decisions/007).
if (readStorage('session', SESSION_STORAGE_KEYS.token) === null) void clearPersonalOfflineReads();
// The browser may offer installation before the app has mounted.
listenForInstallPrompt();
// Before any page's code (loaded later, on demand) parses with zod.
configureZod();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A public page arrives drawn (scripts/page-shells): React takes over that markup instead of
// drawing it again. Every other page arrives empty and is drawn here. Taking over in a
// transition lets React yield to the browser between components: as one task it blocked the
// main thread for about 60 ms on /signup (docs/performance.md). The drawn page is already on
// screen, and its forms stay disabled until taken over (ReadyFieldset).
//
// The drawn page is English: it is taken over in English, and a reader of another language sees
// theirs as soon as its catalogue is in, without a reload. A page that arrives empty waits for the
// catalogue, so it is drawn once, in the reader's language (docs/decisions/021); a catalogue that
// cannot load leaves it in English.
const language = startingLanguage();
if (root.hasChildNodes()) {
  startTransition(() => {
    hydrateRoot(root, app);
  });
  if (language !== DEFAULT_LANGUAGE) void activateLanguage(language).catch(() => undefined);
} else {
  // Not awaited at the top level: a module that awaits there makes the bundler split the shared
  // code of the landing page into one more chunk (docs/performance.md).
  void activateLanguage(language)
    .catch(() => undefined)
    .then(() => {
      createRoot(root).render(app);
    });
}

// After the page has loaded, so the worker's precache downloads never compete with first paint.
// Development serves modules that change on every save: no worker there.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./features/pwa/utils/register-service-worker.js').then((worker) =>
      worker.registerServiceWorker(),
    );
  });
}
