import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { Spinner } from '../../../components/ui/spinner.js';
import { paths } from '../../../config/paths.js';
import { useAuth } from '../../../lib/auth.js';
import { useLingui } from '../../../lib/i18n/use-lingui.js';

/** The demo student's way in, on the welcome screen of a server in demo mode (spec section 1). */
export function DemoEntry() {
  const { i18n } = useLingui();
  const { demoLogin } = useAuth();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  async function startDemo() {
    setPending(true);
    if (await demoLogin()) {
      await navigate(paths.dashboard.getHref());
    } else {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="welcome-demo"
      className="mx-auto mt-10 flex max-w-md flex-col items-center gap-3 rounded-2xl border border-dashed border-border-strong px-5 py-6 text-center"
    >
      <h2 id="welcome-demo" className="text-base font-semibold text-foreground">
        {i18n._({ id: 'welcome.demo.title', message: 'Just looking around?' })}
      </h2>
      <p className="text-sm text-muted-foreground">
        {i18n._({
          id: 'welcome.demo.description',
          message:
            'Explore the portal as a sample student, with example applications and messages.',
        })}
      </p>
      <Button
        variant="secondary"
        disabled={pending}
        aria-busy={pending}
        onClick={() => void startDemo()}
      >
        {pending ? <Spinner size="sm" /> : <Sparkles aria-hidden="true" />}
        {i18n._({ id: 'welcome.demo.start', message: 'Try the demo' })}
      </Button>
    </section>
  );
}
