// The API client: same-origin calls with credentials, the envelope
// {errorCode, message, data} unwrapped. A failure throws ApiError with the
// catalogue's code and its Traditional Chinese message as the server sent
// it (an unknown code's message is empty, spec section 8) and the request's
// field it is about, if any; errorText gives the line to show for it.
import type { ApiEnvelope } from '../contract/props';
import { account as t } from '../strings/zh-hant';
import { statusText } from './error-text';

export class ApiError extends Error {
  constructor(
    public code: number,
    message: string,
    public status: number,
    /** the request's field the failure is about ('customFields.phone'), '' for none */
    public field = '',
  ) {
    super(message);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  /** JSON body (POST). */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers (Idempotency-Key). */
  headers?: Record<string, string>;
}

export async function call<T = unknown>(path: string, opts: CallOptions = {}): Promise<T> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined) q.set(k, String(v));
  const url = path + (q.size ? '?' + q.toString() : '');
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...opts.headers },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch {
    throw new ApiError(0, t.networkError, 0);
  }
  let env: ApiEnvelope<T>;
  try {
    env = (await res.json()) as ApiEnvelope<T>;
  } catch {
    throw new ApiError(0, '', res.status);
  }
  if (!res.ok || env.errorCode !== 0) throw new ApiError(env.errorCode, env.message, res.status, env.field ?? '');
  return env.data;
}

/**
 * The line to show for any thrown value: the server's message, or for an
 * empty one the text of its status class as the error page has it.
 */
export function errorText(e: unknown): string {
  if (!(e instanceof ApiError)) return t.genericError;
  return e.message || statusText(e.status);
}
