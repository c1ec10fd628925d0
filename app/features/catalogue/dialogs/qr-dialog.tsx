// QR code of the page's link, drawn as SVG by uqr (loaded with this dialog
// only).
import { renderSVG } from 'uqr';
import { css } from '@emotion/css';
import { Dialog } from '../../../ui/dialog';
import { dialogs as t } from '../../../strings/zh-hant-catalogue';
import { colour } from '../../../ui/theme';

const code = css`
  width: min(280px, 100%);
  margin: 0 auto 12px;
  svg { width: 100%; height: auto; display: block; }
`;
const hint = css`text-align: center; color: ${colour.muted}; font-size: 14px; word-break: break-all;`;

export default function QrDialog({ url, onClose }: { url: string; onClose: () => void }) {
  return (
    <Dialog title={t.qrTitle} onClose={onClose} testId="qr-dialog">
      <div className={code} role="img" aria-label={t.qr} dangerouslySetInnerHTML={{ __html: renderSVG(url, { border: 2 }) }} />
      <p className={hint}>{t.qrHint}</p>
      <p className={hint}>{url}</p>
    </Dialog>
  );
}
