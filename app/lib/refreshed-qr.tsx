// A short-lived QR token in a dialog (the check-in QR, a holding's QR): a
// signed token a studio's scanner reads, fetched at once unless the one
// given is fresh and again before it expires (qr-refresh), drawn as SVG by
// uqr, with a loading line until the first and the error under it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { renderSVG } from 'uqr';
import { css } from '@emotion/css';
import { errorText } from './api';
import { qrRefreshDelay } from './qr-refresh';
import { common } from '../strings/zh-hant';
import { FormError } from '../ui/form-fields';
import { colour } from '../ui/theme';

const code = css`
  width: min(280px, 100%);
  margin: 0 auto 12px;
  svg { width: 100%; height: auto; display: block; }
`;
/** A centred muted line under the code. */
export const qrHint = css`text-align: center; color: ${colour.muted}; font-size: 14px;`;

/**
 * The token fetch gives, kept fresh; key names what is fetched (a new key
 * fetches anew), failed is the error when a failure says nothing.
 */
export function useRefreshedQr<Q extends { token: string; expiresAt: string }>(fetch: () => Promise<Q>, key: string, failed: string, initial: Q | null = null) {
  const [qr, setQr] = useState<Q | null>(initial);
  const [error, setError] = useState('');
  const load = useRef(fetch);
  load.current = fetch;
  useEffect(() => {
    let live = true;
    const id = setTimeout(
      () =>
        load.current().then(
          (q) => live && (setQr(q), setError('')),
          (e) => live && setError(errorText(e) || failed),
        ),
      qr ? qrRefreshDelay(qr.expiresAt, Date.now()) : 0,
    );
    return () => {
      live = false;
      clearTimeout(id);
    };
  }, [key, failed, qr]);
  return { qr, error };
}

/** The code of qr named label and (children) the lines under it; loading until the first, the error below. */
export function RefreshedQr({ qr, error, label, children }: { qr: { token: string } | null; error: string; label: string; children: ReactNode }) {
  return (
    <>
      {qr ? (
        <>
          <div className={code} role="img" aria-label={label} data-token={qr.token} dangerouslySetInnerHTML={{ __html: renderSVG(qr.token, { border: 2 }) }} />
          {children}
        </>
      ) : error ? null : (
        <p className={qrHint} role="status">
          {common.loading}
        </p>
      )}
      <FormError>{error}</FormError>
    </>
  );
}
