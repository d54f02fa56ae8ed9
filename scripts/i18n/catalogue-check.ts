// The message catalogues' check (docs/decisions/021): what a translation must keep of its English
// source, and which translations are still missing. The unit tests run it on every catalogue.
import { readFileSync } from 'node:fs';
import { formatter } from '@lingui/format-po';
import {
  type CompiledMessageToken,
  compileMessageOrThrow,
} from '@lingui/message-utils/compileMessage';

/** What a message's ICU structure asks of every translation of it. */
interface MessageShape {
  /** Every placeholder, plural and select by name: `{title}`, `{wrote, plural, ...}`. */
  placeholders: Set<string>;
  /** Each select's cases by its name: a translation keeps them all. */
  selects: Map<string, Set<string>>;
  /** Each plural's categories by its name: a translation gives its own language's. */
  plurals: Map<string, Set<string>>;
}

function collectShape(tokens: readonly CompiledMessageToken[], shape: MessageShape): void {
  for (const token of tokens) {
    if (typeof token === 'string') continue;
    const [name, kind, options] = token;
    shape.placeholders.add(kind === undefined ? name : `${name}, ${kind}`);
    if (typeof options !== 'object' || options === null) continue;
    const cases = kind === 'select' ? shape.selects : shape.plurals;
    // A plural's `offset:` comes with its cases; it is none of them.
    const keys = Object.keys(options).filter((key) => key !== 'offset');
    cases.set(name, new Set([...(cases.get(name) ?? []), ...keys]));
    for (const branch of Object.values(options)) {
      if (Array.isArray(branch)) collectShape(branch as CompiledMessageToken[], shape);
    }
  }
}

/** A message's ICU shape; throws on a message that is not valid ICU. */
export function shapeOf(message: string): MessageShape {
  const shape: MessageShape = { placeholders: new Set(), selects: new Map(), plurals: new Map() };
  collectShape(compileMessageOrThrow(message), shape);
  return shape;
}

const sorted = (values: Iterable<string>) => [...values].sort().join(', ');

/**
 * A language's plural forms (CLDR's, through Intl.PluralRules): those a count up to 1,000 takes
 * are needed (Arabic's six, Chinese's one), the others may be left to `other` (Spanish's "many",
 * for a million and more).
 */
function pluralFormsOf(language: string) {
  const rules = new Intl.PluralRules(language);
  const needed = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
  return { needed, known: new Set<string>(rules.resolvedOptions().pluralCategories) };
}

/**
 * What is wrong with a translation of an English message into `language`: not valid ICU, not the
 * same placeholders, not the same select cases, or not the language's own plural forms (`=0` and
 * other exact cases are free). Empty when nothing is.
 */
export function translationProblems(english: string, translation: string, language: string) {
  let shape: MessageShape;
  try {
    shape = shapeOf(translation);
  } catch (error) {
    return [`is not a valid ICU message (${error instanceof Error ? error.message : 'unknown'})`];
  }
  const source = shapeOf(english);
  const problems: string[] = [];
  if (sorted(shape.placeholders) !== sorted(source.placeholders))
    problems.push(
      `has the placeholders {${sorted(shape.placeholders)}}, not {${sorted(source.placeholders)}}`,
    );
  for (const [name, cases] of source.selects) {
    const own = shape.selects.get(name) ?? new Set<string>();
    if (sorted(own) !== sorted(cases))
      problems.push(`gives {${name}} the cases ${sorted(own)}, not ${sorted(cases)}`);
  }
  const { needed, known } = pluralFormsOf(language);
  for (const [name, own] of shape.plurals) {
    const lacking = [...needed].filter((form) => !own.has(form));
    // An exact case (`=0`, compiled as `0`) is free.
    const unknown = [...own].filter((form) => !known.has(form) && !/^\d+$/.test(form));
    if (lacking.length > 0) problems.push(`lacks {${name}}'s plural forms ${sorted(lacking)}`);
    if (unknown.length > 0)
      problems.push(`gives {${name}} plural forms ${language} does not have: ${sorted(unknown)}`);
  }
  return problems;
}

/** One language's messages of a catalogue, by id: their text ('' where not translated yet). */
export async function readCatalogue(path: string, language: string, sourceLanguage: string) {
  const parsed = await formatter({}).parse(readFileSync(path, 'utf8'), {
    locale: language,
    sourceLocale: sourceLanguage,
    filename: path,
  });
  return new Map(
    Object.entries(parsed)
      .filter(([, message]) => !message.obsolete)
      .map(([id, message]) => [id, message.translation ?? '']),
  );
}

/** What the check finds in one language's catalogue. */
export interface CatalogueFindings {
  /** What must be fixed: a key missing or extra, an empty or broken translation. */
  problems: string[];
  /** The ids not translated yet: allowed, and listed, until the language is declared complete. */
  untranslated: string[];
}

/**
 * Checks one language's catalogue against the English one: the same keys; each translation
 * neither blank nor the English itself (unless its id is in `sameAsEnglish`: codes, names) and
 * true to the English ICU shape (translationProblems).
 */
export function checkCatalogue(
  english: ReadonlyMap<string, string>,
  translated: ReadonlyMap<string, string>,
  language: string,
  sameAsEnglish: ReadonlySet<string>,
): CatalogueFindings {
  const findings: CatalogueFindings = { problems: [], untranslated: [] };
  for (const id of translated.keys())
    if (!english.has(id)) findings.problems.push(`${id}: not in the English catalogue`);
  for (const [id, source] of english) {
    const translation = translated.get(id);
    if (translation === undefined) findings.problems.push(`${id}: missing from the catalogue`);
    else if (translation === '') findings.untranslated.push(id);
    else if (translation.trim() === '') findings.problems.push(`${id}: blank`);
    else if (translation === source && !sameAsEnglish.has(id))
      findings.problems.push(`${id}: the English itself, not a translation`);
    else
      findings.problems.push(
        ...translationProblems(source, translation, language).map((p) => `${id}: ${p}`),
      );
  }
  return findings;
}
