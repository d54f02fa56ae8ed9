import { FlaskConical } from 'lucide-react';
import { usePublicConfig } from '../lib/public-config.js';

/**
 * In demo mode, a slim line over every signed-in page saying so: a visitor greeted as "Priya"
 * should know she is a made-up student, and that what they send reaches no real school.
 */
export function DemoBanner() {
  const config = usePublicConfig();
  if (config.data?.demoMode !== true) return null;
  return (
    <p className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-1.5 text-center text-xs font-medium text-amber-950">
      <FlaskConical className="size-3.5 shrink-0" aria-hidden="true" />
      Demo: the students, schools and messages here are made up.
    </p>
  );
}
