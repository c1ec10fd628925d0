-- A brand's own merchant accounts at the payment providers: one row per
-- brand and kind (NewebPay's MPG and periodic payments share one account),
-- its merchant id in clear (not a secret: the command lists it) and its
-- settings sealed (AES-256-GCM under STOREFRONT_CREDENTIALS_KEY, nonce ||
-- ciphertext, the brand and kind as associated data: providers.Sealer).
-- Set only by `storefront brand credentials`; the catalogue's import and
-- export never read or write it.
create table brand_credentials (
    brand_id    text not null references brands (id) on delete cascade,
    kind        text not null check (kind in ('newebpay', 'linepay', 'ezpay', 'ach', 'chailease')),
    merchant_id text not null check (merchant_id <> ''),
    sealed      bytea not null,
    updated_at  timestamptz not null,
    primary key (brand_id, kind)
);
