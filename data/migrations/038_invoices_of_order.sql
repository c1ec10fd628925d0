-- A member's orders are listed with their invoices (the member centre, its
-- "more" button): the invoices of given orders, with no condition on
-- second_charge_id, which neither partial index of 024 answers, so each
-- list read the whole invoices table.
create index invoices_of_order on invoices (order_id);
