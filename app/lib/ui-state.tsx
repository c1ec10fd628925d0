// Shared UI state (spec section 3): the global snackbar and which dialog is
// open. The default layout provides it; dialogs are loaded on demand.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Booking, BookingItem, CheckInQR } from '../contract/props';
import type { CalendarTarget } from './calendar';

export type SnackbarType = 'success' | 'error' | 'info';

export interface SnackbarState {
  message: string;
  type: SnackbarType;
  /** ms */
  timeout: number;
  /** bumps on every show, so one message can follow an equal one */
  id: number;
}

/** Dialogs by name with what they open with. */
export interface DialogArgs {
  /** next: where to go once logged in (a path on this site) */
  login: { email?: string; next?: string };
  /** line: the LINE user waiting in this browser registers (no password; ?line=register brought it). */
  register: { line?: boolean };
  registerSuccess: { email: string };
  verifyAccount: { email: string };
  verifyCode: { email: string };
  forgotPassword: { email?: string };
  /** contact: the contact info checkout asked for (its required fields still empty), then retries with then. */
  completeInfo: { mode: 'complete' | 'edit' | 'contact'; then?: () => void };
  changePassword: Record<string, never>;
  deleteAccount: Record<string, never>;
  /** A paid order's refund: the amount the rules offer, then the member's confirmation. */
  refundOrder: { orderNo: string; item: string };
  /** Booking: cancel one (or learn whom to call). */
  cancelBooking: { booking: BookingItem };
  /** The store to call when the rules forbid cancelling online, and the rule's message. */
  contact: { message: string; storeName: string; phone: string };
  checkIn: { booking: BookingItem };
  /** The timing card lacks minutes (spec section 2): what it takes, what is left, where its plans are sold. */
  timingCardNotEnough: { need: number; remain: number; plansHref: string };
  /** The member's bookings at the time asked for; onContinue books anyway. */
  conflict: { conflicts: Booking[]; onContinue: () => void };
  calendar: CalendarTarget;
  /** The member's check-in QR code (what the page had, refreshed before it expires). */
  checkInQr: { initial: CheckInQR | null };
  /** A quantity passcard's (holdingId) or the timing card's (0) QR code. */
  holdingQr: { kind: 'quantityPasscard' | 'timingCard'; holdingId: number; name: string };
  /** A notification mail's one-click link came to the page (?unsubscribe=token): confirm, then report. */
  unsubscribe: { token: string };
  /** A class reminder's cancel link came to the page (?cancelBooking=token): the booking, confirm, then report. */
  cancelByLink: { token: string };
  /** The brand's app in the stores (spec section 2). */
  downloadApp: Record<string, never>;
}

export type DialogName = keyof DialogArgs;

/** A dialog of the registry: what the layout's host gives the one named N. */
export interface DialogProps<N extends DialogName> {
  args: DialogArgs[N];
  onClose: () => void;
}

/** The open dialog: one name with that name's args (a union over the names, so narrowing on name narrows args). */
export type OpenDialog = { [N in DialogName]: { name: N; args: DialogArgs[N] } }[DialogName];

export interface Ui {
  snackbar: SnackbarState | null;
  /**
   * Shows a message (default type success, 3000 ms). Setting it while one
   * is visible just hides the visible one (spec section 4).
   */
  notify(message: string, type?: SnackbarType, timeout?: number): void;
  hideSnackbar(): void;
  dialog: OpenDialog | null;
  open<N extends DialogName>(name: N, args: DialogArgs[N]): void;
  close(): void;
}

/** Snackbar defaults (spec section 9). */
export const snackbarDefaults = { type: 'success' as SnackbarType, timeout: 3000 };

/**
 * The snackbar after setting next while shown is on screen (spec section
 * 4): next when none shows, else none (setting it while visible just hides
 * it).
 */
export function afterNotify(shown: SnackbarState | null, next: SnackbarState): SnackbarState | null {
  return shown ? null : next;
}

const noop = () => {};
/** The state before any event: all a server render ever sees. */
const initialUi: Ui = { snackbar: null, notify: noop, hideSnackbar: noop, dialog: null, open: noop, close: noop };
const UiContext = createContext<Ui>(initialUi);

export function useUi(): Ui {
  return useContext(UiContext);
}

function StatefulUiProvider({ children }: { children: ReactNode }) {
  const [snackbar, setSnackbar] = useState<SnackbarState | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const seq = useRef(0);
  const shown = useRef<SnackbarState | null>(null);
  shown.current = snackbar;
  const notify = useCallback((message: string, type: SnackbarType = snackbarDefaults.type, timeout = snackbarDefaults.timeout) => {
    const next = { message, type, timeout, id: ++seq.current };
    shown.current = afterNotify(shown.current, next);
    setSnackbar(shown.current);
  }, []);
  const hideSnackbar = useCallback(() => setSnackbar(null), []);
  const open = useCallback(<N extends DialogName>(name: N, args: DialogArgs[N]) => setDialog({ name, args } as OpenDialog), []);
  const close = useCallback(() => setDialog(null), []);
  const ui = useMemo(() => ({ snackbar, notify, hideSnackbar, dialog, open, close }), [snackbar, notify, hideSnackbar, dialog, open, close]);
  return <UiContext.Provider value={ui}>{children}</UiContext.Provider>;
}

/**
 * The shared UI state's provider. A server render sees only the initial
 * state (nothing happens during it), which is the context's default: the
 * server's provides nothing, without the six hooks (hydration does not
 * compare hooks; a component between adds no element nor React id).
 */
export function UiProvider({ children }: { children: ReactNode }) {
  return SERVER ? children : <StatefulUiProvider>{children}</StatefulUiProvider>;
}
