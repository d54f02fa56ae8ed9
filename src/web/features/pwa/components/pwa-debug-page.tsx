import { useQuery } from '@tanstack/react-query';
import { ClipboardCopy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { PublicLayout } from '../../../components/layouts/public-layout.js';
import { Button } from '../../../components/ui/button.js';
import { Card } from '../../../components/ui/card.js';
import { LoadingStatus } from '../../../components/ui/loading-status.js';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.js';
import { useDocumentTitle } from '../../../hooks/use-document-title.js';
import {
  collectDiagnostics,
  diagnosticsReport,
  type DiagnosticStatus,
} from '../utils/collect-diagnostics.js';

const STATUS_BADGE: Record<DiagnosticStatus, { tone: StatusTone; text: string }> = {
  ok: { tone: 'success', text: 'OK' },
  problem: { tone: 'danger', text: 'Problem' },
  info: { tone: 'neutral', text: 'Info' },
};

/** /pwa-debug: install diagnostics a support person can go through with a student on the phone. */
export function PwaDebugPage() {
  useDocumentTitle('Install Diagnostics');
  const diagnostics = useQuery({
    queryKey: ['pwa-diagnostics'],
    queryFn: collectDiagnostics,
    staleTime: 0,
    gcTime: 0,
  });
  const [copied, setCopied] = useState<string | null>(null);

  async function copyReport() {
    if (!diagnostics.data) return;
    try {
      await navigator.clipboard.writeText(diagnosticsReport(diagnostics.data));
      setCopied('Report copied.');
    } catch {
      setCopied('This browser did not allow copying; read the checks out instead.');
    }
  }

  return (
    <PublicLayout>
      <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-6 px-4 py-8">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">Install Diagnostics</h1>
          <p className="mt-2 text-base text-muted-foreground">
            What this browser says about installing the portal and using it offline.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="outline"
            onClick={() => void diagnostics.refetch()}
            aria-busy={diagnostics.isFetching}
          >
            <RefreshCw aria-hidden="true" />
            Check again
          </Button>
          <Button variant="outline" onClick={() => void copyReport()} disabled={!diagnostics.data}>
            <ClipboardCopy aria-hidden="true" />
            Copy report
          </Button>
          <p role="status" className="self-center text-sm text-muted-foreground">
            {copied}
          </p>
        </div>
        {diagnostics.data ? (
          <Card>
            <dl className="divide-y divide-border">
              {diagnostics.data.map((d) => (
                <div key={d.label} className="flex flex-col gap-1 px-5 py-4 sm:flex-row sm:gap-4">
                  <dt className="flex items-center gap-2 font-semibold text-foreground sm:w-48 sm:shrink-0">
                    {d.label}
                    <StatusBadge tone={STATUS_BADGE[d.status].tone}>
                      {STATUS_BADGE[d.status].text}
                    </StatusBadge>
                  </dt>
                  <dd className="min-w-0 text-sm break-words text-muted-foreground">{d.detail}</dd>
                </div>
              ))}
            </dl>
          </Card>
        ) : (
          <LoadingStatus>Checking this browser…</LoadingStatus>
        )}
      </main>
    </PublicLayout>
  );
}
