import { I18nProvider } from '@lingui/react';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { i18n } from '../lib/i18n/i18n.js';

/** A component rendered alone, with the app's texts (in English unless a test activates another). */
export const renderTranslated = (ui: ReactElement): RenderResult =>
  render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
