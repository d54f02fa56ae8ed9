import { HelpPage } from '../../features/help/components/help-page.js';

export function HelpRoute() {
  return <HelpPage />;
}
