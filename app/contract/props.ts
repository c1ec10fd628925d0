// The props the host renders a page with: one JSON value, the same on the
// server render, in the hydration script and from a client navigation.

export type Env = 'dev' | 'staging' | 'preprod' | 'production';
export type Device = 'pc' | 'android' | 'ios';

export interface StoreInfo {
  storeId: number;
  storeName: string;
  storeShortName: string;
  address: string;
  phone: string;
  openingHours: string;
  mapUrl: string;
  storeHasLinePay: boolean;
  image: string;
}

/** The brand's public settings (GET .../public/setting). */
export interface BrandSettings {
  additionalModules: string[];
  brandName: string;
  appLogo: string;
  webBaseBackgroundColor: string;
  brandPromoteInfo: { iosAppLink: string; androidAppLink: string };
  isNewposStore: boolean;
  storeInfoList: StoreInfo[];
}

/** The brand outlook (GET .../home/info). */
export interface HomeInfo {
  brandId: string;
  brandName: string;
  logo: string;
  description: string;
}

export interface BrandProps {
  brandId: string;
  /** Corporate colour, already checked ('#RRGGBB' or '#RGB'). */
  colour: string;
  settings: BrandSettings;
  home: HomeInfo;
}

export interface ErrorInfo {
  status: number;
  /** A specific message, or '' for the status class's text. */
  message: string;
  /** A 404 because no route matches the path. */
  routing: boolean;
  /** The request's id on a 5xx page (X-Request-Id), to quote in a report; '' below 5xx. */
  requestId?: string;
}

export interface PageProps<D = unknown> {
  /** Route name of spec section 2, e.g. 'brandId-index'. */
  route: string;
  /** Page module under app/pages, e.g. 'brand-home'. */
  page: string;
  layout: 'default' | 'bare';
  /** Path and query as the visitor sees them. */
  url: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** '' on a custom domain, '/{brandId}' otherwise. */
  basePath: string;
  /** Scheme and host of the canonical site of this page. */
  origin: string;
  env: Env;
  device: Device;
  /** Shown in the app's webview (query from=app). */
  webview: boolean;
  bannerClosed: boolean;
  /** The server's current year (the footer's copyright). */
  year: number;
  brand: BrandProps | null;
  /** The logged-in member of this brand, null for a visitor. */
  user: User | null;
  error: ErrorInfo | null;
  /** The links this brand and visitor get, checked against the guards by the host. */
  nav: Navigation;
  data: D;
}

/** A link of the navigation: key names its label (app/strings), href is the path on this site. */
export interface NavLink {
  key: string;
  href: string;
}

export interface Navigation {
  /** The shop's sections in the header. */
  header: NavLink[];
  /** The member menu (header menu and member-centre tabs); empty for a visitor. */
  member: NavLink[];
  /** Other member-centre pages the member pages link to. */
  links: NavLink[];
}

export interface Item {
  id: number;
  type: ItemType;
  name: string;
  price: number;
  originalPrice?: number;
  description: string;
  quantity?: number;
  validityValue?: number;
  validityUnit?: 'M' | 'W' | 'D' | 'Y';
  activationType: string;
  adminStartDate?: string;
  image: string;
  images: string[];
  storeIds: number[];
  onShelf: boolean;
  updatedAt: string;
}

export type ItemType = 'passcard' | 'countingPasscard' | 'point' | 'quantityPasscard';

/** The brand's item lists (GET /api/brand/{brandId}/projectList). */
export interface ItemList {
  countingPasscardProjectInfoList: Item[];
  custPointProjectInfoList: Item[];
  passcardProjectInfoList: Item[];
  quantityPasscardProjectInfoList: Item[];
}

/** The logged-in member (GET /api/v3/webUser/brand/{brandId}/user/{userId}). */
export interface User {
  userId: number;
  brandId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  unsubscribed: boolean;
  customFields: Record<string, string>;
  /** Required custom fields the member has not filled (complete info). */
  missingFields: string[];
}

/** One field of the brand's custom-field schema. */
export interface CustomField {
  key: string;
  label: string;
  type: 'text' | 'date' | 'choice' | 'phone' | 'email';
  required: boolean;
  maxLength?: number;
  options?: string[];
}

export interface MemberSummary {
  passcards: number;
  tickets: number;
  countingPasscards: number;
  upcomingBookings: number;
}

export interface MemberPasscard {
  id: number;
  name: string;
  activationType: string;
  startsOn: string | null;
  endsOn: string | null;
  status: 'active' | 'notActive' | 'expired';
}

export interface MemberTicket {
  id: number;
  name: string;
  ticketType: string;
  /** 1 point, 2 count, 3 hour, 4 package, 0 other (spec section 3). */
  ticketKind: number;
  total: number;
  remain: number;
  endsOn: string | null;
  expired: boolean;
}

/** A counting (timing) passcard record (spec section 3). */
export interface CountingPasscardRecord {
  id: number;
  name: string;
  totalMinutes: number;
  activatedOn: string | null;
  endsOn: string | null;
  expiredStatus: boolean;
  activeStatus: boolean;
  availableStatus: boolean;
  countingPasscardRemainAmt: number;
}

export interface Booking {
  id: number;
  courseName: string;
  coachName: string;
  storeName: string;
  startsAt: string;
  endsAt: string;
  status: 'booked' | 'cancelled' | 'attended';
}

// Catalogue (issue 3).

