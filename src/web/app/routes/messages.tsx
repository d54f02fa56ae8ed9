import { MessagesPage } from '../../features/messages/components/messages-page.js';

export function MessagesRoute() {
  return <MessagesPage />;
}
