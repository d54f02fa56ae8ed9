export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

/**
 * Passkeys are bound to the origin students use (PUBLIC_ORIGIN); its host name is the RP id. The
 * name is what the device's passkey prompt shows: the product's (BRAND_NAME).
 */
export function relyingPartyFor(publicOrigin: string, productName: string): RelyingParty {
  return { id: new URL(publicOrigin).hostname, name: productName, origin: publicOrigin };
}

/**
 * The signature algorithms a new passkey may use (COSE ids): EdDSA, ES256, RS256. SimpleWebAuthn
 * would put ML-DSA-44 (post-quantum) first wherever the runtime can verify it, and Node 24 can
 * only through an experimental Web Crypto API (it warns on every start that asks): a passkey the
 * portal could one day not verify is not one to offer. Given to both ends of the ceremony.
 */
export const PASSKEY_ALGORITHM_IDS = [-8, -7, -257];
