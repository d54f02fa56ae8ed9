import { describe, expect, it } from 'vitest';
import { matchLanguage } from './match-language.js';

describe('matchLanguage', () => {
  it.each([
    [['ar-EG', 'en'], 'ar'],
    [['zh-CN'], 'zh-Hans'],
    [['zh-SG'], 'zh-Hans'],
    [['zh-Hans-HK'], 'zh-Hans'],
    [['zh'], 'zh-Hans'],
    [['pt'], 'pt-BR'],
    [['pt-PT'], 'pt-BR'],
    [['es-419'], 'es'],
    [['HI-in'], 'hi'],
    [['vi', 'en-US'], 'vi'],
    [['en-GB', 'ko'], 'en'],
  ] as const)('%j reads %s', (preferred, expected) => {
    expect(matchLanguage(preferred)).toBe(expected);
  });

  it('skips a language it does not offer and takes the next one it does', () => {
    expect(matchLanguage(['fr-FR', 'de', 'bn-BD'])).toBe('bn');
  });

  it('does not take traditional Chinese for simplified', () => {
    expect(matchLanguage(['zh-TW', 'zh-Hant', 'zh-HK'])).toBe('en');
  });

  it('falls back to English when nothing matches, or the browser names no language', () => {
    expect(matchLanguage(['fr', 'ja'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });
});
