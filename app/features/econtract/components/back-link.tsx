// Where the e-contract's "back" goes: the page that sent the member here
// (back=, a path on this site, e.g. the checkout with its cart), else the shop.
import { HomeLink } from '../../../lib/navigation';
import { primaryButton, secondaryButton } from '../../../ui/button';
import { econtract as t } from '../../../strings/zh-hant-econtract';

export function ContractBackLink({ back }: { back: string }) {
  return back ? (
    <a className={primaryButton} href={back} data-testid="contract-back">
      {t.back}
    </a>
  ) : (
    <HomeLink className={secondaryButton}>
      {t.backToShop}
    </HomeLink>
  );
}
