// Every text a visitor reads, in Traditional Chinese, by area.

export const common = {
  home: '首頁',
  close: '關閉',
  loading: '載入中…',
  backToShop: '回到商店首頁',
  skipToContent: '跳到主要內容',
};

export const layout = {
  /** What a brand's logo shows (og:image:alt of pages without a picture of their own). */
  logoAlt: (brand: string) => `${brand}的標誌`,
  /** What the storefront's own sharing picture shows (pages of no brand). */
  serviceImageAlt: '運動票券平台的標誌',
  /** The header's links by their key in the host's navigation. */
  nav: { items: '商品', activities: '課程', timetable: '課表', termSchedule: '學期課程' } as Record<string, string>,
  menu: '選單',
  footerTerms: '服務條款',
  footerPrivacy: '隱私權政策',
  footerRefund: '退款政策',
  footerPayments: '付款方式',
  copyright: (year: number, brand: string) => `© ${year} ${brand} 版權所有`,
  poweredBy: '運動票券平台',
};

export const banner = {
  description: '下載 App，預約課程與查詢票券更方便',
  download: '下載',
  close: '關閉 App 下載提示',
};

/** The download-app dialog (spec section 2) and the footer's button that opens it. */
export const downloadApp = {
  open: '下載 App',
  title: (brand: string) => `下載 ${brand} App`,
  appStore: '從 App Store 下載',
  googlePlay: '從 Google Play 下載',
  storesLabel: 'App 商店',
  qr: '手機掃描下載 App 的 QR Code',
  qrHint: '用手機相機掃描，會自動前往您手機的 App 商店。',
};

export const items = {
  typeTitles: {
    passcard: '定期通行卡',
    quantityPasscard: '計次卡',
    point: '儲值票券',
    countingPasscard: '分鐘計費卡',
  },
  validity: (v: string) => `效期 ${v}`,
  quantity: {
    passcard: () => '',
    quantityPasscard: (n: number) => `共 ${n} 次`,
    point: (n: string) => `${n} 點`,
    countingPasscard: (n: string) => `${n} 分鐘`,
  },
  originalPrice: '原價',
  empty: '目前沒有上架的商品',
  buy: '查看方案',
};

export const home = {
  title: (brand: string) => `${brand}｜線上購買方案與課程`,
  description: (brand: string, intro: string) => intro || `${brand} 線上商店：購買通行卡、計次卡、儲值票券與預約課程。`,
  stores: '門市資訊',
};

export const index = {
  title: '運動場館線上商店',
  heading: '選擇場館',
  description: '瀏覽各運動場館的方案、票券與課程，線上購買與預約。',
  empty: '目前沒有開放的場館',
  landing: '各場館的線上商店位於場館專屬的網址，請由場館提供的連結進入，或向場館索取網址。',
};

export const errors = {
  titleNotFound: 'Not Found',
  titleError: 'An error occurred',
  notFoundDefault: '您造訪的頁面已失效，請確認品牌的商店頁面網址是否正確。',
  /** A path that matches no route (spec section 2 gives it in English; the visitor reads Chinese). */
  routingNotFound: '找不到這個頁面，請確認網址是否正確。',
  clientError: '發生錯誤，請稍後再試',
  serverError: '伺服器發生錯誤，請稍後再試',
  imageAlt: '找不到頁面',
  providedBy: '服務提供：',
  requestId: '錯誤編號：',
};

export const comingSoon = {
  title: '即將推出',
  body: '這個頁面正在準備中，敬請期待。',
};

export const navigation = {
  failed: '頁面載入失敗，請稍後再試',
  /** A dialog's code that would not load (the page was not reloaded again within a minute). */
  chunkFailedTitle: '無法開啟',
  chunkFailedBody: '網路不穩定或網站剛更新，這個視窗的內容沒有載入。請重新整理頁面後再試一次。',
  reload: '重新整理頁面',
};

// Members: what the header and every page need. The dialogs' and member
// pages' texts are in zh-hant-members.ts, loaded with them.
export const account = {
  login: '登入',
  register: '註冊',
  logout: '登出',
  /** Back from LINE having linked it (?line=linked). */
  lineLinked: '已連結 LINE，之後可以 LINE 登入',
  memberMenu: '會員選單',
  centre: '會員中心',
  nav: {
    overview: '會員資料',
    booking: '我的預約',
    passcard: '通行卡',
    ticket: '票券',
    countingPasscard: '分鐘計費卡',
    timingcard: '計時卡點數',
    timingcardPlans: '購買計時方案',
  },
  genericError: '發生錯誤，請稍後再試',
  networkError: '網路連線異常，請稍後再試',
  /** A brand whose members sign in only in its app (no MEMBER_SIGN_IN): where to sign in. */
  inApp: '會員請在品牌 App 內登入',
  inAppTitle: '請在 App 內登入',
  inAppBody: (brand: string) => `${brand}的會員登入與註冊都在品牌的 App 內，網站不提供會員登入。請開啟${brand}的 App 登入後再購買或報名。`,
  inAppClose: '我知道了',
};

export const snackbar = {
  close: '關閉通知',
};

// Catalogue: browsing pages, dialogs and their head texts.

export const catalogue = {
  projectTabs: '商品類型',
  itemsHeading: '方案與票券',
  activitiesHeading: '近期課程',
  allActivities: '查看全部課程',
  timetable: '查看課表',
  banners: '最新消息',
  storesHeading: '門市',
  breadcrumb: '頁面路徑',
  ticketOnly: '僅限票券預約',
  full: '額滿',
  remaining: (n: number) => `剩 ${n} 位`,
  /** A session with seats, where the brand shows no counts (module CAPACITY off). */
  open: '可報名',
  moreDates: '更多時段',
  moreDatesOf: (course: string) => `${course}的更多時段`,
  moreLoaded: (n: number) => `已載入 ${n} 個時段`,
  noMoreDates: '沒有更多時段',
  noDates: '近期沒有開課時段',
  teachers: '授課老師',
  priceFrom: '每堂',
  loadFailed: '部分課程暫時無法載入，請稍後重新整理。',
};

export const search = {
  title: (brand: string) => `搜尋課程｜${brand}`,
  description: (brand: string) => `依關鍵字、日期、門市、老師與類別搜尋 ${brand} 的課程。`,
  heading: '搜尋課程',
  keyword: '關鍵字',
  keywordPlaceholder: '課程、老師或門市，例如：瑜珈',
  submit: '搜尋',
  filters: '篩選條件',
  /** The button that opens the filters on phones; n: how many are set. */
  filterToggle: (n: number) => (n > 0 ? `篩選條件（${n}）` : '篩選條件'),
  startDate: '開始日期',
  endDate: '結束日期',
  store: '門市',
  teacher: '老師',
  category: '類別',
  all: '全部',
  reset: '清除條件',
  count: (n: number) => `找到 ${n} 堂課程`,
  empty: '找不到符合條件的課程，試試其他關鍵字或放寬日期。',
};
