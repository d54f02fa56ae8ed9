import type { Config } from '../config.js';
import type { IdentityProvider } from './identity-provider.js';
import {
  createSimulatedProvider,
  type SimulatedIdentityProvider,
} from './simulated/simulated-provider.js';
import { createVeriffProvider } from './veriff/veriff-provider.js';

export type ConfiguredIdentityProvider =
  (IdentityProvider & { readonly name: 'veriff' }) | SimulatedIdentityProvider;

/** The provider the settings chose (config.ts decides, and refuses the unsafe combinations). */
export function createIdentityProvider(config: Config): ConfiguredIdentityProvider {
  return config.identityProvider.kind === 'veriff'
    ? createVeriffProvider(config.identityProvider)
    : createSimulatedProvider(config.tokenSecret, config.publicOrigin);
}
