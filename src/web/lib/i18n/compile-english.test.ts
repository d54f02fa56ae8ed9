import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileEnglish } from './compile-english.js';

/** The English as Lingui's runtime writes it from our compiler's output. */
function format(message: string, values?: Record<string, unknown>): string {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
  i18n.setMessagesCompiler(compileEnglish);
  return i18n._({ id: 'test', message, values });
}

describe('compileEnglish', () => {
  it.each([
    'Start your studies in the United States',
    'Hello {firstName}, welcome back',
    '{count, plural, one {# message} other {# messages}} from {school}',
    '{count, plural, =0 {No messages} one {One message} other {# messages}}',
    '{kind, select, overdue {Overdue: {title}} other {Due soon}}',
    '{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}',
    "From your school's invitation",
    "It''s quoted: '{literal}' and a brace",
  ])('compiles %j as Lingui does', (message) => {
    expect(compileEnglish(message)).toEqual(compileMessage(message));
  });

  it('writes placeholders, plurals and selects through the runtime', () => {
    expect(
      format('{n, plural, one {# file} other {# files}} for {name}', { n: 3, name: 'Ana' }),
    ).toBe('3 files for Ana');
    expect(format('{n, plural, one {# file} other {# files}}', { n: 1 })).toBe('1 file');
    expect(format('{k, select, a {Apple} other {Other}}', { k: 'a' })).toBe('Apple');
  });

  it('refuses a malformed message', () => {
    expect(() => compileEnglish('Hello {name')).toThrow(/Malformed/);
    expect(() => compileEnglish('{n, plural, one {#}')).toThrow(/Malformed/);
  });
});
