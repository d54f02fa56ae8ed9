import { HelpPage } from '../../features/help/components/help-page.js';

export default function HelpRoute() {
  return <HelpPage />;
}
