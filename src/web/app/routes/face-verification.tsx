import { FaceVerificationPage } from '../../features/identity-verification/components/face-verification-page.js';

export default function FaceVerificationRoute() {
  return <FaceVerificationPage />;
}
