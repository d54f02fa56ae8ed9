import { MessagesPage } from '../../features/messages/components/messages-page.js';

export default function MessagesRoute() {
  return <MessagesPage />;
}
