// The texts of a failure (spec sections 2 and 8): the error page's title and
// message by status, and the line a form shows for a failed call.
import type { ErrorInfo } from '../contract/props';
import { errors as t } from '../strings/zh-hant';

/** Document title of an error page. */
export function errorTitle(status: number): string {
  return status === 404 ? t.titleNotFound : t.titleError;
}

/**
 * Visible message of an error page: a 404 shows its message, the routing
 * text when no route matched, or else the hint to check the brand's shop;
 * other 4xx and 5xx their class's text.
 */
export function errorMessage(e: ErrorInfo): string {
  if (e.status === 404) return e.message || (e.routing ? t.routingNotFound : t.notFoundDefault);
  return statusText(e.status);
}

/** The text of a status class: 5xx the server's fault, else a general one. */
export function statusText(status: number): string {
  return status >= 500 ? t.serverError : t.clientError;
}
