import { describe, expect, it } from 'vitest';
import { shown } from './terminal-text.js';

describe('text written by others, as the command line prints it', () => {
  it('keeps ordinary text, accents and other scripts as they are', () => {
    for (const text of ['Priya Sharma', 'José Núñez', '张伟', 'مرحبا', 'a "quoted" subject'])
      expect(shown(text)).toBe(text);
  });

  it.each([
    [
      'a line break that would start a forged entry',
      'Hi\n  #99  Eve <eve@example.com>',
      'Hi\\n  #99  Eve <eve@example.com>',
    ],
    ['a carriage return that would overwrite the line', 'ok\rforged', 'ok\\rforged'],
    ['a tab', 'a\tb', 'a\\tb'],
    ['colour', '\u001b[31mred\u001b[0m', '\\x1b[31mred\\x1b[0m'],
    ['a window title', '\u001b]0;pwned\u0007', '\\x1b]0;pwned\\x07'],
    [
      'a hyperlink',
      '\u001b]8;;https://evil.example\u001b\\click\u001b]8;;\u001b\\',
      '\\x1b]8;;https://evil.example\\x1b\\click\\x1b]8;;\\x1b\\',
    ],
    ['clear screen', '\u001b[2J\u001b[H', '\\x1b[2J\\x1b[H'],
    ['a C1 control sequence introducer', '\u009b31m', '\\x9b31m'],
    ['DEL and NUL', 'a\u007fb\u0000', 'a\\x7fb\\x00'],
    ['a right-to-left override', 'invoice\u202efdp.exe', 'invoice\\u202efdp.exe'],
    ['a Unicode line separator', 'one\u2028two', 'one\\u2028two'],
  ])('shows %s as an escape', (_name, text, expected) => {
    expect(shown(text)).toBe(expected);
  });
});
