import { CircleCheck, Info } from 'lucide-react';
import { Link } from 'react-router';
import { MOI_MESSAGES } from '../../../../shared/moi.js';
import { Button } from '../../../components/ui/button.js';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { paths } from '../../../config/paths.js';
import { cn } from '../../../lib/cn.js';

/** Why there is nothing to record: the interview is submitted, or the school does not ask for it. */
export type ClosedReason = 'submitted' | 'not-required';

const CLOSED = {
  submitted: {
    icon: CircleCheck,
    iconClass: 'text-success',
    title: 'MOI Submitted',
    text: 'Your school will review your recording. There is nothing more to do here.',
  },
  'not-required': {
    icon: Info,
    iconClass: 'text-primary',
    title: 'MOI Interview Not Required',
    text: MOI_MESSAGES.notRequired,
  },
} as const;

/**
 * Shown instead of the camera when the student's record says there is no interview to record,
 * so nobody records minutes of answers the server would refuse.
 */
export function InterviewClosed({ reason }: { reason: ClosedReason }) {
  const { icon: Icon, iconClass, title, text } = CLOSED[reason];
  return (
    <Card className="items-center gap-5 p-6 text-center">
      <Icon className={cn('size-10', iconClass)} aria-hidden="true" />
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{text}</CardDescription>
      </CardHeader>
      <Button asChild>
        <Link to={paths.dashboard.getHref()}>Return to Dashboard</Link>
      </Button>
    </Card>
  );
}
