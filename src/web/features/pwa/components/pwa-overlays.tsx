import { useInstallAvailability } from '../hooks/use-install-availability.js';
import { useOnlineStatus } from '../hooks/use-online-status.js';
import { InstallAppButton } from './install-app-button.js';
import { InstallBanner } from './install-banner.js';
import { OfflineBar } from './offline-bar.js';

/** The global overlays of spec section 2 that every page carries: install and connectivity. */
export function PwaOverlays() {
  const online = useOnlineStatus();
  const installable = useInstallAvailability();
  return (
    <>
      <OfflineBar online={online} />
      <InstallBanner installable={installable} />
      <InstallAppButton installable={installable} />
    </>
  );
}
