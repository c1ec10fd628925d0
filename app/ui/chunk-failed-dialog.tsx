// Shown in place of a dialog whose code would not load when the page may
// not reload on its own again yet (lib/chunk): says so and offers the reload.
import { Dialog } from './dialog';
import { navigation as t } from '../strings/zh-hant';
import { primaryButton } from './button';

export function ChunkFailedDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog title={t.chunkFailedTitle} onClose={onClose} testId="chunk-failed-dialog">
      <div>
        <p>{t.chunkFailedBody}</p>
        <button type="button" className={primaryButton} onClick={() => window.location.reload()}>
          {t.reload}
        </button>
      </div>
    </Dialog>
  );
}
