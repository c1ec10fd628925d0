// The bridge to the native iOS and Android apps that show the storefront in
// a webview (from=app; spec sections 1 and 4). The contract, as documented
// in the README's "App bridge" section:
//
//   page -> iOS:     window.webkit.messageHandlers.storefront.postMessage(message)
//   page -> Android: window.StorefrontApp.<action>(...)  (JavaScript interface)
//   app  -> page:    window.storefrontBridge.deliver(values)
//
// Asking for the native values: iOS gets {action: 'getNativeValues'} and
// answers later through deliver; Android's getNativeValues() returns the
// values as a JSON string ('' while it has none yet) or answers through
// deliver. The page asks up to 10 times, 500–800 ms apart, then goes on
// without them.

/** The values the app supplies (spec section 1); every one may be missing. */
export interface NativeValues {
  phone?: string;
  email?: string;
  name?: string;
  mobileBarcode?: string;
  userId?: string;
  sessionId?: string;
}

/** What the page tells the app to do (besides asking for the values). */
export type AppAction = 'openLinePay' | 'openExternal';

/** The name of the iOS message handler and of the Android interface. */
export const iosHandler = 'storefront';
export const androidInterface = 'StorefrontApp';
/** The page's global the app calls back: window.storefrontBridge.deliver(values). */
export const pageGlobal = 'storefrontBridge';

/** Spec section 9: native value retry cap 10 at 500–800 ms. */
export const nativeRetryCap = 10;
export const nativeRetryMin = 500;
export const nativeRetryMax = 800;

const keys: (keyof NativeValues)[] = ['phone', 'email', 'name', 'mobileBarcode', 'userId', 'sessionId'];

/** Keeps the known keys whose values are non-empty strings (or numbers, for
 * ids), trimmed and at most 254 characters; anything else is dropped. A JSON
 * string is parsed first; unparsable input gives null. */
export function parseNativeValues(raw: unknown): NativeValues | null {
  let v = raw;
  if (typeof v === 'string') {
    if (v.trim() === '') return null;
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const out: NativeValues = {};
  for (const k of keys) {
    const x = (v as Record<string, unknown>)[k];
    const s = typeof x === 'string' ? x.trim() : typeof x === 'number' && Number.isFinite(x) ? String(x) : '';
    if (s !== '' && s.length <= 254) out[k] = s;
  }
  return Object.keys(out).length > 0 ? out : null;
}

interface IosHandler {
  postMessage(message: unknown): unknown;
}
interface AndroidInterface {
  getNativeValues?: () => unknown;
  openLinePay?: (url: string) => unknown;
  openExternal?: (url: string) => unknown;
}
/** The parts of window the bridge touches (a plain object in the tests). */
export interface BridgeWindow {
  webkit?: { messageHandlers?: Record<string, IosHandler | undefined> };
  [pageGlobal]?: { deliver(values: unknown): void };
  [androidInterface]?: AndroidInterface;
}

function ios(w: BridgeWindow): IosHandler | undefined {
  return w.webkit?.messageHandlers?.[iosHandler];
}

/** Which native side is present, if any. */
export function nativeSide(w: BridgeWindow): 'ios' | 'android' | null {
  if (ios(w)) return 'ios';
  if (w[androidInterface]) return 'android';
  return null;
}

/** Tells the app to open url; false when no native side took it. */
export function tellApp(w: BridgeWindow, action: AppAction, url: string): boolean {
  try {
    const h = ios(w);
    if (h) {
      h.postMessage({ action, url });
      return true;
    }
    const a = w[androidInterface];
    const fn = a?.[action];
    if (a && typeof fn === 'function') {
      fn.call(a, url);
      return true;
    }
  } catch {
    // a native side that throws is a native side that did not take it
  }
  return false;
}

/** Timers, injected so that the tests run without waiting. */
export interface BridgeClock {
  sleep(ms: number): Promise<void>;
  random(): number;
}

const realClock: BridgeClock = {
  sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  random: Math.random,
};

/** The wait after attempt n: uniform in 500–800 ms. */
export function retryDelay(random: () => number): number {
  return Math.round(nativeRetryMin + random() * (nativeRetryMax - nativeRetryMin));
}

/**
 * Asks the app for its values: at most nativeRetryCap times, waiting
 * 500–800 ms after each ask for an answer (an Android return value, or
 * deliver from either side). Resolves with the values, or with null when no
 * native side is present or none answered in time (the page goes on
 * without). onAsk, when given, sees each attempt's number (1-based).
 */
export async function readNativeValues(w: BridgeWindow, clock: BridgeClock = realClock, onAsk?: (n: number) => void): Promise<NativeValues | null> {
  if (!nativeSide(w)) return null;
  let delivered: NativeValues | null = null;
  const previous = w[pageGlobal];
  w[pageGlobal] = {
    deliver(values: unknown) {
      delivered = delivered ?? parseNativeValues(values);
    },
  };
  try {
    for (let n = 1; n <= nativeRetryCap && !delivered; n++) {
      onAsk?.(n);
      const h = ios(w);
      if (h) {
        try {
          h.postMessage({ action: 'getNativeValues' });
        } catch {
          // asked again after the wait
        }
      } else {
        const a = w[androidInterface];
        try {
          const answer = parseNativeValues(a?.getNativeValues?.call(a));
          if (answer) return answer;
        } catch {
          // asked again after the wait
        }
      }
      await clock.sleep(retryDelay(clock.random));
    }
    return delivered;
  } finally {
    // a late answer after the cap is ignored; keep deliver callable
    w[pageGlobal] = previous ?? { deliver() {} };
  }
}

let once: Promise<NativeValues | null> | null = null;

/** The app's values for this page load, asked once and shared by every
 * caller; null on the server, outside the app, or when the app did not answer. */
export function nativeValues(): Promise<NativeValues | null> {
  if (typeof window === 'undefined') return Promise.resolve(null);
  once ??= readNativeValues(window as unknown as BridgeWindow);
  return once;
}

/** Opens a URL through the app (LINE Pay's app URL, an external link); false
 * outside the app, where the caller navigates itself. */
export function openInApp(action: AppAction, url: string): boolean {
  if (typeof window === 'undefined') return false;
  return tellApp(window as unknown as BridgeWindow, action, url);
}

/** The brand's custom fields the app's values can fill: phone and e-mail
 * fields, by their type. */
export interface PrefillField {
  key: string;
  type: string;
}

/** current with its empty phone and e-mail fields filled from the app's
 * values; what the member typed is never overwritten. */
export function prefillFields(schema: PrefillField[], current: Record<string, string>, native: NativeValues | null): Record<string, string> {
  if (!native) return current;
  const out = { ...current };
  for (const f of schema) {
    const v = f.type === 'phone' ? native.phone : f.type === 'email' ? native.email : undefined;
    if (v && !out[f.key]) out[f.key] = v;
  }
  return out;
}

/** A Taiwanese e-invoice mobile barcode: '/' and 7 of 0-9, A-Z, '.', '-', '+'. */
export function isMobileBarcode(s: string): boolean {
  return /^\/[0-9A-Z.+-]{7}$/.test(s);
}
