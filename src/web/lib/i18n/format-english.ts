import type {
  CompiledIcuChoices,
  CompiledMessage,
  CompiledMessageToken,
} from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.js';

type Values = Record<string, unknown>;

const cardinal = new Intl.PluralRules(DEFAULT_LANGUAGE);
const ordinal = new Intl.PluralRules(DEFAULT_LANGUAGE, { type: 'ordinal' });
const numberFormat = new Intl.NumberFormat(DEFAULT_LANGUAGE);

/**
 * Writes an English message compiled by compileEnglish with its `values`, as Lingui's runtime
 * would, so English needs no Lingui on the landing page (docs/decisions/021): text, `{name}`,
 * `plural`, `selectordinal` and `select`, and `#` (the count, inside a plural's choice).
 */
export function formatEnglish(message: CompiledMessage, values: Values = {}): string {
  return write(message, values, null);
}

/** `count` is what `#` stands for here: the nearest plural's number, none inside a select. */
function write(tokens: CompiledMessage, values: Values, count: number | null): string {
  return tokens.map((token) => writeToken(token, values, count)).join('');
}

function writeToken(token: CompiledMessageToken, values: Values, count: number | null): string {
  if (typeof token === 'string') {
    return token === '#' && count !== null ? numberFormat.format(count) : token;
  }
  const [name, type, choices] = token;
  const value = Object.hasOwn(values, name) ? values[name] : undefined;
  if (type === 'plural' || type === 'selectordinal') {
    return writePlural(value, type, choices as CompiledIcuChoices, values);
  }
  if (type === 'select') {
    const choice = choiceOf(choices as CompiledIcuChoices, asText(value));
    return choice ? write(choice, values, null) : '';
  }
  return value == null ? '' : asText(value);
}

/** A value as Lingui's runtime writes it: by its own `toString`, whatever it is. */
const asText = (value: unknown): string => String(value);

function writePlural(
  value: unknown,
  type: 'plural' | 'selectordinal',
  choices: CompiledIcuChoices,
  values: Values,
): string {
  const number = Number(value);
  const counted = number - (choices.offset ?? 0);
  const rules = type === 'plural' ? cardinal : ordinal;
  const choice =
    own(choices, String(number)) ?? own(choices, rules.select(counted)) ?? own(choices, 'other');
  return choice ? write(choice, values, counted) : '';
}

/** The choice for `key`, else `other`. */
const choiceOf = (choices: CompiledIcuChoices, key: string): CompiledMessage | undefined =>
  own(choices, key) ?? own(choices, 'other');

/** Never a member Object.prototype lends every object (a value of "constructor"). */
const own = (choices: CompiledIcuChoices, key: string): CompiledMessage | undefined =>
  Object.hasOwn(choices, key) ? choices[key] : undefined;
