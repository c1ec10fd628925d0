// Buttons that open a dialog. Each dialog's code loads on first open, so
// pages stay light.
import { Suspense, useState, type ReactNode } from 'react';
import { lazyDialog } from '../../../lib/chunk';
import type { StoreInfo } from '../../../contract/props';
import type { CalendarEvent } from '../../../lib/calendar';
import { usePage } from '../../../lib/page-context';

const StoreDialog = lazyDialog(() => import('../dialogs/store-dialog'));
const ShareDialog = lazyDialog(() => import('../dialogs/share-dialog'));
const CalendarDialog = lazyDialog(() => import('../../../lib/dialogs/calendar-dialog'));

function Opener({ label, className, testId, children, dialog }: {
  label?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
  dialog: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-label={label} aria-haspopup="dialog" data-testid={testId} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open ? <Suspense fallback={null}>{dialog(() => setOpen(false))}</Suspense> : null}
    </>
  );
}

export function StoreButton({ store, className, children }: { store: StoreInfo; className?: string; children?: ReactNode }) {
  return (
    <Opener className={className} testId="store-button" dialog={(close) => <StoreDialog store={store} onClose={close} />}>
      {children ?? store.storeShortName}
    </Opener>
  );
}

/** Shares this page (its canonical URL, without a private token). */
export function ShareButton({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const page = usePage();
  const url = page.origin + page.url.replace(/([?&])privateToken=[^&]*&?/, '$1').replace(/[?&]$/, '');
  return (
    <Opener className={className} testId="share-button" dialog={(close) => <ShareDialog url={url} title={title} onClose={close} />}>
      {children}
    </Opener>
  );
}

export function CalendarButton({ event, label, className, children }: { event: CalendarEvent; label: string; className?: string; children: ReactNode }) {
  return (
    <Opener label={label} className={className} testId="calendar-button" dialog={(close) => <CalendarDialog args={{ event }} onClose={close} />}>
      {children}
    </Opener>
  );
}