/** One page of a list with the total count (the API's Page). */
export interface ListPage<T> {
  list: T[];
  total: number;
  pageNumber: number;
  pageSize: number;
}

/** A dated session of a course, Taipei wall-clock time. */
export interface Schedule {
  scheduleId: number;
  courseId: number;
  /** YYYY-MM-DD */
  scheduleDate: string;
  /** 1 Sunday .. 7 Saturday */
  weekday: number;
  /** HH:MM */
  startTime: string;
  endTime: string;
  teacherId: number;
  teacherName: string;
  capacity: number;
  remaining: number;
  termClassId?: number;
}

export interface TeacherRef {
  teacherId: number;
  name: string;
  title: string;
}

export interface Teacher extends TeacherRef {
  bio: string;
  image: string;
}

/** A course in the activity lists (spec section 3). */
export interface Activity {
  courseId: number;
  courseName: string;
  storeId: number;
  storeShortName: string;
  categoryId: number;
  categoryName: string;
  summary: string;
  image: string;
  scheduleList: Schedule[];
  teacherList: TeacherRef[];
  ticketOnly: boolean;
  maxPrice: number;
  minPrice: number;
}

export interface Banner {
  bannerId: number;
  title: string;
  image: string;
  /** A path under the brand, or an absolute URL. */
  link: string;
}

export interface TermClass {
  scheduleId: number;
  termScheduleId: number;
  termName: string;
  name: string;
  intro: string;
  price: number;
  capacity: number;
  remaining: number;
  courseId: number;
  courseName: string;
  storeId: number;
  storeShortName: string;
  teacherName: string;
  image: string;
  sessionCount: number;
  firstDate: string;
  lastDate: string;
  weekday: number;
  startTime: string;
  endTime: string;
  sessionList?: Schedule[];
}

export interface TermSchedule {
  termScheduleId: number;
  name: string;
  intro: string;
  image: string;
  startDate: string;
  endDate: string;
  scheduleList: TermClass[];
  updatedAt: string;
}

export interface CourseDetail extends Activity {
  description: string;
  store: StoreInfo;
  teacher: Teacher | null;
  teachers: Teacher[];
  termClasses: TermClass[];
  updatedAt: string;
}

export interface SearchFilter {
  keyword: string;
  startDate: string;
  endDate: string;
  storeId: number;
  teacherId: number;
  categoryId: number;
  pageNumber: number;
  pageSize: number;
}

export interface SearchCondition {
  storeList: StoreInfo[];
  teacherList: Teacher[];
  categoryList: { categoryId: number; name: string }[];
}

// The data of each page (PageProps.data), by page.

// activities.tsx
export interface ActivitiesData {
  list: Activity[];
  pageNumber: number;
  pageSize: number;
  totalPages: number;
  loaded: boolean;
  failed: boolean;
}

// brand-home.tsx
export interface BrandHomeData {
  items: ItemList;
  /** Absent from props of older hosts: none. */
  banners?: Banner[];
  activities?: Activity[];
}

// index.tsx
export interface IndexData {
  /** Whether brands are listed (the dev environment only). */
  listed: boolean;
  brands: { brandId: string; brandName: string; appLogo: string; href: string }[];
}

// item.tsx
export interface ItemData {
  item: Item;
  offShelf: boolean;
  others: Item[];
}

// member-bookings.tsx
export interface MemberBookingsData {
  bookings: Booking[];
}

// member-centre.tsx
export interface MemberCentreData {
  summary: MemberSummary;
  fields: CustomField[];
}

// member-counting-passcards.tsx
export interface MemberCountingPasscardsData {
  records: CountingPasscardRecord[];
}

// member-passcards.tsx
export interface MemberPasscardsData {
  passcards: MemberPasscard[];
}

// member-tickets.tsx
export interface MemberTicketsData {
  tickets: MemberTicket[];
}

// member-timingcard-plans.tsx
export interface MemberTimingPlansData {
  plans: Item[];
}

// member-timingcard.tsx
export interface MemberTimingCardData {
  records: CountingPasscardRecord[];
  remain: number;
  notActive: number;
}

// search-result.tsx
export interface SearchData {
  filter: SearchFilter;
  condition: SearchCondition;
  result: ListPage<Activity>;
}

// term-class.tsx
export interface TermScheduleData {
  termSchedule: TermSchedule;
}

// term-list.tsx
export interface TermListData {
  termSchedules: TermSchedule[];
}

// API calls: the bodies the app sends and the answers' data.

/** Every JSON answer of the API. */
export interface ApiEnvelope<T> {
  errorCode: number;
  message: string;
  data: T;
}

/** POST /api/session/login */
export interface LoginRequest {
  brandId: string;
  email: string;
  /** MD5 of the password, hex */
  password: string;
}
export interface LoginAnswer {
  user: User;
}

/** POST /api/session/register */
export interface RegisterRequest {
  brandId: string;
  email: string;
  /** MD5 of the password, hex */
  password: string;
  name: string;
  customFields: Record<string, string>;
  acceptTerms: boolean;
}
export interface RegisterAnswer {
  email: string;
  mailSent: boolean;
}

/** POST /api/session/changePassword (both MD5, hex) */
export interface ChangePasswordRequest {
  brandId: string;
  oldPassword: string;
  newPassword: string;
}

/** Which mail /api/session/resend sends again. */
export type ResendType = 'verify' | 'forgotPassword';

/** POST /api/user/edit: name only when editing the profile. */
export interface EditUserRequest {
  brandId: string;
  name?: string;
  customFields: Record<string, string>;
}
