import { ENROLMENT_LINK_LIFETIME_HOURS } from '../../../shared/staff-team.js';
import type { NotificationI18n } from './notification-catalogue.js';
import type { NotificationTemplate, Params } from './notification-template.js';

const OPEN_CONSOLE = /*i18n*/ {
  id: 'notification.action.open-console',
  message: 'Open the console',
};

const student = (p: Params, i18n: NotificationI18n) =>
  p.student ?? i18n._(/*i18n*/ { id: 'notification.fallback.student', message: 'A student' });

/**
 * What the portal tells staff, in English: the console speaks English, and so do its e-mails.
 * They are catalogue messages all the same, so they can be translated with the console.
 */
export const STAFF_TEMPLATES = {
  // Staff hear of these by push only, as they happen (their e-mail is the daily digest).
  'staff.student-wrote': {
    category: 'messages',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.staff-student-wrote.subject',
        message: '{student} wrote a message',
        values: { student: student(p, i18n) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.staff-student-wrote.body',
        message: '{student} wrote a message in the portal.',
        values: { student: student(p, i18n) },
      }),
    ],
    action: {
      label: /*i18n*/ {
        id: 'notification.staff-student-wrote.action',
        message: 'Open the conversation',
      },
      path: (p) => `/staff/inbox/${p.studentId ?? ''}/${p.messageId ?? ''}`,
    },
    push: true,
  },
  'staff.document-uploaded': {
    category: 'status',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.staff-document-uploaded.subject',
        message: '{student} uploaded a document to review',
        values: { student: student(p, i18n) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.staff-document-uploaded.body',
        message: '{student} uploaded a document for you to review.',
        values: { student: student(p, i18n) },
      }),
    ],
    action: {
      label: /*i18n*/ { id: 'notification.staff-document-uploaded.action', message: 'Review it' },
      path: () => '/staff/reviews',
    },
    push: true,
  },
  // The student's agent hears of it, so a recovery nobody expected is questioned at once.
  'staff.student-recovered': {
    category: 'security',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.staff-student-recovered.subject',
        message: '{student} recovered their account on a new device',
        values: { student: student(p, i18n) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.staff-student-recovered.body',
        message:
          '{student} recovered their account: passport number, birth date and a new identity check matched, and a new passkey replaced the old ones.',
        values: { student: student(p, i18n) },
      }),
      i18n._({
        id: 'notification.staff-student-recovered.next',
        message: 'If the student did not expect this, contact them and an administrator at once.',
      }),
    ],
    action: {
      label: /*i18n*/ {
        id: 'notification.staff-student-recovered.action',
        message: "Open the student's record",
      },
      path: (p) => `/staff/students/${p.studentId ?? ''}`,
    },
    push: true,
  },
  'staff.enrolment': {
    category: 'account',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.staff-enrolment.subject',
        message: 'Your staff account: register your passkey',
      }),
    lines: (_p, i18n) => [
      i18n._({
        id: 'notification.staff-enrolment.body',
        message: 'An administrator created your account on the staff console.',
      }),
      i18n._({
        id: 'notification.staff-enrolment.link',
        message:
          'Open the link below on the device you will sign in with, to register your passkey. It works once, within {hours} hours.',
        values: { hours: ENROLMENT_LINK_LIFETIME_HOURS },
      }),
    ],
    action: {
      label: /*i18n*/ {
        id: 'notification.staff-enrolment.action',
        message: 'Register your passkey',
      },
      path: (p) => p.link ?? '/staff/enrol',
    },
  },
  'staff.passkey-added': {
    category: 'security',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.staff-passkey-added.subject',
        message: 'A passkey was added to your staff account',
      }),
    lines: (_p, i18n) => [
      i18n._({
        id: 'notification.staff-passkey-added.body',
        message: 'A new passkey was registered for your staff account.',
      }),
      i18n._({
        id: 'notification.staff-passkey-added.not-you',
        message: 'If this was not you, tell an administrator at once.',
      }),
    ],
    action: { label: OPEN_CONSOLE, path: () => '/staff' },
  },
  'staff.passkeys-reset': {
    category: 'security',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.staff-passkeys-reset.subject',
        message: 'The passkeys of your staff account were removed',
      }),
    lines: (_p, i18n) => [
      i18n._({
        id: 'notification.staff-passkeys-reset.body',
        message:
          'An administrator removed your passkeys and signed your staff account out everywhere.',
      }),
      i18n._({
        id: 'notification.staff-passkeys-reset.next',
        message:
          'They give you a new enrolment link to register a passkey again. If you did not expect this, ask them why.',
      }),
    ],
    action: { label: OPEN_CONSOLE, path: () => '/staff/sign-in' },
  },
  'staff.disabled': {
    category: 'security',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.staff-disabled.subject',
        message: 'Your staff account was disabled',
      }),
    lines: (_p, i18n) => [
      i18n._({
        id: 'notification.staff-disabled.body',
        message:
          'An administrator disabled your account on the staff console: it no longer signs in.',
      }),
      i18n._({
        id: 'notification.staff-disabled.next',
        message: 'If you did not expect this, ask an administrator.',
      }),
    ],
    action: { label: OPEN_CONSOLE, path: () => '/staff/sign-in' },
  },
  'staff.digest': {
    category: 'digest',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.staff-digest.subject',
        message:
          'Your daily summary: {wrote, plural, one {# student wrote} other {# students wrote}}, {waiting, plural, one {# document waits} other {# documents wait}} for review',
        values: { wrote: Number(p.wrote ?? 0), waiting: Number(p.waiting ?? 0) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.staff-digest.wrote',
        message:
          'Since your last summary, {wrote, plural, one {# student} other {# students}} you look after wrote in the portal.',
        values: { wrote: Number(p.wrote ?? 0) },
      }),
      i18n._({
        id: 'notification.staff-digest.waiting',
        message:
          '{waiting, plural, one {# document waits} other {# documents wait}} for your review.',
        values: { waiting: Number(p.waiting ?? 0) },
      }),
    ],
    // Where the work is: the students' messages first, else the documents to review.
    action: {
      label: OPEN_CONSOLE,
      path: (p) => (p.wrote === '0' ? '/staff/reviews' : '/staff/inbox'),
    },
  },
} satisfies Record<string, NotificationTemplate>;
