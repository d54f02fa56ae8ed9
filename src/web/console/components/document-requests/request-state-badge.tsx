import {
  DOCUMENT_REQUEST_STATE_NAMES,
  type TDocumentRequestState,
} from '../../../../shared/document-requests.js';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.js';

const TONES: Record<TDocumentRequestState, StatusTone> = {
  requested: 'neutral',
  under_review: 'info',
  accepted: 'success',
  rejected: 'caution',
};

/** A request's state in the words both sides use, its tone only repeating them. */
export function RequestStateBadge({ state }: { state: TDocumentRequestState }) {
  return <StatusBadge tone={TONES[state]}>{DOCUMENT_REQUEST_STATE_NAMES[state]}</StatusBadge>;
}
