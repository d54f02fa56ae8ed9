import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import type { TEnrolmentLinkResponse } from '../../../shared/staff-team.js';
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert.js';
import { Button } from '../../components/ui/button.js';
import { Input } from '../../components/ui/input.js';
import { Label } from '../../components/ui/label.js';
import { formatFullDateTime } from '../../lib/relative-time.js';

/**
 * A new enrolment link, shown this once: the server keeps only its hash. Copy puts it on the
 * clipboard, to send to the person by a channel the administrator trusts.
 */
export function EnrolmentLinkPanel({
  link,
  onDone,
}: {
  link: TEnrolmentLinkResponse;
  onDone: () => void;
}) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const expires = formatFullDateTime(link.expiresAt) ?? link.expiresAt;
  return (
    <Alert variant="success" role="status" className="gap-y-3">
      <AlertTitle>Enrolment link for {link.account.name}</AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <p>
          Send this link to {link.account.email}. It works once, until {expires}. It will not be
          shown again.
        </p>
        <div className="grid gap-2">
          <Label htmlFor={id}>Enrolment link</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={id}
              readOnly
              value={link.enrolmentUrl}
              className="min-w-0 flex-1"
              onFocus={(event) => {
                event.target.select();
              }}
            />
            <Button
              variant="outline"
              onClick={() => {
                navigator.clipboard.writeText(link.enrolmentUrl).then(
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
                ? 'The link could not be copied: select it and copy it by hand.'
                : null}
          </p>
        </div>
      </AlertDescription>
    </Alert>
  );
}
