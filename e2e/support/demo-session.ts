import type { Page } from '@playwright/test';

/** The demo-login students of src/shared/auth.ts; Priya ('moi-required') is the default. */
export type DemoPersona = 'moi-required' | 'all-done' | 'sevis-due' | 'interview-due';

/**
 * Signs in as a demo-login student over the API and stores the session as the app itself does
 * (spec section 3's session storage keys), for journeys where the login is not what is tested.
 */
export async function signInWithDemo(page: Page, persona?: DemoPersona): Promise<void> {
  await page.goto('/');
  await page.evaluate(async (name) => {
    const res = await fetch('/api/auth/demo-login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(name ? { persona: name } : {}),
    });
    if (!res.ok) throw new Error(`Demo login failed: ${res.status} ${await res.text()}`);
    const { token, user } = (await res.json()) as { token: string; user: unknown };
    sessionStorage.setItem('jwt_token', token);
    sessionStorage.setItem('user_profile', JSON.stringify(user));
  }, persona);
}
