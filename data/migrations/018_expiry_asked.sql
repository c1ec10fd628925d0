-- When the expiry worker could not ask an order's provider, it
-- notes when it tried, so that its next round asks first the orders it
-- has not asked yet, then those asked longest ago: one provider that
-- cannot be reached does not hold back the due orders of the others.

alter table orders add column expiry_asked_at timestamptz;
