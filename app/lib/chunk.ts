// Loading code split into chunks (pages, dialogs, the app bridge). A chunk
// that fails to load (most often: a deploy replaced the build this page
// was served with) reloads the page, at most once per chunkReloadThrottle
// (spec sections 4 and 9); the time of the last reload is kept in
// sessionStorage, so a chunk that still fails after the reload does not
// reload the tab in a loop.
import { createElement, lazy, type ComponentType } from 'react';
import { chunkReloadThrottle } from './constants';
import { ChunkFailedDialog } from '../ui/chunk-failed-dialog';

/** sessionStorage key: when (ms since the epoch) a failed chunk last reloaded the page. */
export const chunkReloadKey = 'storefront:chunk-reload';

/**
 * Whether a failed chunk load at now reloads the page, given the last such
 * reload at last (0: none in this tab). A last time in the future (the
 * clock was set back) counts as none.
 *
 *   reloadDue(0, t)            true
 *   reloadDue(t, t + 59_999)   false
 *   reloadDue(t, t + 60_000)   true
 */
export function reloadDue(last: number, now: number): boolean {
  return !(last > 0 && last <= now && now - last < chunkReloadThrottle);
}

/** Reloads the page if due (and remembers when); tells whether it did. */
export function reloadForChunk(): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(chunkReloadKey)) || 0;
  } catch {
    // storage refused (privacy mode): reload once, as if never before
  }
  const now = Date.now();
  if (!reloadDue(last, now)) return false;
  try {
    sessionStorage.setItem(chunkReloadKey, String(now));
  } catch {
    return false; // without a memory of it, a reload could loop
  }
  window.location.reload();
  return true;
}

/**
 * Runs load. When it fails and the page reloads, the promise never
 * settles (the page goes away); when a reload is not due, the error goes
 * on to the caller.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    if (reloadForChunk()) return new Promise<T>(() => {});
    throw err;
  }
}

/**
 * React's lazy() for a dialog's chunk: a failure reloads the page when
 * due; otherwise the dialog that says it could not load (and offers the
 * reload) shows in its place, so the page never breaks.
 */
export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    loadChunk(load).catch(() => ({
      // every opener passes onClose (the dialog host to all, used or not)
      default: (p: P) => createElement(ChunkFailedDialog, { onClose: (p as { onClose: () => void }).onClose }),
    })),
  );
}
