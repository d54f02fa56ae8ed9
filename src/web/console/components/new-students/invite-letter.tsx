import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../config/branding.js';
import { formatFullDateTime } from '../../../lib/relative-time.js';
import type { TNewStudent } from '../../../../shared/student-import.js';

/** What a student needs at hand to onboard: the lookup's facts and the identity check's. */
const WHAT_TO_BRING = [
  'Your passport: you type its number, and the identity check photographs it.',
  'Your date of birth, as your passport shows it.',
  'A phone with a camera, for the identity check and your passkey.',
  'A few quiet minutes in good light.',
] as const;

/**
 * The letter a consultancy hands a new student with their invite code: printed (only the letter
 * prints, console.css) or copied into a message. It says where to start and what to bring.
 */
export function InviteLetter({ student, origin }: { student: TNewStudent; origin: string }) {
  const until = formatFullDateTime(student.expiresAt) ?? student.expiresAt;
  return (
    <article
      aria-label="Invite letter"
      className="invite-letter flex flex-col gap-4 rounded-2xl border border-border bg-card p-6 text-card-foreground"
    >
      <p className="text-sm font-semibold text-muted-foreground">
        {PRODUCT_NAME} · {student.schoolName}
      </p>
      <p>
        Dear {student.firstName} {student.lastName},
      </p>
      <p>
        {student.schoolName} invites you to {PRODUCT_NAME}, where you follow your admission, your
        I-20, the SEVIS fee, your visa appointment and your English interview in one place.
      </p>
      <div>
        <p className="text-sm font-semibold">Your invite code</p>
        <p dir="ltr" className="font-mono text-2xl font-bold tracking-wider break-all">
          {student.code}
        </p>
        <p className="text-sm">It works until {until}, for you only.</p>
      </div>
      <div>
        <h3 className="font-semibold">Where to start</h3>
        <p>
          On your phone, open <strong dir="ltr">{origin}</strong>, choose “Continue with Invite
          Code”, and enter this code with your passport number and date of birth.
        </p>
      </div>
      <div>
        <h3 className="font-semibold">What to bring</h3>
        <ul className="list-disc ps-5">
          {WHAT_TO_BRING.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <p className="text-sm">
        Questions? Write to your agent or to <span dir="ltr">{SUPPORT_EMAIL}</span>.
      </p>
    </article>
  );
}
