import {
  DOCUMENT_REQUEST_STATE_NAMES,
  type TDocumentRequestState,
} from '../../../../shared/document-requests.js';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.js';

/** Sent back is the one to act on; the colour only repeats what the words say. */
const TONES: Record<TDocumentRequestState, StatusTone> = {
  requested: 'info',
  under_review: 'warning',
  accepted: 'success',
  rejected: 'danger',
};

/** A document request's state, in the words both sides use. */
export function DocumentRequestStateBadge({ state }: { state: TDocumentRequestState }) {
  return <StatusBadge tone={TONES[state]}>{DOCUMENT_REQUEST_STATE_NAMES[state]}</StatusBadge>;
}
