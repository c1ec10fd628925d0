// The member menu: the member centre's pages a brand offers, in order. The
// header's member menu and the member centre's tabs both show it.
import { hasModule, Module } from '../../lib/modules';
import { account as t } from '../../strings/zh-hant';

export interface MemberMenuItem {
  route: string;
  /** path under the brand */
  path: string;
  label: string;
}

export function memberMenu(modules: readonly string[]): MemberMenuItem[] {
  const items: MemberMenuItem[] = [
    { route: 'brandId-user', path: '/user', label: t.nav.overview },
    { route: 'brandId-user-booking', path: '/user/booking', label: t.nav.booking },
    { route: 'brandId-user-passcard', path: '/user/passcard', label: t.nav.passcard },
    { route: 'brandId-user-ticket', path: '/user/ticket', label: t.nav.ticket },
  ];
  if (hasModule(modules, Module.TimingCard)) {
    items.push(
      { route: 'brandId-user-countingPasscard', path: '/user/countingPasscard', label: t.nav.countingPasscard },
      { route: 'brandId-user-timingcard', path: '/user/timingcard', label: t.nav.timingcard },
    );
  }
  return items;
}
