-- A store's full postal address and an item's sale end.
--
-- A store's address stays the text visitors read; postal_code (3, 5 or 6
-- digits), region (the city or county, 台北市) and locality (the district
-- or township, 信義區) are its parts for schema.org's PostalAddress.
-- An item's sale_ends is the last Taipei day it is sold (none: no end);
-- past it the item is off the shelf (data.itemSold).

alter table stores
    add column postal_code text not null default '' check (postal_code ~ '^([0-9]{3}|[0-9]{5}|[0-9]{6})?$'),
    add column region      text not null default '',
    add column locality    text not null default '';

alter table items add column sale_ends date;
