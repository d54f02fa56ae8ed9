import { WifiOff } from 'lucide-react';
import { PWA_TEXTS } from '../pwa-texts.js';
import { useLingui } from '../../../lib/i18n/use-lingui.js';

/**
 * The amber bar at the top while the browser is offline (spec sections 2 and 4). The live region
 * is always in the page, so a screen reader announces the bar when its text arrives.
 */
export function OfflineBar({ online }: { online: boolean }) {
  const { i18n } = useLingui();
  return (
    <div role="status" className="bg-amber-300 text-slate-950">
      {online ? null : (
        <p className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-2 text-sm font-semibold sm:px-6">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          {i18n._(PWA_TEXTS.offline)}
        </p>
      )}
    </div>
  );
}
