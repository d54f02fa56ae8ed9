import type { ReactNode } from 'react';
import { useState } from 'react';
import { cn } from '../lib/cn.js';
import { downloadOwnDocument } from '../lib/download-own-document.js';
import { Alert, AlertDescription, AlertTitle } from './ui/alert.js';
import { Button, type ButtonProps } from './ui/button.js';

/**
 * A button that saves one of the student's own files in the portal (downloadOwnDocument), and
 * says so when it could not: the dashboard's I-20 and acceptance letter, the roadmap's documents.
 */
export function OwnDocumentDownload({
  link,
  failure,
  className,
  variant,
  size,
  children,
}: {
  link: string;
  /** The alert's title when the file could not be saved: "Your I-20 could not be downloaded." */
  failure: string;
  className?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  children: ReactNode;
}) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size}
        className={cn(className)}
        aria-busy={state === 'loading'}
        onClick={() => {
          if (state === 'loading') return;
          setState('loading');
          downloadOwnDocument(link).then(
            () => {
              setState('idle');
            },
            () => {
              setState('failed');
            },
          );
        }}
      >
        {children}
      </Button>
      {state === 'failed' ? (
        <Alert variant="destructive">
          <AlertTitle>{failure}</AlertTitle>
          <AlertDescription>
            Check your connection and try again, or ask your school&apos;s international student
            office for a copy.
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
