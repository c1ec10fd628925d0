// Query strings without URLSearchParams (goja has none).

/** '?a=1&b=x' of the pairs whose value is not empty, or ''. */
export function queryString(pairs: [string, string | number | undefined | null][]): string {
  let out = '';
  for (const [k, v] of pairs) {
    if (v === undefined || v === null || v === '' || v === 0) continue;
    out += (out ? '&' : '?') + encodeURIComponent(k) + '=' + encodeURIComponent(String(v));
  }
  return out;
}

/** A "back" query value that is a path on this site ('/...', not '//host'
 * or a scheme), or '' (no open redirects). */
export function sameSitePath(back: string | undefined): string {
  if (!back || !back.startsWith('/') || back.startsWith('//') || back.startsWith('/\\')) return '';
  return back;
}
