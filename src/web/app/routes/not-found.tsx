import { Link } from 'react-router';
import { PublicLayout } from '../../components/layouts/public-layout.js';
import { buttonVariants } from '../../components/ui/button.js';
import { paths } from '../../config/paths.js';
import { useDocumentTitle } from '../../hooks/use-document-title.js';
import { useLingui } from '../../lib/i18n/use-lingui.js';

export default function NotFoundRoute() {
  const { i18n } = useLingui();
  const notFound = i18n._({ id: 'not-found.title', message: 'Page not found' });
  useDocumentTitle(notFound);
  return (
    <PublicLayout>
      <main className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-4 py-16 text-center">
        <h1 className="text-6xl font-bold tracking-tight text-primary">404</h1>
        <p className="mt-4 text-xl font-semibold text-foreground">{notFound}</p>
        <p className="mt-2 text-base text-muted-foreground">
          {i18n._({
            id: 'not-found.description',
            message:
              'We could not find the page you were looking for. Check the address, or start again from the home page.',
          })}
        </p>
        <Link to={paths.home.getHref()} className={buttonVariants({ className: 'mt-8' })}>
          {i18n._({ id: 'not-found.home', message: 'Back to home' })}
        </Link>
      </main>
    </PublicLayout>
  );
}
