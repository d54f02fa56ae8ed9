import type { NotificationI18n } from './notification-catalogue.js';
import type { NotificationTemplate, Params } from './notification-template.js';
import { dayName, identityCheckTitle } from './notification-texts.js';

// What a text says in place of a parameter the change did not know.
const SCHOOL = /*i18n*/ { id: 'notification.fallback.school', message: 'Your school' };
const SCHOOL_IN_SENTENCE = /*i18n*/ {
  id: 'notification.fallback.school-in-sentence',
  message: 'your school',
};
const A_DOCUMENT = /*i18n*/ { id: 'notification.fallback.a-document', message: 'a document' };
const DOCUMENT = /*i18n*/ { id: 'notification.fallback.document', message: 'document' };

const OPEN_DASHBOARD = /*i18n*/ {
  id: 'notification.action.open-dashboard',
  message: 'Open your dashboard',
};
const SEE_APPLICATION = /*i18n*/ {
  id: 'notification.action.see-application',
  message: 'See your application',
};
const UPLOAD_IT = /*i18n*/ { id: 'notification.action.upload-it', message: 'Upload it' };
const SEE_PASSKEYS = /*i18n*/ {
  id: 'notification.action.see-passkeys',
  message: 'See your passkeys',
};

const school = (p: Params, i18n: NotificationI18n) => p.university ?? i18n._(SCHOOL);
const office = (p: Params, i18n: NotificationI18n) => p.office ?? i18n._(SCHOOL);
const applicationPath = (p: Params) => `/application/${p.applicationId ?? ''}`;

const reasonLine = (p: Params, i18n: NotificationI18n) =>
  i18n._({
    id: 'notification.reason',
    message: 'The reason: {reason}',
    values: { reason: p.reason ?? '' },
  });

const dueLine = (p: Params, i18n: NotificationI18n) =>
  p.dueDate
    ? [
        i18n._({
          id: 'notification.document.due',
          message: 'Please upload it by {dueDay}.',
          values: { dueDay: dayName(p.dueDate, i18n.locale) },
        }),
      ]
    : [];

