-- Brands, their custom domains, stores, sellable items and custom fields.
-- Every change to a brand's rows bumps brands.data_version and notifies
-- channel brand_changed with the brand id, so caches can drop the brand.

create table brands (
    id                        text primary key check (id ~ '^[A-Za-z0-9_-]{1,64}$'),
    name                      text not null,
    status                    text not null default 'active' check (status in ('active', 'terminated')),
    app_logo                  text not null default '',
    description               text not null default '',
    web_base_background_color text not null default 'FF91C423',
    ios_app_link              text not null default '',
    android_app_link          text not null default '',
    is_newpos_store           boolean not null default false,
    modules                   text[] not null default '{}',
    data_version              bigint not null default 1,
    created_at                timestamptz not null default now()
);

-- A custom domain serves one brand in one environment.
create table brand_domains (
    host     text primary key check (host = lower(host)),
    brand_id text not null references brands (id) on delete cascade,
    env      text not null check (env in ('dev', 'staging', 'preprod', 'production')),
    unique (brand_id, env)
);

create table stores (
    id            bigint generated always as identity primary key,
    brand_id      text not null references brands (id) on delete cascade,
    name          text not null,
    short_name    text not null,
    address       text not null default '',
    phone         text not null default '',
    opening_hours text not null default '',
    map_url       text not null default '',
    has_line_pay  boolean not null default false,
    sort          integer not null default 0
);
create index stores_brand on stores (brand_id, sort, id);

-- Sellable items: the four item types of spec section 1.
create table items (
    id              bigint generated always as identity primary key,
    brand_id        text not null references brands (id) on delete cascade,
    type            text not null check (type in ('passcard', 'countingPasscard', 'point', 'quantityPasscard')),
    name            text not null,
    price           integer not null check (price >= 0),
    original_price  integer check (original_price >= 0),
    description     text not null default '',
    -- amount the item grants: days of a passcard are its validity; points
    -- of a point ticket; minutes of a counting passcard; visits of a
    -- quantity passcard
    quantity        integer check (quantity > 0),
    validity_value  integer check (validity_value > 0),
    validity_unit   text check (validity_unit in ('M', 'W', 'D', 'Y')),
    activation_type text not null default 'IMMEDIATELY'
        check (activation_type in ('IMMEDIATELY', 'BOOKING', 'ATTEND', 'CUSTOM', 'ADMIN_CUSTOM')),
    admin_start_date date,
    image           text not null default '',
    on_shelf        boolean not null default true,
    sort            integer not null default 0,
    updated_at      timestamptz not null default now(),
    check ((validity_value is null) = (validity_unit is null))
);
create index items_brand on items (brand_id, type, sort, id);

-- Stores where an item can be used; none means every store of the brand.
create table item_stores (
    item_id  bigint not null references items (id) on delete cascade,
    store_id bigint not null references stores (id) on delete cascade,
    primary key (item_id, store_id)
);

-- Custom fields a brand asks for, per target (USER: the member profile).
create table custom_fields (
    id          bigint generated always as identity primary key,
    brand_id    text not null references brands (id) on delete cascade,
    target_type text not null check (target_type in ('USER')),
    key         text not null check (key ~ '^[A-Za-z][A-Za-z0-9_]{0,63}$'),
    label       text not null,
    field_type  text not null check (field_type in ('text', 'date', 'choice', 'phone', 'email')),
    required    boolean not null default false,
    max_length  integer check (max_length > 0),
    options     text[] not null default '{}',
    sort        integer not null default 0,
    unique (brand_id, target_type, key)
);

-- data_version and the notification.
create function brand_touch() returns trigger language plpgsql as $$
begin
    if tg_op = 'UPDATE' and new.data_version <> old.data_version then
        return new; -- an explicit bump by a child row
    end if;
    new.data_version := coalesce(old.data_version, 0) + 1;
    return new;
end $$;

create trigger brands_touch before update on brands
    for each row execute function brand_touch();

create function brand_notify() returns trigger language plpgsql as $$
begin
    perform pg_notify('brand_changed', coalesce(new.id, old.id));
    return null;
end $$;

create trigger brands_notify after insert or update or delete on brands
    for each row execute function brand_notify();

-- Child tables bump their brand's version.
create function brand_child_changed() returns trigger language plpgsql as $$
declare
    b text;
begin
    if tg_op = 'DELETE' then b := old.brand_id; else b := new.brand_id; end if;
    update brands set data_version = data_version + 1 where id = b;
    if tg_op = 'UPDATE' and old.brand_id <> new.brand_id then
        update brands set data_version = data_version + 1 where id = old.brand_id;
    end if;
    return null;
end $$;

create trigger brand_domains_changed after insert or update or delete on brand_domains
    for each row execute function brand_child_changed();
create trigger stores_changed after insert or update or delete on stores
    for each row execute function brand_child_changed();
create trigger items_changed after insert or update or delete on items
    for each row execute function brand_child_changed();
create trigger custom_fields_changed after insert or update or delete on custom_fields
    for each row execute function brand_child_changed();

create function item_stores_changed() returns trigger language plpgsql as $$
begin
    update brands set data_version = data_version + 1
     where id = (select brand_id from items where id = coalesce(new.item_id, old.item_id));
    return null;
end $$;

create trigger item_stores_changed after insert or update or delete on item_stores
    for each row execute function item_stores_changed();
