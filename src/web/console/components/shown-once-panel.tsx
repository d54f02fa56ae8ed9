import { Copy } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';

/**
 * A secret the server answered this once and keeps only as a hash (an enrolment link, an invite
 * code): shown in a field to select, with Copy to put it on the clipboard, to pass on by a
 * channel the staff member trusts. `children` say to whom and until when.
 */
export function ShownOncePanel({
  title,
  label,
  value,
  children,
  onDone,
}: {
  title: string;
  /** The field's label, and what the copy notice calls the value. */
  label: string;
  value: string;
  children: ReactNode;
  onDone: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  return (
    <Alert variant="success" role="status" className="gap-y-3">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        {children}
        <div className="grid gap-2">
          <Label htmlFor={id}>{label}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={id}
              readOnly
              value={value}
              className="min-w-0 flex-1"
              onFocus={(event) => {
                event.target.select();
              }}
            />
            <Button
              variant="outline"
              onClick={() => {
                navigator.clipboard.writeText(value).then(
                  () => {
                    setCopied('yes');
                  },
                  () => {
                    setCopied('failed');
                  },
                );
              }}
            >
              <Copy aria-hidden="true" />
              Copy
            </Button>
            <Button variant="ghost" onClick={onDone}>
              Done
            </Button>
          </div>
          <p aria-live="polite" className="text-sm">
            {copied === 'yes'
              ? 'Copied.'
              : copied === 'failed'
                ? `The ${label.toLowerCase()} could not be copied: select it and copy it by hand.`
                : null}
          </p>
        </div>
      </AlertDescription>
    </Alert>
  );
}
