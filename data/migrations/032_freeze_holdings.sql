-- The holdings an approved freeze moved the end of (data.Tx.ShiftHoldings),
-- so that ending the freeze early moves back exactly those, by the days
-- not frozen: a holding bought while the freeze runs was never moved.
create table freeze_holdings (
    freeze_id  bigint not null references freezes (id) on delete cascade,
    kind       text not null check (kind in ('passcard', 'ticket', 'counting')),
    holding_id bigint not null,
    primary key (freeze_id, kind, holding_id)
);
