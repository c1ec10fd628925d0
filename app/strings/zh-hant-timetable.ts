// Texts of the timetable (/{brandId}/timetable), in Traditional Chinese.

export const timetable = {
  title: (brand: string) => `課表｜${brand}`,
  description: (brand: string) => `${brand} 今天、明天與這一週的所有課程時段：依門市與課程類別查看老師與剩餘名額，點選時段即可預約。`,
  heading: '課表',
  days: '選擇日期',
  today: '今天',
  tomorrow: '明天',
  filters: '篩選',
  store: '門市',
  category: '課程類別',
  all: '全部',
  /** The count above the list (read out as it changes). */
  count: (n: number) => `共 ${n} 個時段`,
  loading: '正在載入課表…',
  loadFailed: '暫時無法載入課表，請稍後再試。',
  empty: '這一天沒有開放預約的課程',
  emptyHint: '換一天或其他門市、課程類別看看。',
  remaining: (n: number) => `剩 ${n} 位`,
  full: '額滿',
  open: '可預約',
  fullWait: '額滿・可候補',
};
