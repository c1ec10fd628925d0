// A store's address in schema.org's form. The store's opening hours come
// from the server already in schema.org's form (rules.WeekHours.Spec).
import type { StoreInfo } from '../contract/props';

export interface PostalAddress {
  '@type': 'PostalAddress';
  streetAddress: string;
  addressLocality?: string;
  addressRegion?: string;
  postalCode?: string;
  addressCountry: 'TW';
}

/**
 * The store's address parts as a PostalAddress: the street is the address
 * after its postal code, region and locality ('台北市信義區松仁路 100 號'
 * with region 台北市 and locality 信義區 gives 松仁路 100 號).
 */
export function postalAddress(s: Pick<StoreInfo, 'address' | 'postalCode' | 'region' | 'locality'>): PostalAddress {
  let street = s.address.trim();
  for (const part of [s.postalCode, s.region, s.locality]) {
    if (part && street.startsWith(part)) street = street.slice(part.length).trim();
  }
  return {
    '@type': 'PostalAddress',
    streetAddress: street || s.address,
    addressLocality: s.locality || undefined,
    addressRegion: s.region || undefined,
    postalCode: s.postalCode || undefined,
    addressCountry: 'TW',
  };
}
