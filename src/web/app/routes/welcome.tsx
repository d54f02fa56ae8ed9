import { WelcomeScreen } from '../../features/welcome/components/welcome-screen.js';

export default function WelcomeRoute() {
  return <WelcomeScreen />;
}
