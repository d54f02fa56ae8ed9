import { FaceVerificationPage } from '../../features/face-verification/components/face-verification-page.js';

export function FaceVerificationRoute() {
  return <FaceVerificationPage />;
}
