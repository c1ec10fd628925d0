// Pure rules of the term pages: a class's weekly slot, and the paths of the
// term pages (the app's from=app kept; canonical by the brand's modules).
import type { PageProps, TermClass } from '../../contract/props';
import { brandPath } from '../../lib/page-context';
import { hasModule, Module } from '../../lib/modules';
import { timeRange, weekday } from '../../ui/date';
import { term as t } from '../../strings/zh-hant-catalogue';

/** '每週六 10:00–11:00・共 12 堂' */
export function classSlot(c: TermClass): string {
  return (c.weekday ? t.weekly(weekday(c.weekday), timeRange(c.startTime, c.endTime)) + '・' : '') + t.sessions(c.sessionCount);
}

/** A term page's path, with from=app kept for the app's webview. */
export function termPath(page: PageProps, p: string): string {
  return brandPath(page, p) + (page.query.from === 'app' ? '?from=app' : '');
}

/** A term page's canonical path: with from=app where the brand has only
 * the term-schedule module (its term pages live in the app), else plain. */
export function termCanonical(page: PageProps, p: string): string {
  return hasModule(page.brand!.settings.additionalModules, Module.WEB_SHOP) ? brandPath(page, p) : brandPath(page, p) + '?from=app';
}
