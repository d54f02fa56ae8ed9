import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { PWA_TEXTS } from '../pwa-texts.js';
import { promptInstall } from '../utils/install-prompt.js';
import { useLingui } from '../../../lib/i18n/use-lingui.js';

/**
 * The floating 'Install App' button at the bottom right (spec section 2). It stays while the
 * portal can be installed, so a student who dismissed the banner can still install later.
 */
export function InstallAppButton({ installable }: { installable: boolean }) {
  const { i18n } = useLingui();
  if (!installable) return null;
  return (
    <Button
      variant="floating"
      data-floating-install=""
      className="fixed end-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40"
      onClick={() => void promptInstall()}
    >
      <Download aria-hidden="true" />
      {i18n._(PWA_TEXTS.installApp)}
    </Button>
  );
}
