import { CircleCheck, CreditCard } from 'lucide-react';
import { Button } from '../../../components/ui/button.js';
import { NewTabLink } from '../../../components/ui/new-tab-link.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { sevisStatusDisplay } from '../../../lib/status-display.js';
import type { DashboardTask } from '../utils/dashboard-plan.js';
import { TaskCard } from './task-card.js';

/** Spec section 9: the SEVIS I-901 fee, shown as $350.00. */
export const SEVIS_FEE_USD = 350;
export const SEVIS_FEE_LABEL = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
}).format(SEVIS_FEE_USD);

/** The Department of Homeland Security's official I-901 payment site. */
export const SEVIS_PAYMENT_URL = 'https://www.fmjfee.com';

/**
 * The SEVIS fee card (spec sections 2 and 4): paid when 'sevis paid' is Yes. The fee is paid with
 * the SEVIS ID printed on the I-20, so before the I-20 the card says so; 'Pay SEVIS Fee' stays
 * (the spec's), never as the page's primary action.
 */
export function SevisCard({
  task,
  paid,
  i20Issued,
}: {
  task: DashboardTask;
  paid: boolean;
  i20Issued: boolean;
}) {
  const display = sevisStatusDisplay(paid, i20Issued);
  return (
    <TaskCard
      task={task}
      title="SEVIS Fee Payment"
      icon={CreditCard}
      badge={<StatusBadge tone={display.tone}>{display.word}</StatusBadge>}
    >
      {paid ? (
        <p className="flex items-start gap-2">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
          Your SEVIS I-901 fee is paid. Keep the payment receipt for your visa interview.
        </p>
      ) : (
        <>
          <p>
            Pay the SEVIS I-901 fee on the official U.S. government site with the SEVIS ID printed
            on your I-20, before you schedule your visa appointment. Keep the receipt.
          </p>
          <dl className="flex items-baseline justify-between gap-3 rounded-xl bg-muted px-3 py-2.5">
            <dt>I-901 fee (F-1 students)</dt>
            <dd className="text-lg font-bold text-foreground">{SEVIS_FEE_LABEL}</dd>
          </dl>
          <Button asChild variant="outline" className="mt-auto w-full sm:w-fit">
            <NewTabLink href={SEVIS_PAYMENT_URL}>Pay SEVIS Fee</NewTabLink>
          </Button>
        </>
      )}
    </TaskCard>
  );
}
