import { FaceVerificationPage } from '../../features/face-verification/components/face-verification-page.js';

export default function FaceVerificationRoute() {
  return <FaceVerificationPage />;
}
