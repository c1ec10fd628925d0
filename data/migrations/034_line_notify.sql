-- Notifications through LINE: a brand's LINE Messaging API channel (its
-- LINE Official Account) is kept with its other credentials (kind
-- 'linebot'), and each member chooses, per kind of notification, LINE or
-- e-mail (or nothing, for the class reminder only: the others are
-- transactional and stay on). No row: e-mail. LINE is used only while the
-- member is linked to LINE (line_links).
alter table brand_credentials drop constraint brand_credentials_kind_check;
alter table brand_credentials add constraint brand_credentials_kind_check
    check (kind in ('newebpay', 'linepay', 'ezpay', 'ach', 'chailease', 'line', 'linebot'));

create table notify_choices (
    brand_id text not null,
    user_id  bigint not null,
    kind     text not null check (kind in ('booked', 'cancelled', 'promoted', 'reminder', 'payment_failed', 'renewal')),
    channel  text not null check (channel in ('line', 'email', 'off')),
    primary key (brand_id, user_id, kind),
    check (channel <> 'off' or kind = 'reminder'),
    foreign key (brand_id, user_id) references users (brand_id, id) on delete cascade
);
