import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error-boundary.js';

/** A page whose code cannot be fetched, as when the connection drops between pages. */
const UnreachablePage = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
);

function Pages() {
  const location = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      <Suspense fallback={<p>Loading…</p>}>
        <Routes>
          <Route path="/" element={<h1>Welcome</h1>} />
          <Route path="/help" element={<UnreachablePage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

describe('a page that cannot load', () => {
  it('shows the route error page until the student goes elsewhere', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/help']}>
        <Link to="/">Home</Link>
        <Pages />
      </MemoryRouter>,
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(reported).toHaveBeenCalled();

    await userEvent.setup().click(screen.getByRole('link', { name: 'Home' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});
