import { CalendarCheck, CircleCheck, Info } from 'lucide-react';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { TaskCard } from './task-card.js';

export const SEVIS_FIRST_MESSAGE =
  'The SEVIS fee must be paid before you schedule your visa appointment.';
export const VISA_READY_MESSAGE =
  "Your SEVIS fee is paid: you're ready to schedule your visa appointment.";

/**
 * The visa appointment card, information only (spec sections 2 and 4): its badge always says
 * 'Schedule Required'; it says the SEVIS fee comes first, and that the student is ready once paid.
 */
export function VisaAppointmentCard({
  sevisPaid,
  waitTimesId,
}: {
  sevisPaid: boolean;
  waitTimesId: string;
}) {
  return (
    <TaskCard
      id="visa-card"
      title="Visa Appointment"
      icon={CalendarCheck}
      badge={<StatusBadge tone="info">Schedule Required</StatusBadge>}
    >
      <p className="flex items-start gap-2">
        <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
        {SEVIS_FIRST_MESSAGE}
      </p>
      {sevisPaid ? (
        <p className="flex items-start gap-2 rounded-xl border border-green-300 bg-green-50 px-3 py-2.5 font-medium text-green-900">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {VISA_READY_MESSAGE}
        </p>
      ) : null}
      <p>
        Book your F-1 visa interview at a US embassy or consulate.{' '}
        <TextLink href={`#${waitTimesId}`}>Compare consulate wait times</TextLink>
      </p>
    </TaskCard>
  );
}
