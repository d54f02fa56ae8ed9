import { CircleAlert } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from './alert.js';

/**
 * Why the student's last attempt failed, in an alert region that takes the keyboard whenever a
 * new failure appears: it shows above a form that on a phone has scrolled out of view, and
 * replaces nothing the keyboard was on, so the student reads it before trying again. Nothing
 * shows while `failure` is null.
 *
 * `children` say what to do about it, under the failure; `titled` sets the failure in bold over
 * them.
 */
export function FailureAlert({
  failure,
  titled = false,
  children,
}: {
  failure: string | null;
  titled?: boolean;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) ref.current?.focus();
  }, [failure]);
  if (!failure) return null;
  return (
    <Alert
      ref={ref}
      variant="destructive"
      tabIndex={-1}
      className="outline-none focus-visible:ring-3 focus-visible:ring-ring"
    >
      <CircleAlert aria-hidden="true" />
      {titled ? (
        <>
          <AlertTitle>{failure}</AlertTitle>
          <AlertDescription>{children}</AlertDescription>
        </>
      ) : (
        <AlertDescription>
          {children === undefined ? (
            failure
          ) : (
            <>
              <p>{failure}</p>
              {children}
            </>
          )}
        </AlertDescription>
      )}
    </Alert>
  );
}
