-- The catalogue a visitor browses: teachers, course categories, courses
-- (activities) and their dated schedules, term schedules (a series of
-- sessions sold together), banners, salesmen, and the item fields items
-- lacked. Schedule dates and times are Taipei wall-clock values. Every table
-- with brand_id bumps the brand's data_version (brand_child_changed), and
-- updated_at follows each row's last change (the sitemap's lastmod).

create function touch_updated_at() returns trigger language plpgsql as $$
begin
    new.updated_at := now();
    return new;
end $$;

create trigger items_touch before update on items
    for each row execute function touch_updated_at();

-- Gallery images of an item, after its main image.
alter table items add column images text[] not null default '{}';
alter table stores add column image text not null default '';

create table teachers (
    id         bigint generated always as identity primary key,
    brand_id   text not null references brands (id) on delete cascade,
    name       text not null,
    title      text not null default '',
    bio        text not null default '',
    image      text not null default '',
    sort       integer not null default 0,
    updated_at timestamptz not null default now()
);
create index teachers_brand on teachers (brand_id, sort, id);

create table course_categories (
    id         bigint generated always as identity primary key,
    brand_id   text not null references brands (id) on delete cascade,
    name       text not null,
    sort       integer not null default 0,
    updated_at timestamptz not null default now(),
    unique (brand_id, name)
);

-- A course (activity) given at one store; its price range and whether it
-- can be booked only with a ticket hold for all its schedules.
create table courses (
    id          bigint generated always as identity primary key,
    brand_id    text not null references brands (id) on delete cascade,
    store_id    bigint not null references stores (id) on delete cascade,
    category_id bigint references course_categories (id) on delete set null,
    teacher_id  bigint references teachers (id) on delete set null, -- the lead teacher
    name        text not null,
    summary     text not null default '',
    description text not null default '',
    image       text not null default '',
    min_price   integer not null check (min_price >= 0),
    max_price   integer not null,
    ticket_only boolean not null default false,
    promoted    boolean not null default false,
    on_shelf    boolean not null default true,
    sort        integer not null default 0,
    updated_at  timestamptz not null default now(),
    check (max_price >= min_price)
);
create index courses_brand on courses (brand_id, sort, id);

-- A term schedule: a period (a school term) whose classes are sold whole.
create table term_schedules (
    id         bigint generated always as identity primary key,
    brand_id   text not null references brands (id) on delete cascade,
    name       text not null,
    intro      text not null default '',
    image      text not null default '',
    start_date date not null,
    end_date   date not null,
    on_shelf   boolean not null default true,
    sort       integer not null default 0,
    updated_at timestamptz not null default now(),
    check (end_date >= start_date)
);
create index term_schedules_brand on term_schedules (brand_id, sort, id);

-- A class of a term schedule (the spec's scheduleId): one course on a fixed
-- weekly slot, its sessions are the course_schedules that name it.
create table term_classes (
    id               bigint generated always as identity primary key,
    brand_id         text not null references brands (id) on delete cascade,
    term_schedule_id bigint not null references term_schedules (id) on delete cascade,
    course_id        bigint not null references courses (id) on delete cascade,
    name             text not null,
    intro            text not null default '',
    price            integer not null check (price >= 0),
    capacity         integer not null check (capacity > 0),
    sort             integer not null default 0,
    updated_at       timestamptz not null default now()
);
create index term_classes_term on term_classes (term_schedule_id, sort, id);

-- One dated session of a course; term_class_id set when it belongs to a
-- term schedule's class.
create table course_schedules (
    id            bigint generated always as identity primary key,
    brand_id      text not null references brands (id) on delete cascade,
    course_id     bigint not null references courses (id) on delete cascade,
    teacher_id    bigint references teachers (id) on delete set null,
    term_class_id bigint references term_classes (id) on delete cascade,
    date          date not null,
    start_time    time not null,
    end_time      time not null,
    capacity      integer not null check (capacity > 0),
    booked        integer not null default 0,
    updated_at    timestamptz not null default now(),
    check (end_time > start_time),
    check (booked >= 0 and booked <= capacity)
);
create index course_schedules_brand_date on course_schedules (brand_id, date, start_time);
create index course_schedules_course on course_schedules (course_id, date, start_time);
create index course_schedules_class on course_schedules (term_class_id, date) where term_class_id is not null;

-- Banners on brand home, shown between their dates.
create table banners (
    id         bigint generated always as identity primary key,
    brand_id   text not null references brands (id) on delete cascade,
    title      text not null,
    image      text not null,
    link       text not null default '',
    starts_on  date,
    ends_on    date,
    sort       integer not null default 0,
    updated_at timestamptz not null default now()
);

-- Salesmen a buyer may name as their referrer at checkout.
create table salesmen (
    id         bigint generated always as identity primary key,
    brand_id   text not null references brands (id) on delete cascade,
    store_id   bigint references stores (id) on delete cascade,
    name       text not null,
    code       text not null,
    active     boolean not null default true,
    sort       integer not null default 0,
    updated_at timestamptz not null default now(),
    unique (brand_id, code)
);

create trigger teachers_changed after insert or update or delete on teachers
    for each row execute function brand_child_changed();
create trigger course_categories_changed after insert or update or delete on course_categories
    for each row execute function brand_child_changed();
create trigger courses_changed after insert or update or delete on courses
    for each row execute function brand_child_changed();
create trigger term_schedules_changed after insert or update or delete on term_schedules
    for each row execute function brand_child_changed();
create trigger term_classes_changed after insert or update or delete on term_classes
    for each row execute function brand_child_changed();
create trigger course_schedules_changed after insert or update or delete on course_schedules
    for each row execute function brand_child_changed();
create trigger banners_changed after insert or update or delete on banners
    for each row execute function brand_child_changed();
create trigger salesmen_changed after insert or update or delete on salesmen
    for each row execute function brand_child_changed();

create trigger teachers_touch before update on teachers for each row execute function touch_updated_at();
create trigger course_categories_touch before update on course_categories for each row execute function touch_updated_at();
create trigger courses_touch before update on courses for each row execute function touch_updated_at();
create trigger term_schedules_touch before update on term_schedules for each row execute function touch_updated_at();
create trigger term_classes_touch before update on term_classes for each row execute function touch_updated_at();
create trigger course_schedules_touch before update on course_schedules for each row execute function touch_updated_at();
create trigger banners_touch before update on banners for each row execute function touch_updated_at();
create trigger salesmen_touch before update on salesmen for each row execute function touch_updated_at();
