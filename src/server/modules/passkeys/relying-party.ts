import { PRODUCT_NAME } from '../../../shared/product.js';

export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/** Passkeys are bound to the origin students use (PUBLIC_ORIGIN); its host name is the RP id. */
export function relyingPartyFor(publicOrigin: string): RelyingParty {
  return { id: new URL(publicOrigin).hostname, name: PRODUCT_NAME, origin: publicOrigin };
}
