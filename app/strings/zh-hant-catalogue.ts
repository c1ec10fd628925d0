// Texts of the catalogue pages other than brand home (course, item, term
// schedules, lists) and their dialogs, loaded with those pages.

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
  contractNeeded: '購買前需線上簽署電子合約，結帳時會先引導您簽署。',
  gallery: '商品圖片',
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
