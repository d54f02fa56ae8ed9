import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, LANGUAGES } from '../../shared/languages.js';
import { AuthProvider } from '../lib/auth.js';
import { activateLanguage } from '../lib/i18n/activate-language.js';
import { LanguageProvider } from '../lib/i18n/language-provider.js';
import { signedInStudent } from '../test/data-generators.js';
import { installFakeFetch, json } from '../test/fake-fetch.js';
import { LanguageSelector } from './language-selector.js';

afterEach(async () => {
  localStorage.clear();
  await activateLanguage('en');
});

const renderSelector = () =>
  render(
    <AuthProvider>
      <LanguageProvider>
        <LanguageSelector />
      </LanguageProvider>
    </AuthProvider>,
  );

describe('LanguageSelector', () => {
  it('is a "Language" choice offering each language by its own name, marked with its language', () => {
    renderSelector();
    const selector = screen.getByRole('combobox', { name: 'Language' });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      LANGUAGES.map((language) => LANGUAGE_NAMES[language]),
    );
    expect(options.map((option) => option.getAttribute('lang'))).toEqual([...LANGUAGES]);
    expect((selector as HTMLSelectElement).value).toBe('en');
  });

  it('shows the chosen language at once, right to left for Arabic, and remembers it', async () => {
    renderSelector();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');

    expect(await screen.findByRole('combobox', { name: 'اللغة' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem('language')).toBe('ar');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'اللغة' }), 'es');
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('ltr');
  });

  it("keeps a signed-in student's choice on their account", async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    const { sent } = installFakeFetch({
      'GET /api/user/profile': json(signedInStudent()),
      'PUT /api/language': json({ language: 'es' }),
    });
    renderSelector();
    await waitFor(() => {
      expect(sent.some((request) => request.url === '/api/language')).toBe(true);
    });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'es');

    await waitFor(() => {
      expect(sent.find((request) => request.method === 'PUT')?.body).toBe('{"language":"es"}');
    });
    expect(await screen.findByRole('combobox', { name: 'Idioma' })).toBeTruthy();
  });

  it('follows the language a signed-in student chose on another device', async () => {
    sessionStorage.setItem('jwt_token', 'stored-token');
    installFakeFetch({
      'GET /api/user/profile': json(signedInStudent()),
      'GET /api/language': json({ language: 'ar' }),
    });
    renderSelector();

    expect(await screen.findByRole('combobox', { name: 'اللغة' })).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('ar');
  });
});
