// The e-contract (/{brandId}/e-contract/{storeId}/{contractId}, always
// allowed): read to its end, then signed (features/econtract); a signed
// contract is read-only, with its PDF. The query's back= (a path on this
// site, e.g. the checkout with its cart) is where "back" goes.
import type { EContractPage } from '../contract/props';
import { usePage } from '../lib/page-context';
import { PageHead } from '../lib/page-head';
import { econtract as t } from '../strings/zh-hant-econtract';
import { sameSitePath } from '../lib/query';
import { ContractBody, NoContract } from '../features/econtract/components/contract-body';
import { ContractBackLink } from '../features/econtract/components/back-link';
import { sheet } from '../features/econtract/components/sheet';

export default function EContract({ data }: { data: EContractPage | null }) {
  const page = usePage();
  const brandName = page.brand!.settings.brandName;
  const backLink = <ContractBackLink back={sameSitePath(page.query.back)} />;
  return data ? (
    <section className={sheet} data-testid="e-contract">
      <PageHead title={t.title(data.template.title, brandName)} description={t.description} noindex />
      <ContractBody data={data} backLink={backLink} />
    </section>
  ) : (
    <section className={sheet}>
      <PageHead title={t.title(t.pageTitle, brandName)} description={t.description} noindex />
      <NoContract backLink={backLink} />
    </section>
  );
}
