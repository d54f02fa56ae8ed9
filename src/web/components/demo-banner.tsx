import { FlaskConical } from 'lucide-react';
import { readStorage } from '../lib/browser-storage.js';
import { usePublicConfig } from '../lib/public-config.js';
import { SESSION_STORAGE_KEYS } from '../lib/storage-keys.js';

/**
 * In demo mode, a slim line over every signed-in page saying so: a visitor greeted as "Priya"
 * should know she is a made-up student, and that what they send reaches no real school. Until the
 * server answers, the tab's last answer decides, so the line is there from the first paint and
 * does not push the page down once the answer arrives.
 */
export function DemoBanner() {
  const config = usePublicConfig();
  const demoMode =
    config.data?.demoMode ?? readStorage('session', SESSION_STORAGE_KEYS.demoMode) === 'true';
  if (!demoMode) return null;
  return (
    <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-1.5 text-center text-xs font-medium text-amber-950">
      <FlaskConical className="size-3.5 shrink-0" aria-hidden="true" />
      Demo: the students, schools and messages here are made up.
    </p>
  );
}
