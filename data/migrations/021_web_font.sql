-- a brand that wants the web font (Noto Sans TC) over the system's CJK sans
alter table brands add column web_font boolean not null default false;
