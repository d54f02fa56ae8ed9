import { CalendarCheck, CircleCheck } from 'lucide-react';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { TextLink } from '../../../components/ui/text-link.js';
import { VISA_APPOINTMENT_DISPLAY } from '../../../lib/status-display.js';
import type { DashboardTask } from '../utils/dashboard-plan.js';
import { TaskCard } from './task-card.js';

export const VISA_READY_MESSAGE =
  "Your SEVIS fee is paid: you're ready to schedule your visa appointment.";

/**
 * The visa appointment card, information only (spec sections 2 and 4): its badge always says
 * 'Schedule Required'. Until the SEVIS fee is paid its state says the fee comes first
 * (dashboard-plan.ts); once paid, that the student is ready: never both at once.
 */
export function VisaAppointmentCard({
  task,
  sevisPaid,
  waitTimesId,
}: {
  task: DashboardTask;
  sevisPaid: boolean;
  waitTimesId: string;
}) {
  return (
    <TaskCard
      task={task}
      title="Visa Appointment"
      icon={CalendarCheck}
      badge={
        <StatusBadge tone={VISA_APPOINTMENT_DISPLAY.tone}>
          {VISA_APPOINTMENT_DISPLAY.word}
        </StatusBadge>
      }
    >
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
