// Every text a visitor reads, in Traditional Chinese, by area.

export const common = {
  home: '首頁',
  close: '關閉',
  loading: '載入中…',
  backToShop: '回到商店首頁',
  skipToContent: '跳到主要內容',
};

export const layout = {
  navItems: '商品',
  navActivities: '課程',
  navTermSchedule: '學期課程',
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
};

export const errors = {
  titleNotFound: 'Not Found',
  titleError: 'An error occurred',
  notFoundDefault: '您造訪的頁面已失效，請確認品牌的商店頁面網址是否正確。',
  clientError: '發生錯誤，請稍後再試',
  serverError: '伺服器發生錯誤，請稍後再試',
  imageAlt: '找不到頁面',
  providedBy: '服務提供：',
};

export const comingSoon = {
  title: '即將推出',
  body: '這個頁面正在準備中，敬請期待。',
};

export const navigation = {
  failed: '頁面載入失敗，請稍後再試',
};

// Catalogue (issue 3): browsing pages, dialogs and their head texts.

export const catalogue = {
  projectTabs: '商品類型',
  itemsHeading: '方案與票券',
  activitiesHeading: '近期課程',
  allActivities: '查看全部課程',
  banners: '最新消息',
  storesHeading: '門市',
  breadcrumb: '頁面路徑',
  ticketOnly: '僅限票券預約',
  full: '額滿',
  remaining: (n: number) => `剩 ${n} 位`,
  moreDates: '更多時段',
  noDates: '近期沒有開課時段',
  teachers: '授課老師',
  priceFrom: '每堂',
  loadFailed: '部分課程暫時無法載入，請稍後重新整理。',
};

export const activityList = {
  title: (brand: string) => `課程列表｜${brand}`,
  description: (brand: string) => `${brand} 近期開課的團體課程與活動：查看時段、授課老師與價格，線上預約。`,
  heading: '課程列表',
  empty: '近期沒有開放預約的課程',
};

export const pagination = {
  label: '分頁',
  prev: '上一頁',
  next: '下一頁',
  page: (n: number) => `第 ${n} 頁`,
};

export const search = {
  title: (brand: string) => `搜尋課程｜${brand}`,
  description: (brand: string) => `依關鍵字、日期、門市、老師與類別搜尋 ${brand} 的課程。`,
  heading: '搜尋課程',
  keyword: '關鍵字',
  keywordPlaceholder: '課程、老師或門市，例如：瑜珈',
  submit: '搜尋',
  filters: '篩選條件',
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

export const course = {
  title: (name: string, store: string, brand: string) => `${name}（${store}）｜${brand}`,
  description: (name: string, summary: string) => `${name}：${summary}`.slice(0, 150),
  book: '立即預約',
  share: '分享',
  store: '上課門市',
  about: '課程介紹',
  teacher: '授課老師',
  schedules: '近期時段',
  addToCalendar: '加入行事曆',
  termClasses: '學期班',
  termClassesNote: '這堂課也開設整期報名的學期班：',
  price: '價格',
};

export const item = {
  title: (name: string, type: string, brand: string) => `${name}｜${type}｜${brand}`,
  buy: '立即購買',
  details: '商品資訊',
  grants: '內容',
  validity: '效期',
  activation: '開始計算',
  stores: '可使用門市',
  allStores: '全部門市',
  description: '商品說明',
  offShelfTitle: (name: string) => `${name}（已下架）`,
  offShelfHeading: '此商品已下架',
  offShelfBody: '這項商品目前已停止販售，歡迎看看其他方案。',
  others: '其他方案',
  activationTypes: {
    IMMEDIATELY: '付款完成後立即生效',
    BOOKING: '首次預約課程時開始計算',
    ATTEND: '首次入場或上課當日開始計算',
    CUSTOM: '購買後 30 天內自選開始日期',
    ADMIN_CUSTOM: '自指定日期開始',
  } as Record<string, string>,
  adminStart: (date: string) => `自 ${date} 開始`,
};

export const term = {
  listTitle: (brand: string) => `學期課程｜${brand}`,
  listDescription: (brand: string) => `${brand} 的學期課程：整期報名、固定時段與名額，查看各班上課時間與價格。`,
  heading: '學期課程',
  empty: '目前沒有開放報名的學期課程',
  period: (from: string, to: string) => `${from} – ${to}`,
  classes: (n: number) => `${n} 個班別`,
  sessions: (n: number) => `共 ${n} 堂`,
  weekly: (weekday: string, time: string) => `每${weekday} ${time}`,
  intro: '學期介紹',
  classIntro: '班別介紹',
  sessionList: '上課日期',
  enroll: '報名整期',
  seatsLabel: '名額',
  slot: '上課時間',
  seats: (n: number) => (n > 0 ? `尚餘 ${n} 個名額` : '名額已滿'),
  classTitle: (name: string, brand: string) => `${name}｜${brand}`,
  introTitle: (name: string, brand: string) => `${name} 介紹｜${brand}`,
  viewClass: '查看班別',
  backToList: '所有學期課程',
};

export const dialogs = {
  close: '關閉',
  storeTitle: '門市資訊',
  address: '地址',
  phone: '電話',
  hours: '營業時間',
  map: '在 Google 地圖開啟',
  shareTitle: '分享',
  copyLink: '複製連結',
  copied: '已複製連結',
  line: '分享到 LINE',
  facebook: '分享到 Facebook',
  qr: 'QR Code',
  qrTitle: '以手機掃描 QR Code',
  qrHint: '用手機相機掃描即可開啟此頁面',
  calendarTitle: '加入行事曆',
  ics: '下載行事曆檔（.ics）',
  icsHint: '適用 Apple 行事曆、Outlook 等',
  google: '加入 Google 日曆',
  loading: '載入中…',
};
