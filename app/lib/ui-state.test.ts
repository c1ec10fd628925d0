import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterNotify, type SnackbarState, type Ui } from './ui-state';

const msg = (message: string, id: number): SnackbarState => ({ message, type: 'success', timeout: 3000, id });

test('snackbar: setting it shows it; setting it while visible just hides it (spec section 4)', () => {
  const a = msg('已登入', 1);
  const b = msg('已儲存', 2);
  assert.deepEqual(afterNotify(null, a), a);
  assert.equal(afterNotify(a, b), null);
  assert.deepEqual(afterNotify(afterNotify(a, b), b), b);
});

// Checked by tsc (tsconfig.test.json), never run: a dialog opens only with
// the args its name takes.
export function dialogArgsAreTyped(ui: Ui) {
  ui.open('login', { next: '/member' });
  ui.open('unsubscribe', { token: 't' });
  // @ts-expect-error login takes no token
  ui.open('login', { token: 't' });
  // @ts-expect-error unsubscribe needs its token
  ui.open('unsubscribe', {});
  // @ts-expect-error no dialog has this name
  ui.open('nothing', {});
}
