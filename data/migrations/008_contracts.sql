-- E-contracts: an operator's contract templates, versioned
-- (rich text), attached to items or stores, and the contracts members
-- signed.
--
-- A template's text never changes once written: a change is a new row of
-- contract_versions, and the newest version is the one members sign. A
-- signed record names the version and the SHA-256 of the exact text the
-- member was shown; it is never updated (read-only once signed).

create table contract_templates (
    id         bigint generated always as identity primary key,
    brand_id   text not null references brands (id) on delete cascade,
    name       text not null check (length(name) between 1 and 100),
    created_at timestamptz not null default now(),
    unique (brand_id, id)
);

create table contract_versions (
    template_id bigint not null references contract_templates (id) on delete cascade,
    version     integer not null check (version > 0),
    title       text not null check (length(title) between 1 and 200),
    -- rich text: a small HTML subset (p, h2, h3, ul, ol, li, strong, em,
    -- br) written by the operator; what the member reads and signs
    body        text not null check (length(body) between 1 and 200000),
    -- the fields the member fills before signing: [{key, label, required}]
    fields      jsonb not null default '[]' check (jsonb_typeof(fields) = 'array'),
    created_at  timestamptz not null default now(),
    primary key (template_id, version)
);

-- What a template is attached to: an item (bought online) or a store
-- (everything bought for that store). An item's own template comes first.
create table contract_attachments (
    template_id bigint not null references contract_templates (id) on delete cascade,
    item_id     bigint references items (id) on delete cascade,
    store_id    bigint references stores (id) on delete cascade,
    check ((item_id is null) <> (store_id is null))
);
create unique index contract_attachments_item on contract_attachments (item_id) where item_id is not null;
create unique index contract_attachments_store on contract_attachments (store_id) where store_id is not null;

create table signed_contracts (
    id            bigint generated always as identity primary key,
    brand_id      text not null,
    user_id       bigint not null,
    template_id   bigint not null,
    version       integer not null,
    -- SHA-256 of the exact text shown (the version's body, UTF-8)
    text_sha256   bytea not null check (length(text_sha256) = 32),
    signature_png bytea not null check (length(signature_png) between 8 and 1048576),
    signer_name   text not null check (length(signer_name) between 1 and 100),
    fields        jsonb not null default '{}' check (jsonb_typeof(fields) = 'object'),
    client_addr   text not null default '',
    user_agent    text not null default '' check (length(user_agent) <= 512),
    signed_at     timestamptz not null,
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade,
    foreign key (template_id, version) references contract_versions (template_id, version),
    -- a member signs a version once
    unique (user_id, template_id, version)
);
create index signed_contracts_user on signed_contracts (user_id, signed_at desc);

-- Notification mails carry the member's one-click unsubscribe URL (RFC
-- 8058: List-Unsubscribe, List-Unsubscribe-Post), sent as headers.
alter table mail_outbox add column unsubscribe_url text not null default '';
