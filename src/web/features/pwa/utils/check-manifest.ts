/** What an installable manifest must have (Chromium's install criteria). */
export interface ManifestCheck {
  ok: boolean;
  /** One line a support person can read out: what was found, or everything that is missing. */
  detail: string;
}

const INSTALLABLE_DISPLAYS = ['standalone', 'fullscreen', 'minimal-ui'];

interface ManifestIcon {
  sizes?: unknown;
  type?: unknown;
  purpose?: unknown;
}

/** Checks a fetched manifest's JSON for everything installation needs. */
export function checkManifest(manifest: unknown): ManifestCheck {
  if (typeof manifest !== 'object' || manifest === null) {
    return { ok: false, detail: 'The manifest is not a JSON object.' };
  }
  const m = manifest as Record<string, unknown>;
  const icons: ManifestIcon[] = Array.isArray(m.icons) ? (m.icons as ManifestIcon[]) : [];
  const hasIcon = (size: string, purpose = 'any') =>
    icons.some(
      (icon) =>
        typeof icon.sizes === 'string' &&
        icon.sizes.split(/\s+/).includes(size) &&
        (icon.purpose ?? 'any') === purpose,
    );
  const missing = [
    typeof m.name === 'string' && m.name ? null : 'a name',
    typeof m.short_name === 'string' && m.short_name ? null : 'a short name',
    typeof m.start_url === 'string' ? null : 'a start URL',
    INSTALLABLE_DISPLAYS.includes(String(m.display)) ? null : 'a standalone display',
    hasIcon('192x192') ? null : 'a 192x192 icon',
    hasIcon('512x512') ? null : 'a 512x512 icon',
    icons.some((icon) => icon.purpose === 'maskable') ? null : 'a maskable icon',
  ].filter((item): item is string => item !== null);
  if (missing.length > 0) return { ok: false, detail: `Missing ${missing.join(', ')}.` };
  return {
    ok: true,
    detail: `${String(m.name)}, ${String(m.display)}, ${icons.length} icons, starts at ${String(m.start_url)}`,
  };
}
