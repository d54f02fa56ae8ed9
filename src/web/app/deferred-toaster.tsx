import { lazy, Suspense } from 'react';
import { useToast } from '../hooks/use-toast.js';

const Toaster = lazy(async () => ({
  default: (await import('../components/ui/toaster.js')).Toaster,
}));

/**
 * Mounts the Radix toaster with the first toast rather than on every first page load: it is a
 * sixth of the welcome page's JavaScript, and most visits never show a toast.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
