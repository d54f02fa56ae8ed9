import type { TDocumentRequestState } from '../../../../shared/document-requests.js';
import { StatusBadge } from '../../../components/ui/status-badge.js';
import { documentRequestStateDisplay } from '../../../lib/status-display.js';

/** A document request's state, in the words both sides use and the colour of its meaning. */
export function DocumentRequestStateBadge({ state }: { state: TDocumentRequestState }) {
  const { word, tone } = documentRequestStateDisplay(state);
  return <StatusBadge tone={tone}>{word}</StatusBadge>;
}
