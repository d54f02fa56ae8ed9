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
