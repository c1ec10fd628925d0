-- Whether a member linked to LINE is a friend of the brand's LINE Official
-- Account (notifications go by LINE only to a friend): friend null is not
-- known yet (a link made before this was recorded: LINE is tried, and a
-- push LINE refuses marks it false); friend_changed_at is when the fact
-- held (a webhook event's timestamp, the login's friendship status, a
-- refused push), so an older fact never overrides a newer one.
alter table line_links add column friend boolean, add column friend_changed_at timestamptz,
    add constraint line_links_friend_known check ((friend is null) = (friend_changed_at is null));
create index line_links_sub on line_links (brand_id, line_sub);

-- The friendship status LINE Login answered for a LINE user who is no
-- member yet, held with the login (at its used_at) for the registration.
alter table line_logins add column line_friend boolean;
