import { WaitlistPage } from '../../features/waitlist/components/waitlist-page.js';

export default function WaitlistRoute() {
  return <WaitlistPage />;
}
