// Logging out (spec section 4): post the brand, let the server revoke the
// session and clear its cookies, then reload.
import { call } from './api';

export async function logout(brandId: string): Promise<void> {
  try {
    await call('/api/session/logout', { body: { brandId } });
  } finally {
    window.location.reload();
  }
}
