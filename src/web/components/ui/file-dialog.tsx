import { X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { Button } from './button.js';
import { Dialog } from './dialog.js';

/**
 * A file shown over the page, full screen on a phone: a bar with its name (cut short to fit) and
 * a close button that takes the focus, above `children`. The native modal dialog keeps the
 * keyboard inside, Escape closes it, and the focus goes back to what opened it.
 */
export function FileDialog({
  fileName,
  closeLabel,
  onClose,
  children,
}: {
  fileName: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog aria-labelledby={titleId} initialFocusRef={closeRef} onClose={onClose} size="large">
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-border py-1.5 pr-1.5 pl-4">
          <h2 id={titleId} className="min-w-0 truncate text-base font-semibold text-foreground">
            {fileName}
          </h2>
          <Button
            ref={closeRef}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <X className="size-5" aria-hidden="true" />
          </Button>
        </div>
        {children}
      </div>
    </Dialog>
  );
}
