-- What a member holds carries the terms it was sold on: the activation
-- rules of spec section 4 (data/rules/validity.go: PeriodOf) need the start
-- type and the validity on the holding itself, since an item's terms may
-- change after the sale. A holding with a start type BOOKING or ATTEND has
-- no starts_on until its first booking or check-in sets it (and ends_on
-- with it). order_id names the order that sold it (null: granted by the
-- studio or the demo); checkout's migration adds the foreign key.
alter table member_passcards
    add column validity_value integer check (validity_value > 0),
    add column validity_unit  text check (validity_unit in ('M', 'W', 'D', 'Y')),
    add column order_id       bigint,
    add constraint member_passcards_validity check ((validity_value is null) = (validity_unit is null));

-- Tickets: stored-value points and count cards (a quantityPasscard item is
-- sold as a count ticket whose total is its visits).
alter table member_tickets
    add column activation_type text not null default 'IMMEDIATELY'
        check (activation_type in ('IMMEDIATELY', 'BOOKING', 'ATTEND', 'CUSTOM', 'ADMIN_CUSTOM')),
    add column starts_on      date,
    add column validity_value integer check (validity_value > 0),
    add column validity_unit  text check (validity_unit in ('M', 'W', 'D', 'Y')),
    add column order_id       bigint,
    add constraint member_tickets_validity check ((validity_value is null) = (validity_unit is null)),
    add constraint member_tickets_period check (ends_on is null or starts_on is null or ends_on >= starts_on);

alter table member_counting_passcards add column order_id bigint;

create index member_passcards_order on member_passcards (order_id) where order_id is not null;
create index member_tickets_order on member_tickets (order_id) where order_id is not null;
create index member_counting_passcards_order on member_counting_passcards (order_id) where order_id is not null;
