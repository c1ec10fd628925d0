// Download app (spec section 2): the brand's app in the stores it is in
// (brandPromoteInfo's iOS and Android links), the visitor's own store
// first. On a computer, a QR code of the brand's app-download address
// (/appDownloadRedirect), which sends the phone that scans it to its own
// store. Opened from the footer's 下載 App, and on brand home when a
// computer followed an app-download link.
import { renderSVG } from 'uqr';
import { css } from '@emotion/css';
import { usePage } from '../../../lib/page-context';
import { banner, downloadApp as t } from '../../../strings/zh-hant';
import { Dialog } from '../../../ui/dialog';
import { colour } from '../../../ui/theme';
import type { DialogProps } from '../../../lib/ui-state';

const head = css`
  display: flex;
  align-items: center;
  gap: 14px;
  margin-bottom: 16px;
  img { width: 64px; height: 64px; border-radius: 14px; border: 1px solid ${colour.line}; object-fit: contain; background: #fff; flex: none; }
  p { margin: 0; color: ${colour.muted}; }
`;
const stores = css`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  margin: 0 0 8px;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 46px;
    padding: 0 20px;
    border-radius: 10px;
    background: #111827;
    color: #fff;
    font-weight: 600;
    text-decoration: none;
  }
`;
const qr = css`
  display: grid;
  justify-items: center;
  gap: 6px;
  margin-top: 12px;
  div { width: 180px; }
  svg { width: 100%; height: auto; display: block; }
  p { margin: 0; font-size: 14px; color: ${colour.muted}; text-align: center; }
`;

/** The brand's store links, the visitor's device's first; only those the brand has. */
function storeLinks(device: string, ios: string, android: string, labels: { ios: string; android: string }): [string, string][] {
  const all: [string, string][] = [[labels.ios, ios], [labels.android, android]];
  const mine = device === 'android' ? all.reverse() : all;
  return mine.filter(([, href]) => href !== '');
}

export default function DownloadAppDialog({ onClose }: DialogProps<'downloadApp'>) {
  const page = usePage();
  const s = page.brand!.settings;
  const { iosAppLink, androidAppLink } = s.brandPromoteInfo;
  const links = storeLinks(page.device, iosAppLink, androidAppLink, { ios: t.appStore, android: t.googlePlay });
  const redirect = page.origin + page.basePath + '/appDownloadRedirect';
  return (
    <Dialog title={t.title(s.brandName)} onClose={onClose} width={460} testId="download-app-dialog">
      <div className={head}>
        {s.appLogo ? <img src={s.appLogo} alt="" width={64} height={64} /> : null}
        <p>{banner.description}</p>
      </div>
      <ul className={stores} aria-label={t.storesLabel}>
        {links.map(([label, href]) => (
          <li key={href}>
            <a href={href} target="_blank" rel="noopener">
              {label}
            </a>
          </li>
        ))}
      </ul>
      {page.device === 'pc' ? (
        <div className={qr}>
          <div role="img" aria-label={t.qr} data-testid="download-app-qr" dangerouslySetInnerHTML={{ __html: renderSVG(redirect, { border: 2 }) }} />
          <p>{t.qrHint}</p>
        </div>
      ) : null}
    </Dialog>
  );
}
