import type { I18n, MessageDescriptor } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.js';
import { compileEnglish } from './compile-english.js';
import { formatEnglish } from './format-english.js';

/** English from the code, compiled as it is first used: no English catalogue is fetched. */
const compiledEnglish = new Map<string, CompiledMessage>();

function english({ id, message, values }: MessageDescriptor): string {
  const source = message ?? id;
  let compiled = compiledEnglish.get(source);
  if (!compiled) {
    compiled = compileEnglish(source);
    compiledEnglish.set(source, compiled);
  }
  return formatEnglish(compiled, values);
}

/** Lingui's runtime, once a language other than English is shown; null in English. */
let lingui: I18n | null = null;
const listeners = new Set<() => void>();

/**
 * The app's texts, read as with Lingui (`i18n._({ id, message, values })`, `i18n.locale`).
 * English is written here from the code's own text; Lingui's runtime, and a catalogue, are
 * fetched only for another language (activate-language.ts), so the landing page in English
 * carries neither (docs/decisions/021, docs/performance.md).
 */
export const i18n = {
  get locale(): string {
    return lingui?.locale ?? DEFAULT_LANGUAGE;
  },
  _(descriptor: MessageDescriptor): string {
    return lingui ? lingui._(descriptor) : english(descriptor);
  },
};

/** Shows the texts through `runtime` (activated in another language), or in English (null). */
export function showThrough(runtime: I18n | null): void {
  lingui = runtime;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: calls `listener` at each change of language. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
