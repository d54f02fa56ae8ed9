import { Mail, Phone } from 'lucide-react';
import type { TApplication } from '../../../../shared/applications.js';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.js';
import { TextLink } from '../../../components/ui/text-link.js';

/** The admissions office of the application's university: e-mail and phone, as links. */
export function AdmissionsContactCard({ application }: { application: TApplication }) {
  const { university, admissionsEmail, admissionsPhone } = application;
  return (
    <Card role="region" aria-labelledby="admissions-contact-title" className="gap-4 p-6">
      <div className="flex flex-col gap-1">
        <CardTitle id="admissions-contact-title">Admissions Contact</CardTitle>
        <CardDescription>{university} Admissions Office</CardDescription>
      </div>
      {admissionsEmail || admissionsPhone ? (
        <dl className="flex flex-col gap-3 text-sm">
          {admissionsEmail ? (
            <div className="flex items-start gap-2">
              <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <dt className="sr-only">E-mail</dt>
              <dd className="min-w-0">
                <TextLink wrap="anywhere" href={`mailto:${admissionsEmail}`}>
                  {admissionsEmail}
                </TextLink>
              </dd>
            </div>
          ) : null}
          {admissionsPhone ? (
            <div className="flex items-start gap-2">
              <Phone className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <dt className="sr-only">Phone</dt>
              <dd className="min-w-0">
                <TextLink wrap="anywhere" href={`tel:${admissionsPhone.replace(/[^\d+]/g, '')}`}>
                  {admissionsPhone}
                </TextLink>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">
          The admissions office has not shared an e-mail address or phone number yet. Use New
          Message under Communications to write to them here.
        </p>
      )}
    </Card>
  );
}
