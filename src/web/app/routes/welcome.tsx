import { WelcomeScreen } from '../../features/welcome/components/welcome-screen.js';

export function WelcomeRoute() {
  return <WelcomeScreen />;
}
