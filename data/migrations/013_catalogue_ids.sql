-- The operator's own ids of the catalogue's entries: a slug the
-- operator chooses in the catalogue files ("id"), unique per kind per brand
-- (a term class's per term schedule). An import upserts by it, so renaming
-- an entry keeps its row, and with it its holdings and bookings. Rows
-- written without one (older rows, tests, the admin's SQL) get their
-- database id as text.

create function fill_slug() returns trigger language plpgsql as $$
begin
    if new.slug is null then
        new.slug := new.id::text;
    end if;
    return new;
end $$;

alter table stores add column slug text;
alter table teachers add column slug text;
alter table items add column slug text;
alter table courses add column slug text;
alter table term_schedules add column slug text;
alter table term_classes add column slug text;
alter table banners add column slug text;
alter table salesmen add column slug text;

-- the backfill is not a catalogue change: no brand's version moves
select set_config('storefront.importing', 'on', true);

update stores set slug = id::text;
update teachers set slug = id::text;
update items set slug = id::text;
update courses set slug = id::text;
update term_schedules set slug = id::text;
update term_classes set slug = id::text;
update banners set slug = id::text;
update salesmen set slug = id::text;

alter table stores alter column slug set not null;
alter table teachers alter column slug set not null;
alter table items alter column slug set not null;
alter table courses alter column slug set not null;
alter table term_schedules alter column slug set not null;
alter table term_classes alter column slug set not null;
alter table banners alter column slug set not null;
alter table salesmen alter column slug set not null;

create unique index stores_slug on stores (brand_id, slug);
create unique index teachers_slug on teachers (brand_id, slug);
create unique index items_slug on items (brand_id, slug);
create unique index courses_slug on courses (brand_id, slug);
create unique index term_schedules_slug on term_schedules (brand_id, slug);
create unique index term_classes_slug on term_classes (term_schedule_id, slug);
create unique index banners_slug on banners (brand_id, slug);
create unique index salesmen_slug on salesmen (brand_id, slug);

create trigger stores_slug before insert on stores for each row execute function fill_slug();
create trigger teachers_slug before insert on teachers for each row execute function fill_slug();
create trigger items_slug before insert on items for each row execute function fill_slug();
create trigger courses_slug before insert on courses for each row execute function fill_slug();
create trigger term_schedules_slug before insert on term_schedules for each row execute function fill_slug();
create trigger term_classes_slug before insert on term_classes for each row execute function fill_slug();
create trigger banners_slug before insert on banners for each row execute function fill_slug();
create trigger salesmen_slug before insert on salesmen for each row execute function fill_slug();

-- A catalogue import writes thousands of rows in one transaction; each
-- bumping its brand's version would update one row thousands of times
-- (quadratically slow). The import sets storefront.importing to 'on' for
-- its own transaction (set_config(..., true)) and bumps the version once
-- at its end; every other writer keeps the per-row bump. No superuser
-- needed: the setting is the transaction's, not a role's.
create or replace function brand_child_changed() returns trigger language plpgsql as $$
declare
    b text;
begin
    if current_setting('storefront.importing', true) = 'on' then
        return null;
    end if;
    if tg_op = 'DELETE' then b := old.brand_id; else b := new.brand_id; end if;
    update brands set data_version = data_version + 1 where id = b;
    if tg_op = 'UPDATE' and old.brand_id <> new.brand_id then
        update brands set data_version = data_version + 1 where id = old.brand_id;
    end if;
    return null;
end $$;

create or replace function item_stores_changed() returns trigger language plpgsql as $$
begin
    if current_setting('storefront.importing', true) = 'on' then
        return null;
    end if;
    update brands set data_version = data_version + 1
     where id = (select brand_id from items where id = coalesce(new.item_id, old.item_id));
    return null;
end $$;
