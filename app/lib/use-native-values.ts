// The app's native values for React: asked once per page load, only in the
// app's webview (page.webview, from=app), null until they come or when the
// app does not answer. The bridge's code loads only in the webview.
import { useEffect, useState } from 'react';
import type { NativeValues } from './app-bridge';
import { usePage } from './page-context';
import { loadChunk } from './chunk';

/** The app's values, or null (outside the app, not yet, or never). */
export function useNativeValues(): NativeValues | null {
  const webview = usePage().webview;
  const [values, setValues] = useState<NativeValues | null>(null);
  useEffect(() => {
    if (!webview) return;
    let live = true;
    // the bridge loads only in the webview: a browser visit never fetches it
    void loadChunk(() => import('./app-bridge'))
      .then((m) => m.nativeValues())
      .then((v) => live && setValues(v), () => {}); // no bridge code: on without the values
    return () => {
      live = false;
    };
  }, [webview]);
  return values;
}
