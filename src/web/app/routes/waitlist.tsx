import { WaitlistPage } from '../../features/waitlist/components/waitlist-page.js';

export function WaitlistRoute() {
  return <WaitlistPage />;
}
