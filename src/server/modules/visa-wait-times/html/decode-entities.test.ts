import { describe, expect, it } from 'vitest';
import { decodeEntities } from './decode-entities.js';

describe('decodeEntities', () => {
  it.each([
    ['Trinidad &amp; Tobago', 'Trinidad & Tobago'],
    ['&lt; 0.5 Month', '< 0.5 Month'],
    ['1&nbsp;Month', '1\u00a0Month'],
    ['Cura&ccedil;ao', 'Curaçao'],
    ['C&ocirc;te d&rsquo;Ivoire', 'Côte d’Ivoire'],
    ['N&#96;Djamena', 'N`Djamena'],
    ['&#60; 0.5 Month', '< 0.5 Month'],
    ['&#x3C; 0.5 Month', '< 0.5 Month'],
    ['&#X3c;', '<'],
    ['&quot;x&quot; &apos;y&apos;', '"x" \'y\''],
    ['&yuml;&Agrave;', 'ÿÀ'],
  ])('%s -> %s', (input, output) => {
    expect(decodeEntities(input)).toBe(output);
  });

  it('leaves unknown names, bare ampersands and unterminated references as written', () => {
    expect(decodeEntities('4 Months&foo; & more &amp')).toBe('4 Months&foo; & more &amp');
  });

  it('turns references to nothing, surrogates or beyond Unicode into U+FFFD, as browsers do', () => {
    expect(decodeEntities('&#0;&#xD800;&#x110000;')).toBe('\ufffd\ufffd\ufffd');
  });

  it('decodes once: an encoded reference stays a reference', () => {
    expect(decodeEntities('&amp;lt;')).toBe('&lt;');
  });
});
