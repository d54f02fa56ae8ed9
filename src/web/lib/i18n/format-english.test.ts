import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileEnglish } from './compile-english.js';
import { formatEnglish } from './format-english.js';

/** The English as Lingui's own runtime writes it, for the same compiled message. */
function asLingui(message: string, values?: Record<string, unknown>): string {
  const lingui = setupI18n({ locale: 'en', messages: { en: {} } });
  lingui.setMessagesCompiler(compileEnglish);
  return lingui._({ id: 'test', message, values });
}

const CASES: [kind: string, message: string, values?: Record<string, unknown>][] = [
  ['text', 'Start your studies in the United States'],
  ['quoted text', "It''s quoted: '{literal}' and a brace"],
  ['a placeholder', 'Hello {firstName}, welcome back', { firstName: 'Ana' }],
  ['a missing value', 'Hello {firstName}, welcome back', {}],
  ['a number value', 'Step {step} of 3', { step: 2 }],
  ['plural, one', '{n, plural, one {# file} other {# files}} for {name}', { n: 1, name: 'Ana' }],
  ['plural, other', '{n, plural, one {# file} other {# files}} for {name}', { n: 1200, name: 'A' }],
  ['plural, exact', '{n, plural, =0 {No messages} one {One message} other {# messages}}', { n: 0 }],
  ['plural, a fraction', '{n, plural, one {# day} other {# days}}', { n: 1.5 }],
  [
    'select',
    '{kind, select, overdue {Overdue: {title}} other {Due soon}}',
    { kind: 'overdue', title: 'I-20' },
  ],
  ['select, other', '{kind, select, overdue {Overdue} other {Due soon}}', { kind: 'later' }],
  [
    'select, a prototype key',
    '{kind, select, overdue {Overdue} other {Due soon}}',
    { kind: 'constructor' },
  ],
  [
    'selectordinal',
    '{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
    { place: 23 },
  ],
  [
    '# inside a select in a plural',
    '{n, plural, other {{k, select, a {# A} other {#}}}}',
    { n: 2, k: 'a' },
  ],
  ['# outside a plural', 'Item # {n}', { n: 4 }],
];

describe('formatEnglish', () => {
  it.each(CASES)('writes %s as Lingui does', (_kind, message, values) => {
    expect(formatEnglish(compileEnglish(message), values)).toBe(asLingui(message, values));
  });

  it('writes what a student reads', () => {
    const message = '{n, plural, one {# file} other {# files}} for {name}';
    expect(formatEnglish(compileEnglish(message), { n: 3, name: 'Ana' })).toBe('3 files for Ana');
  });
});
