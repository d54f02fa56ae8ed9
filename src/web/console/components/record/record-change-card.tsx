import type { ReactNode } from 'react';
import { Card, CardHeader, CardTitle } from '../../../components/ui/card.js';
import { FailureAlert } from '../../../components/ui/failure-alert.js';
import { failureMessage } from '../../api/console-request.js';

/** Where a change to the record stands: what the last save answered. */
export interface ChangeState {
  isError: boolean;
  isSuccess: boolean;
  error: unknown;
}

/**
 * A form that changes part of the record, under its title: the server's refusal above it (a 409
 * says who saved first; the form below already shows the current values), and "Saved." after a
 * save, announced.
 */
export function RecordChangeCard({
  title,
  state,
  children,
}: {
  title: string;
  state: ChangeState;
  children: ReactNode;
}) {
  return (
    <Card className="gap-4 p-6">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <FailureAlert
        failure={
          state.isError ? failureMessage(state.error, 'The change could not be saved.') : null
        }
      />
      {children}
      <p role="status" className="text-sm text-muted-foreground">
        {state.isSuccess ? 'Saved.' : ''}
      </p>
    </Card>
  );
}
