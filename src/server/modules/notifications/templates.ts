import type { TNotificationCategory } from '../../../shared/notifications.js';
import { ENROLMENT_LINK_LIFETIME_HOURS } from '../../../shared/staff-team.js';
import { counted, dayName, identityCheckTitle } from './notification-texts.js';

/**
 * Every notification the portal writes, by name: its category (what a person may turn off), its
 * subject, its lines and its one link into the portal. Parameters are plain strings the change
 * knew: a first name comes from the recipient when it is sent, never from here. English until
 * the student's language exists (issue 27 moves these texts into the shared catalogue).
 */
interface NotificationTemplate {
  category: TNotificationCategory;
  subject: (p: Params) => string;
  lines: (p: Params) => string[];
  action: { label: string; path: (p: Params) => string };
  /** Also sent by web push, as its subject and link (push-payload.ts), to a browser with push on. */
  push?: true;
}

type Params = Readonly<Record<string, string | undefined>>;

const dueLine = (p: Params) => (p.dueDate ? [`Please upload it by ${p.dueDate}.`] : []);

export const NOTIFICATION_TEMPLATES = {
  // Staff hear of these by push only, as they happen (their e-mail is the daily digest).
  'staff.student-wrote': {
    category: 'messages',
    subject: (p) => `${p.student ?? 'A student'} wrote a message`,
    lines: (p) => [`${p.student ?? 'A student'} wrote a message in the portal.`],
    action: {
      label: 'Open the conversation',
      path: (p) => `/staff/inbox/${p.studentId ?? ''}/${p.messageId ?? ''}`,
    },
    push: true,
  },
  'staff.document-uploaded': {
    category: 'status',
    subject: (p) => `${p.student ?? 'A student'} uploaded a document to review`,
    lines: (p) => [`${p.student ?? 'A student'} uploaded a document for you to review.`],
    action: { label: 'Review it', path: () => '/staff/reviews' },
    push: true,
  },
  // Neither names the message's subject: a student's own ("Re: ...") may say anything.
  'message.reply': {
    category: 'messages',
    subject: (p) => `${p.office ?? 'Your school'} replied to your message`,
    lines: (p) => [`${p.office ?? 'Your school'} replied to your message in the portal.`],
    action: { label: 'Read the reply', path: () => '/messages' },
    push: true,
  },
  'message.new': {
    category: 'messages',
    subject: (p) => `New message from ${p.office ?? 'your school'}`,
    lines: (p) => [`${p.office ?? 'Your school'} sent you a message in the portal.`],
    action: { label: 'Read the message', path: () => '/messages' },
    push: true,
  },
  'document.requested': {
    category: 'status',
    subject: (p) => `Please upload: ${p.title ?? 'a document'}`,
    lines: (p) => [
      `${p.university ?? 'Your school'} asked you for this document: ${p.title ?? ''}.`,
      ...(p.note ? [`Their note: ${p.note}`] : []),
      ...dueLine(p),
    ],
    action: { label: 'Upload it', path: (p) => `/application/${p.applicationId ?? ''}` },
    push: true,
  },
  'document.rejected': {
    category: 'status',
    subject: (p) => `Please upload your ${p.title ?? 'document'} again`,
    lines: (p) => [
      `${p.university ?? 'Your school'} could not accept the ${p.title ?? 'document'} you uploaded.`,
      `The reason: ${p.reason ?? ''}`,
      ...dueLine(p),
    ],
    action: { label: 'Upload it again', path: (p) => `/application/${p.applicationId ?? ''}` },
    push: true,
  },
  'document.accepted': {
    category: 'status',
    subject: (p) => `Your ${p.title ?? 'document'} was accepted`,
    lines: (p) => [
      `${p.university ?? 'Your school'} accepted the ${p.title ?? 'document'} you uploaded.`,
    ],
    action: { label: 'See your application', path: (p) => `/application/${p.applicationId ?? ''}` },
    push: true,
  },
  'application.status': {
    category: 'status',
    subject: (p) => `Your application to ${p.university ?? 'your school'}: ${p.status ?? ''}`,
    lines: (p) => [
      `The status of your application to ${p.university ?? 'your school'} is now: ${p.status ?? ''}.`,
    ],
    action: { label: 'See your application', path: (p) => `/application/${p.applicationId ?? ''}` },
    push: true,
  },
  'i20.issued': {
    category: 'status',
    subject: () => 'Your I-20 is ready',
    lines: () => [
      'Your school issued your Form I-20. Download it from your dashboard: you need its SEVIS ID to pay the SEVIS fee and to apply for your visa.',
    ],
    action: { label: 'Open your dashboard', path: () => '/dashboard' },
    push: true,
  },
  'sevis.paid': {
    category: 'status',
    subject: () => 'Your SEVIS fee is marked paid',
    lines: () => [
      'Your SEVIS I-901 fee is marked paid. Keep the receipt: you need it at your visa interview.',
    ],
    action: { label: 'Open your dashboard', path: () => '/dashboard' },
    push: true,
  },
  'moi.accepted': {
    category: 'status',
    subject: () => 'Your English interview was accepted',
    lines: () => ['Your school accepted your recorded English (MOI) interview.'],
    action: { label: 'Open your dashboard', path: () => '/dashboard' },
    push: true,
  },
  'moi.retake': {
    category: 'status',
    subject: () => 'Please record your English interview again',
    lines: (p) => [
      'Your school asked you to record your English (MOI) interview again.',
      `The reason: ${p.reason ?? ''}`,
    ],
    action: { label: 'Record it again', path: () => '/moi' },
    push: true,
  },
  // Only the spec's title for the result code: never the provider's reason or the document's data.
  'identity.declined': {
    category: 'account',
    subject: (p) => `Your identity check: ${identityCheckTitle(p.code)}`,
    lines: (p) => [
      `Your identity check was not approved: ${identityCheckTitle(p.code)}.`,
      'Open the portal to see what to do next.',
    ],
    action: { label: 'See what to do next', path: () => '/face-verification' },
  },
  'security.passkey-added': {
    category: 'security',
    subject: () => 'A passkey was added to your account',
    lines: (p) => [
      `A new passkey was added to your account${p.device ? `: ${p.device}` : ''}.`,
      'If you did not add it, contact your agent or support at once.',
    ],
    action: { label: 'See your passkeys', path: () => '/profile' },
  },
  'security.passkey-removed': {
    category: 'security',
    subject: () => 'A passkey was removed from your account',
    lines: (p) => [
      `A passkey was removed from your account${p.device ? `: ${p.device}` : ''}.`,
      'If you did not remove it, contact your agent or support at once.',
    ],
    action: { label: 'See your passkeys', path: () => '/profile' },
  },
  'security.access-revoked': {
    category: 'security',
    subject: () => 'Your access to the portal was reset',
    lines: () => [
      'Your passkeys were removed and every device was signed out of your account.',
      'To sign in again, set up your account with the new invite code you are given.',
      'If you did not ask for this, contact your agent or support.',
    ],
    action: { label: 'Set up your account', path: () => '/signup' },
  },
  'security.account-recovered': {
    category: 'security',
    subject: () => 'Your account was recovered on a new device',
    lines: (p) => [
      `Your account was recovered with your passport and a new identity check, and a new passkey was added${p.device ? `: ${p.device}` : ''}.`,
      'Your old passkeys no longer work, and every other device was signed out.',
      'If you did not do this, contact your agent or support at once.',
    ],
    action: { label: 'See your passkeys', path: () => '/profile' },
  },
  // The code is a credential: the outbox keeps it sealed (sealed-params.ts), never in a subject.
  invite: {
    category: 'account',
    subject: (p) => `Your invite to ${p.school ?? 'the student portal'}`,
    lines: (p) => [
      `${p.school ?? 'Your school'} invited you to the student portal, where you follow your application, your I-20 and your visa.`,
      `Your invite code: ${p.code ?? ''}`,
      `Start with it by ${dayName(p.expiresOn)}, with your passport number and date of birth at hand. Keep the code to yourself: it opens your account.`,
    ],
    action: { label: 'Start here', path: () => '/signup' },
  },
  // The student's agent hears of it, so a recovery nobody expected is questioned at once.
  'staff.student-recovered': {
    category: 'security',
    subject: (p) => `${p.student ?? 'A student'} recovered their account on a new device`,
    lines: (p) => [
      `${p.student ?? 'A student'} recovered their account: passport number, birth date and a new identity check matched, and a new passkey replaced the old ones.`,
      'If the student did not expect this, contact them and an administrator at once.',
    ],
    action: {
      label: "Open the student's record",
      path: (p) => `/staff/students/${p.studentId ?? ''}`,
    },
    push: true,
  },
  'staff.enrolment': {
    category: 'account',
    subject: () => 'Your staff account: register your passkey',
    lines: () => [
      'An administrator created your account on the staff console.',
      `Open the link below on the device you will sign in with, to register your passkey. It works once, within ${ENROLMENT_LINK_LIFETIME_HOURS} hours.`,
    ],
    action: { label: 'Register your passkey', path: (p) => p.link ?? '/staff/enrol' },
  },
  'staff.passkey-added': {
    category: 'security',
    subject: () => 'A passkey was added to your staff account',
    lines: () => [
      'A new passkey was registered for your staff account.',
      'If this was not you, tell an administrator at once.',
    ],
    action: { label: 'Open the console', path: () => '/staff' },
  },
  'staff.passkeys-reset': {
    category: 'security',
    subject: () => 'The passkeys of your staff account were removed',
    lines: () => [
      'An administrator removed your passkeys and signed your staff account out everywhere.',
      'They give you a new enrolment link to register a passkey again. If you did not expect this, ask them why.',
    ],
    action: { label: 'Open the console', path: () => '/staff/sign-in' },
  },
  'staff.disabled': {
    category: 'security',
    subject: () => 'Your staff account was disabled',
    lines: () => [
      'An administrator disabled your account on the staff console: it no longer signs in.',
      'If you did not expect this, ask an administrator.',
    ],
    action: { label: 'Open the console', path: () => '/staff/sign-in' },
  },
  // kind: 7-days or 2-days before the due day, or overdue the day after it (due-date-reminders.ts).
  'reminder.due': {
    category: 'reminders',
    push: true,
    subject: (p) =>
      p.kind === 'overdue'
        ? `Overdue: ${p.title ?? 'a document'}`
        : `Reminder: ${p.title ?? 'a document'} is due ${dayName(p.dueDate)}`,
    lines: (p) => [
      p.kind === 'overdue'
        ? `${p.university ?? 'Your school'} asked you for this document by ${dayName(p.dueDate)}, and it is still missing: ${p.title ?? ''}.`
        : `${p.university ?? 'Your school'} asked you for this document by ${dayName(p.dueDate)}: ${p.title ?? ''}.`,
      'Please upload it in the portal.',
    ],
    action: { label: 'Upload it', path: (p) => `/application/${p.applicationId ?? ''}` },
  },
  'staff.digest': {
    category: 'digest',
    subject: (p) =>
      `Your daily summary: ${counted(p.wrote, 'student wrote', 'students wrote')}, ${counted(p.waiting, 'document waits', 'documents wait')} for review`,
    lines: (p) => [
      `Since your last summary, ${counted(p.wrote, 'student', 'students')} you look after wrote in the portal.`,
      `${counted(p.waiting, 'document waits', 'documents wait')} for your review.`,
    ],
    // Where the work is: the students' messages first, else the documents to review.
    action: {
      label: 'Open the console',
      path: (p) => (p.wrote === '0' ? '/staff/reviews' : '/staff/inbox'),
    },
  },
} satisfies Record<string, NotificationTemplate>;

export type TNotificationTemplate = keyof typeof NOTIFICATION_TEMPLATES;

export const templateOf = (name: string): NotificationTemplate | undefined =>
  (NOTIFICATION_TEMPLATES as Record<string, NotificationTemplate | undefined>)[name];