/** What the portal tells a student, in their language. */
export const STUDENT_TEMPLATES = {
  // Neither names the message's subject: a student's own ("Re: ...") may say anything.
  'message.reply': {
    category: 'messages',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.message-reply.subject',
        message: '{office} replied to your message',
        values: { office: office(p, i18n) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.message-reply.body',
        message: '{office} replied to your message in the portal.',
        values: { office: office(p, i18n) },
      }),
    ],
    action: {
      label: /*i18n*/ { id: 'notification.message-reply.action', message: 'Read the reply' },
      path: () => '/messages',
    },
    push: true,
  },
  'message.new': {
    category: 'messages',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.message-new.subject',
        message: 'New message from {office}',
        values: { office: p.office ?? i18n._(SCHOOL_IN_SENTENCE) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.message-new.body',
        message: '{office} sent you a message in the portal.',
        values: { office: office(p, i18n) },
      }),
    ],
    action: {
      label: /*i18n*/ { id: 'notification.message-new.action', message: 'Read the message' },
      path: () => '/messages',
    },
    push: true,
  },
  'document.requested': {
    category: 'status',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.document-requested.subject',
        message: 'Please upload: {title}',
        values: { title: p.title ?? i18n._(A_DOCUMENT) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.document-requested.body',
        message: '{school} asked you for this document: {title}.',
        values: { school: school(p, i18n), title: p.title ?? '' },
      }),
      ...(p.note
        ? [
            i18n._({
              id: 'notification.document-requested.note',
              message: 'Their note: {note}',
              values: { note: p.note },
            }),
          ]
        : []),
      ...dueLine(p, i18n),
    ],
    action: { label: UPLOAD_IT, path: applicationPath },
    push: true,
  },
  'document.rejected': {
    category: 'status',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.document-rejected.subject',
        message: 'Please upload your {title} again',
        values: { title: p.title ?? i18n._(DOCUMENT) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.document-rejected.body',
        message: '{school} could not accept the {title} you uploaded.',
        values: { school: school(p, i18n), title: p.title ?? i18n._(DOCUMENT) },
      }),
      reasonLine(p, i18n),
      ...dueLine(p, i18n),
    ],
    action: {
      label: /*i18n*/ { id: 'notification.document-rejected.action', message: 'Upload it again' },
      path: applicationPath,
    },
    push: true,
  },
  'document.accepted': {
    category: 'status',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.document-accepted.subject',
        message: 'Your {title} was accepted',
        values: { title: p.title ?? i18n._(DOCUMENT) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.document-accepted.body',
        message: '{school} accepted the {title} you uploaded.',
        values: { school: school(p, i18n), title: p.title ?? i18n._(DOCUMENT) },
      }),
    ],
    action: { label: SEE_APPLICATION, path: applicationPath },
    push: true,
  },
  // The status is the spec's name for it, in English until the spec's names are in the catalogue.
  'application.status': {
    category: 'status',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.application-status.subject',
        message: 'Your application to {school}: {status}',
        values: { school: p.university ?? i18n._(SCHOOL_IN_SENTENCE), status: p.status ?? '' },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.application-status.body',
        message: 'The status of your application to {school} is now: {status}.',
        values: { school: p.university ?? i18n._(SCHOOL_IN_SENTENCE), status: p.status ?? '' },
      }),
    ],
    action: { label: SEE_APPLICATION, path: applicationPath },
    push: true,
  },
  'i20.issued': {
    category: 'status',
    subject: (_p, i18n) =>
      i18n._({ id: 'notification.i20-issued.subject', message: 'Your I-20 is ready' }),
    lines: (_p, i18n) => [
      i18n._({
        id: 'notification.i20-issued.body',
        message:
          'Your school issued your Form I-20. Download it from your dashboard: you need its SEVIS ID to pay the SEVIS fee and to apply for your visa.',
      }),
    ],
    action: { label: OPEN_DASHBOARD, path: () => '/dashboard' },
    push: true,
  },
  'sevis.paid': {
    category: 'status',
    subject: (_p, i18n) =>
      i18n._({ id: 'notification.sevis-paid.subject', message: 'Your SEVIS fee is marked paid' }),
    lines: (_p, i18n) => [
      i18n._({
        id: 'notification.sevis-paid.body',
        message:
          'Your SEVIS I-901 fee is marked paid. Keep the receipt: you need it at your visa interview.',
      }),
    ],
    action: { label: OPEN_DASHBOARD, path: () => '/dashboard' },
    push: true,
  },
  'moi.accepted': {
    category: 'status',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.moi-accepted.subject',
        message: 'Your English interview was accepted',
      }),
    lines: (_p, i18n) => [
      i18n._({
        id: 'notification.moi-accepted.body',
        message: 'Your school accepted your recorded English (MOI) interview.',
      }),
    ],
    action: { label: OPEN_DASHBOARD, path: () => '/dashboard' },
    push: true,
  },
  'moi.retake': {
    category: 'status',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.moi-retake.subject',
        message: 'Please record your English interview again',
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.moi-retake.body',
        message: 'Your school asked you to record your English (MOI) interview again.',
      }),
      reasonLine(p, i18n),
    ],
    action: {
      label: /*i18n*/ { id: 'notification.moi-retake.action', message: 'Record it again' },
      path: () => '/moi',
    },
    push: true,
  },
  // Only the spec's title for the result code (in English until the spec's texts are in the
  // catalogue): never the provider's reason or the document's data.
  'identity.declined': {
    category: 'account',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.identity-declined.subject',
        message: 'Your identity check: {title}',
        values: { title: identityCheckTitle(p.code) },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.identity-declined.body',
        message: 'Your identity check was not approved: {title}.',
        values: { title: identityCheckTitle(p.code) },
      }),
      i18n._({
        id: 'notification.identity-declined.next',
        message: 'Open the portal to see what to do next.',
      }),
    ],
    action: {
      label: /*i18n*/ {
        id: 'notification.identity-declined.action',
        message: 'See what to do next',
      },
      path: () => '/face-verification',
    },
  },
  'security.passkey-added': {
    category: 'security',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.passkey-added.subject',
        message: 'A passkey was added to your account',
      }),
    lines: (p, i18n) => [
      p.device
        ? i18n._({
            id: 'notification.passkey-added.body-device',
            message: 'A new passkey was added to your account: {device}.',
            values: { device: p.device },
          })
        : i18n._({
            id: 'notification.passkey-added.body',
            message: 'A new passkey was added to your account.',
          }),
      i18n._({
        id: 'notification.passkey-added.not-you',
        message: 'If you did not add it, contact your agent or support at once.',
      }),
    ],
    action: { label: SEE_PASSKEYS, path: () => '/profile' },
  },
  'security.passkey-removed': {
    category: 'security',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.passkey-removed.subject',
        message: 'A passkey was removed from your account',
      }),
    lines: (p, i18n) => [
      p.device
        ? i18n._({
            id: 'notification.passkey-removed.body-device',
            message: 'A passkey was removed from your account: {device}.',
            values: { device: p.device },
          })
        : i18n._({
            id: 'notification.passkey-removed.body',
            message: 'A passkey was removed from your account.',
          }),
      i18n._({
        id: 'notification.passkey-removed.not-you',
        message: 'If you did not remove it, contact your agent or support at once.',
      }),
    ],
    action: { label: SEE_PASSKEYS, path: () => '/profile' },
  },
  'security.access-revoked': {
    category: 'security',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.access-revoked.subject',
        message: 'Your access to the portal was reset',
      }),
    lines: (_p, i18n) => [
      i18n._({
        id: 'notification.access-revoked.body',
        message: 'Your passkeys were removed and every device was signed out of your account.',
      }),
      i18n._({
        id: 'notification.access-revoked.next',
        message: 'To sign in again, set up your account with the new invite code you are given.',
      }),
      i18n._({
        id: 'notification.access-revoked.not-you',
        message: 'If you did not ask for this, contact your agent or support.',
      }),
    ],
    action: {
      label: /*i18n*/ { id: 'notification.access-revoked.action', message: 'Set up your account' },
      path: () => '/signup',
    },
  },
  'security.account-recovered': {
    category: 'security',
    subject: (_p, i18n) =>
      i18n._({
        id: 'notification.account-recovered.subject',
        message: 'Your account was recovered on a new device',
      }),
    lines: (p, i18n) => [
      p.device
        ? i18n._({
            id: 'notification.account-recovered.body-device',
            message:
              'Your account was recovered with your passport and a new identity check, and a new passkey was added: {device}.',
            values: { device: p.device },
          })
        : i18n._({
            id: 'notification.account-recovered.body',
            message:
              'Your account was recovered with your passport and a new identity check, and a new passkey was added.',
          }),
      i18n._({
        id: 'notification.account-recovered.old-passkeys',
        message: 'Your old passkeys no longer work, and every other device was signed out.',
      }),
      i18n._({
        id: 'notification.account-recovered.not-you',
        message: 'If you did not do this, contact your agent or support at once.',
      }),
    ],
    action: {
      label: /*i18n*/ { id: 'notification.account-recovered.action', message: 'See your passkeys' },
      path: () => '/profile',
    },
  },
  // The code is a credential: the outbox keeps it sealed (sealed-params.ts), never in a subject.
  invite: {
    category: 'account',
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.invite.subject',
        message: 'Your invite to {school}',
        values: {
          school:
            p.school ??
            i18n._(
              /*i18n*/ { id: 'notification.fallback.the-portal', message: 'the student portal' },
            ),
        },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.invite.body',
        message:
          '{school} invited you to the student portal, where you follow your application, your I-20 and your visa.',
        values: { school: p.school ?? i18n._(SCHOOL) },
      }),
      i18n._({
        id: 'notification.invite.code',
        message: 'Your invite code: {code}',
        values: { code: p.code ?? '' },
      }),
      i18n._({
        id: 'notification.invite.start',
        message:
          'Start with it by {expiresOn}, with your passport number and date of birth at hand. Keep the code to yourself: it opens your account.',
        values: { expiresOn: dayName(p.expiresOn, i18n.locale) },
      }),
    ],
    action: {
      label: /*i18n*/ { id: 'notification.invite.action', message: 'Start here' },
      path: () => '/signup',
    },
  },
  // kind: 7-days or 2-days before the due day, or overdue the day after it (due-date-reminders.ts).
  'reminder.due': {
    category: 'reminders',
    push: true,
    subject: (p, i18n) =>
      i18n._({
        id: 'notification.reminder.subject',
        message:
          '{kind, select, overdue {Overdue: {title}} other {Reminder: {title} is due {dueDay}}}',
        values: {
          kind: p.kind ?? '',
          title: p.title ?? i18n._(A_DOCUMENT),
          dueDay: dayName(p.dueDate, i18n.locale),
        },
      }),
    lines: (p, i18n) => [
      i18n._({
        id: 'notification.reminder.body',
        message:
          '{kind, select, overdue {{school} asked you for this document by {dueDay}, and it is still missing: {title}.} other {{school} asked you for this document by {dueDay}: {title}.}}',
        values: {
          kind: p.kind ?? '',
          school: school(p, i18n),
          dueDay: dayName(p.dueDate, i18n.locale),
          title: p.title ?? '',
        },
      }),
      i18n._({ id: 'notification.reminder.next', message: 'Please upload it in the portal.' }),
    ],
    action: { label: UPLOAD_IT, path: applicationPath },
  },
} satisfies Record<string, NotificationTemplate>;
