// Business constants of spec section 9 used on the client.
import { cookies } from '../contract/generated/shared';

/** A navigation's loading bar appears only after this delay (ms). */
export const loadingBarThrottle = 200;
/** The bar's estimated run to near-full (ms). */
export const loadingBarDuration = 5000;
/** Once shown, loading feedback stays at least this long (ms). */
export const fetchMinimumDisplay = 200;
/** A failed chunk load reloads the page at most this often (ms). */
export const chunkReloadThrottle = 60_000;
/** The app banner's height (px). */
export const bannerHeight = 55;
/** Cookie that remembers the closed app banner (spelled as the spec spells it). */
export const bannerCookie = cookies.bannerClosed;
