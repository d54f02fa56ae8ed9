import type { TNotificationCategory } from '../../../shared/notifications.js';

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
} satisfies Record<string, NotificationTemplate>;

export type TNotificationTemplate = keyof typeof NOTIFICATION_TEMPLATES;

export const templateOf = (name: string): NotificationTemplate | undefined =>
  (NOTIFICATION_TEMPLATES as Record<string, NotificationTemplate | undefined>)[name];
