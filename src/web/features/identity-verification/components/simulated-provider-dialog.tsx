import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.js';

/**
 * The built-in simulated provider's page in a modal dialog of our own (Veriff's flow brings its own
 * overlay). A native <dialog> opened with showModal(): the rest of the page is inert, focus moves
 * into the dialog and comes back when it closes, and Escape closes it, as the close button does.
 *
 * The framed page is the server's own and runs no script: its policy (default-src 'none') forbids
 * any, so the frame needs no sandbox of ours on top.
 */
export function SimulatedProviderDialog({
  sessionUrl,
  onClose,
  onFrameLoad,
}: {
  sessionUrl: string;
  onClose: () => void;
  onFrameLoad: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Browsers from before 2022 (and jsdom) lack showModal: the dialog then opens in place.
    const element: HTMLElement = dialog;
    if ('showModal' in dialog) {
      if (!dialog.open) dialog.showModal();
    } else {
      element.setAttribute('open', '');
    }
    return () => {
      if ('close' in dialog) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="simulated-provider-title"
      onCancel={(event) => {
        // Escape: the page decides what closing means (it checks for a decision first).
        event.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-card p-0 text-card-foreground backdrop:bg-slate-950/60 sm:m-auto sm:h-[min(46rem,calc(100dvh-4rem))] sm:w-[min(34rem,calc(100vw-4rem))] sm:rounded-2xl sm:border sm:border-border sm:shadow-2xl"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-border py-1.5 pr-1.5 pl-4">
          <h2 id="simulated-provider-title" className="text-base font-semibold text-foreground">
            Identity verification
          </h2>
          <Button variant="ghost" size="icon" aria-label="Close verification" onClick={onClose}>
            <X className="size-5" aria-hidden="true" />
          </Button>
        </div>
        <iframe
          title="Identity verification (simulated provider)"
          src={sessionUrl}
          referrerPolicy="same-origin"
          onLoad={onFrameLoad}
          className="min-h-0 w-full flex-1 border-0 bg-background"
        />
      </div>
    </dialog>
  );
}
