-- a brand whose members may join it with an account of another brand of
-- the storefront (POST /api/user/add); off unless the brand turns it on
alter table brands add column join_with_other_brand_account boolean not null default false;
