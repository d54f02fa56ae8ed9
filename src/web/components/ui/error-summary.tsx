import { CircleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Alert, AlertDescription } from './alert.js';

export interface FieldError {
  /** The id of the field's control, which its link puts the keyboard on. */
  fieldId: string;
  message: string;
}

/**
 * "There is a problem": at the top of a form whose submission failed, every error in it, each a
 * link to its field. It takes the keyboard on each failed attempt (`attempt` counts them), so a
 * student who pressed Save at the bottom of a long form on a phone reads what to fix, and a
 * screen reader hears it, before going to the fields. It goes once nothing is left to fix.
 */
export function ErrorSummary({
  errors,
  attempt,
}: {
  errors: readonly FieldError[];
  attempt: number;
}) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const focusedAttempt = useRef(0);
  // Once per attempt, as soon as the summary is there: a form library may report the failed
  // attempt a render before its errors. Errors found again while the student types never take
  // the keyboard from the field.
  useEffect(() => {
    if (attempt > focusedAttempt.current && ref.current) {
      focusedAttempt.current = attempt;
      ref.current.focus();
    }
  });
  if (errors.length === 0) return null;
  return (
    <Alert
      ref={ref}
      role="region"
      aria-labelledby={titleId}
      variant="destructive"
      tabIndex={-1}
      className="outline-none focus-visible:ring-3 focus-visible:ring-ring"
    >
      <CircleAlert aria-hidden="true" />
      <h2 id={titleId} className="col-start-2 text-base leading-snug font-semibold">
        There is a problem
      </h2>
      <AlertDescription>
        <ul>
          {errors.map((error) => (
            <li key={error.fieldId}>
              <a
                href={`#${error.fieldId}`}
                className="flex min-h-11 items-center font-semibold underline underline-offset-4 focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
                onClick={(event) => {
                  // The field itself, not the address's fragment: the keyboard lands in it.
                  event.preventDefault();
                  document.getElementById(error.fieldId)?.focus();
                }}
              >
                {error.message}
              </a>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
