/**
 * The named entities a State Department page uses in text: the XML five, the Latin-1 letters and
 * signs (post and country names such as "Cura&ccedil;ao"), and a few typographic ones. HTML has
 * two thousand more; an unknown one is left as written rather than guessed.
 */
const LATIN_1_FROM_160 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn ' +
  'sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave ' +
  'Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ' +
  'ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN ' +
  'szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute ' +
  'icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml ' +
  'yacute thorn yuml';

const NAMED = new Map<string, string>([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
  ['lsquo', '\u2018'],
  ['rsquo', '\u2019'],
  ['ldquo', '\u201c'],
  ['rdquo', '\u201d'],
  ['ndash', '\u2013'],
  ['mdash', '\u2014'],
  ['hellip', '\u2026'],
  ['bull', '\u2022'],
  ['ensp', '\u2002'],
  ['emsp', '\u2003'],
  ['thinsp', '\u2009'],
  ['zwnj', '\u200c'],
  ['zwj', '\u200d'],
  ...LATIN_1_FROM_160.split(' ').map((name, i): [string, string] => [
    name,
    String.fromCharCode(160 + i),
  ]),
]);

function fromCodePoint(code: number): string {
  // What browsers do with a reference to nothing, a surrogate or beyond Unicode.
  if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
    return '\ufffd';
  return String.fromCodePoint(code);
}

/** Decodes character references in text: `&amp;`, `&nbsp;`, `&#96;`, `&#x2019;`. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]+|#\d+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X'))
      return fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return fromCodePoint(parseInt(ref.slice(1), 10));
    return NAMED.get(ref) ?? whole;
  });
}
