import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterNotify, type SnackbarState } from './ui-state';

const msg = (message: string, id: number): SnackbarState => ({ message, type: 'success', timeout: 3000, id });

test('snackbar: setting it shows it; setting it while visible just hides it (spec section 4)', () => {
  const a = msg('已登入', 1);
  const b = msg('已儲存', 2);
  assert.deepEqual(afterNotify(null, a), a);
  assert.equal(afterNotify(a, b), null);
  assert.deepEqual(afterNotify(afterNotify(a, b), b), b);
});
