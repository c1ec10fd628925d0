// Share dialog: copy the page's link, share it on LINE or Facebook, or show
// it as a QR code (loaded only then).
import { Suspense, useState } from 'react';
import { lazyDialog } from '../../../lib/chunk';
import { Dialog } from '../../../ui/dialog';
import { buttonColumn } from '../../../ui/button';
import { dialogs as t } from '../../../strings/zh-hant-catalogue';

const QrDialog = lazyDialog(() => import('./qr-dialog'));

export default function ShareDialog({ url, title, onClose }: { url: string; title: string; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const [qr, setQr] = useState(false);
  if (qr) {
    return (
      <Suspense fallback={null}>
        <QrDialog url={url} onClose={onClose} />
      </Suspense>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
    } catch {
      window.prompt(t.copyLink, url); // no clipboard access: let the visitor copy it
    }
    setCopied(true);
  };
  const u = encodeURIComponent(url);
  return (
    <Dialog title={t.shareTitle} onClose={onClose} testId="share-dialog">
      <p style={{ marginBottom: 14, wordBreak: 'break-all' }}>{title}</p>
      <div className={buttonColumn}>
        <button type="button" onClick={copy} data-testid="copy-link">
          {copied ? t.copied : t.copyLink}
        </button>
        <a href={'https://social-plugins.line.me/lineit/share?url=' + u} target="_blank" rel="noopener">
          {t.line}
        </a>
        <a href={'https://www.facebook.com/sharer/sharer.php?u=' + u} target="_blank" rel="noopener">
          {t.facebook}
        </a>
        <button type="button" onClick={() => setQr(true)}>
          {t.qr}
        </button>
      </div>
      <p role="status" className="visually-hidden">
        {copied ? t.copied : ''}
      </p>
    </Dialog>
  );
}
