import type { CompiledMessage } from '@lingui/message-utils/compileMessage';

type Choices = Record<string, CompiledMessage>;

/**
 * Compiles the English written in the code (ICU MessageFormat) to the form Lingui's runtime
 * fills in, so English needs no catalogue: text, `{name}`, `{count, plural, one {…} other {…}}`
 * (and `select`, `selectordinal`, `#`), and ICU's quoting (`''` is one apostrophe; a quoted `{`
 * is text). Lingui's own compiler parses all of ICU but weighs 7 kB (gzip) on the landing page
 * (docs/decisions/021); the other languages arrive compiled at build time and never come here.
 * Throws on a message it cannot read, so a malformed English text fails its first test.
 */
export function compileEnglish(message: string): CompiledMessage {
  const reader = { text: message, at: 0 };
  const tokens = readTokens(reader, false);
  if (reader.at < message.length) throw malformed(reader);
  return tokens;
}

interface Reader {
  text: string;
  at: number;
}

const malformed = ({ text, at }: Reader) =>
  new Error(`Malformed ICU message at ${at}: ${JSON.stringify(text)}`);

/** Tokens up to the end, or, inside a choice (`nested`), up to its closing brace. */
function readTokens(reader: Reader, nested: boolean): CompiledMessage {
  const tokens: CompiledMessage = [];
  let text = '';
  const flush = () => {
    if (text) tokens.push(text);
    text = '';
  };
  while (reader.at < reader.text.length) {
    const char = reader.text.charAt(reader.at);
    if (char === '}' && nested) break;
    if (char === '{') {
      flush();
      reader.at += 1;
      tokens.push(readArgument(reader));
    } else if (char === '#' && nested) {
      flush();
      tokens.push('#');
      reader.at += 1;
    } else if (char === "'") text += readQuoted(reader);
    else {
      text += char;
      reader.at += 1;
    }
  }
  flush();
  return tokens;
}

/** ICU quoting: `''` is an apostrophe, `'{…}'` literal text, a lone apostrophe itself. */
function readQuoted(reader: Reader): string {
  const { text } = reader;
  const next = text[reader.at + 1];
  if (next === "'") {
    reader.at += 2;
    return "'";
  }
  if (next !== '{' && next !== '}' && next !== '#') {
    reader.at += 1;
    return "'";
  }
  const end = text.indexOf("'", reader.at + 1);
  const close = end === -1 ? text.length : end;
  const literal = text.slice(reader.at + 1, close);
  reader.at = close + 1;
  return literal;
}

/** After `{`: `name}` or `name, type, choices}`. */
function readArgument(reader: Reader): CompiledMessage[number] {
  const parts = readUntilAny(reader, ',}');
  const name = parts.trim();
  if (reader.text[reader.at] === '}') {
    reader.at += 1;
    return [name];
  }
  reader.at += 1;
  const type = readUntilAny(reader, ',}').trim();
  if (reader.text[reader.at] !== ',') throw malformed(reader);
  reader.at += 1;
  const choices: Choices = {};
  for (;;) {
    skipSpace(reader);
    if (reader.text[reader.at] === '}') break;
    const key = readUntilAny(reader, '{').trim();
    if (!key || reader.text[reader.at] !== '{') throw malformed(reader);
    reader.at += 1;
    // An exact case (`=0`) is keyed by its number alone, as Lingui's compiler keys it.
    choices[key.replace(/^=/, '')] = readTokens(reader, true);
    if (reader.text[reader.at] !== '}') throw malformed(reader);
    reader.at += 1;
  }
  reader.at += 1;
  return [name, type, { ...choices, offset: undefined }];
}

function readUntilAny(reader: Reader, stops: string): string {
  const start = reader.at;
  while (reader.at < reader.text.length && !stops.includes(reader.text[reader.at] ?? '')) {
    reader.at += 1;
  }
  if (reader.at >= reader.text.length) throw malformed(reader);
  return reader.text.slice(start, reader.at);
}

function skipSpace(reader: Reader): void {
  while (/\s/.test(reader.text[reader.at] ?? '')) reader.at += 1;
}
