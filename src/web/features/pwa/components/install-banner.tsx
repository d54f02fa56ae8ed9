import { Download, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { PRODUCT_NAME } from '../../../config/branding.js';
import { readStorage, writeStorage } from '../../../lib/browser-storage.js';
import { SESSION_STORAGE_KEYS } from '../../../lib/storage-keys.js';
import { PWA_TEXTS } from '../pwa-texts.js';
import { promptInstall } from '../utils/install-prompt.js';
import { useLingui } from '../../../lib/i18n/use-lingui.js';

const dismissedThisSession = () =>
  readStorage('session', SESSION_STORAGE_KEYS.pwaBannerDismissed) === 'true';

/**
 * The install banner at the top of every page (spec sections 2 and 4), shown while the portal can
 * be installed and the student has not dismissed it in this session.
 */
export function InstallBanner({ installable }: { installable: boolean }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  if (!installable || dismissed) return null;

  function dismiss() {
    writeStorage('session', SESSION_STORAGE_KEYS.pwaBannerDismissed, 'true');
    setDismissed(true);
  }

  return (
    <section aria-labelledby={titleId} className="border-b border-primary/30 bg-primary-soft">
      <div className="mx-auto flex max-w-5xl items-center gap-3 px-4 py-2 sm:px-6">
        <Download aria-hidden="true" className="hidden size-5 shrink-0 text-primary sm:block" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-sm font-semibold text-primary-soft-foreground">
            {i18n._({ ...PWA_TEXTS.bannerTitle, values: { product: PRODUCT_NAME } })}
          </h2>
          <p className="text-sm text-primary-soft-foreground">{i18n._(PWA_TEXTS.bannerSubtext)}</p>
        </div>
        <Button size="sm" onClick={() => void promptInstall()}>
          {i18n._(PWA_TEXTS.install)}
        </Button>
        <Button
          variant="ghost-primary"
          size="icon"
          aria-label={i18n._(PWA_TEXTS.dismiss)}
          onClick={dismiss}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
    </section>
  );
}
