import { Mail, Phone } from 'lucide-react';
import type { TApplication } from '../../../../shared/applications.js';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card.js';
import { ContactItem, ContactLink, ContactList } from '../../../components/ui/contact-list.js';
import { telHref } from '../../../lib/contact-links.js';

/** The admissions office of the application's university: e-mail and phone, as tappable rows. */
export function AdmissionsContactCard({ application }: { application: TApplication }) {
  const { university, admissionsEmail, admissionsPhone } = application;
  return (
    <Card role="region" aria-labelledby="admissions-contact-title" className="gap-4 p-6">
      <div className="flex flex-col gap-1">
        <CardTitle id="admissions-contact-title">Admissions Contact</CardTitle>
        <CardDescription>{university} Admissions Office</CardDescription>
      </div>
      {admissionsEmail || admissionsPhone ? (
        <ContactList>
          {admissionsEmail ? (
            <ContactItem icon={Mail} label="E-mail">
              <ContactLink href={`mailto:${admissionsEmail}`}>{admissionsEmail}</ContactLink>
            </ContactItem>
          ) : null}
          {admissionsPhone ? (
            <ContactItem icon={Phone} label="Phone">
              <ContactLink href={telHref(admissionsPhone)}>{admissionsPhone}</ContactLink>
            </ContactItem>
          ) : null}
        </ContactList>
      ) : (
        <p className="text-sm text-muted-foreground">
          The admissions office has not shared an e-mail address or phone number yet. Use New
          Message under Communications to write to them here.
        </p>
      )}
    </Card>
  );
}
