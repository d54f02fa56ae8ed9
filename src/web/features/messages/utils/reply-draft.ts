import {
  MESSAGE_LIMITS,
  UNIVERSITY_OFFICES,
  type TMessage,
  type TUniversityOffice,
} from '../../../../shared/messages.js';

/** Where a new message starts: blank, or a reply's office, subject and application. */
export interface ComposeStart {
  to?: TUniversityOffice;
  subject?: string;
  applicationId?: number;
}

const isOffice = (name: string): name is TUniversityOffice =>
  (UNIVERSITY_OFFICES as readonly string[]).includes(name);

/** Words in an office's signature that name one of the four offices a student may write to. */
const OFFICE_BY_WORD: [RegExp, TUniversityOffice][] = [
  [/international/i, 'International Student Office'],
  [/financial|\baid\b/i, 'Financial Aid Office'],
  [/registrar/i, "Registrar's Office"],
];

/**
 * The office a reply goes to: the one the student wrote to, when the message answers theirs;
 * else the office its sender's name says ("… International Office"); else admissions, which
 * handles an application's questions. The student can still choose another before sending.
 */
export function replyOffice(message: TMessage, messages: readonly TMessage[]): TUniversityOffice {
  const answered = messages.find((m) => m.id === message.replyTo);
  if (answered && isOffice(answered.to)) return answered.to;
  return OFFICE_BY_WORD.find(([word]) => word.test(message.from))?.[1] ?? 'Admissions Office';
}

/** "Re: " once, however long the conversation, within the subject's limit. */
export const replySubject = (subject: string): string =>
  (subject.startsWith('Re: ') ? subject : `Re: ${subject}`).slice(0, MESSAGE_LIMITS.subject);

/** A reply to a message from the university: its office, its subject, its application. */
export function replyTo(message: TMessage, messages: readonly TMessage[]): ComposeStart {
  return {
    to: replyOffice(message, messages),
    subject: replySubject(message.subject),
    ...(message.applicationId === null ? {} : { applicationId: message.applicationId }),
  };
}
