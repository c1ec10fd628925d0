// Texts of the checkout, payment and order-result pages and their dialogs,
// in Traditional Chinese, loaded with those pages.

export const checkout = {
  /** In the app's webview of a brand without APP_ONLINE_PURCHASE. */
  notInApp: '此品牌未開放在 App 內購買，請改用網站購買。',
  /** An item bought from the booking panel to book a session. */
  bookAfterPay: (course: string, when: string) => `付款完成後，將為您預約「${course}」${when}。`,
  title: (name: string, brand: string) => `結帳：${name}｜${brand}`,
  heading: '確認訂單',
  summary: '購買內容',
  options: '購買選項',
  unitPrice: '單價',
  store: '購買門市',
  chooseStore: '請選擇門市',
  quantity: '數量',
  decrease: '減少數量',
  increase: '增加數量',
  salesman: '推薦業務（選填）',
  noSalesman: '不指定',
  startDate: '開始日期',
  startDateHint: (max: string) => `可選擇今天起 30 天內的日期（最晚 ${max}）`,
  payWay: '付款方式',
  /** By payment way code (spec section 3: '2' online card payment). */
  payWays: { '1': '信用卡定期定額', '2': '信用卡付款', LINEPAY: 'LINE Pay', ACH: 'ACH 銀行帳戶扣款', CHAILEASE: '中租零卡分期' } as Record<string, string>,
  recurringWay: (periods: number) => `信用卡定期定額（每期自動扣款，共 ${periods} 期）`,
  payWaysLoading: '正在載入付款方式…',
  noPayWay: '此門市目前沒有可用的線上付款方式',
  total: '應付金額',
  termsAgree: '我已閱讀並同意',
  termsLink: '服務條款',
  refundLink: '退款政策',
  and: '與',
  termsRequired: '請先閱讀並同意服務條款與退款政策',
  storeRequired: '請選擇門市',
  payWayRequired: '請選擇付款方式',
  startDateRequired: '請選擇開始日期',
  submit: '前往付款',
  contractFirst: '購買前需先閱讀並簽署商店的電子合約；簽署後會回到此頁，已選的內容都會保留。',
  loginFirst: '請先登入會員再結帳',
  login: '登入會員',
  warningTitle: '付款提醒',
  warning: [
    '付款完成前請勿關閉或重新整理頁面，也不要按上一頁。',
    '若付款頁面逾時或中斷，請至訂單結果頁確認付款狀態，避免重複付款。',
    '本商店不會以電話要求您操作 ATM 或提供信用卡資料，如接到可疑來電請立即掛斷。',
  ],
  activation: '開始計算',
  course: '課程',
  schedule: '上課時段',
  offShelf: '此商品已下架，無法購買。',
  redirecting: '正在前往付款頁面…',
};

/** The precheck's refusals, each with its dialog. */
export const refusal = {
  precheckTitle: '無法結帳',
  precheckBody: '訂單內容已有變動，請確認後再結帳。',
  priceChanged: (was: string, now: string) => `商品價格已由 ${was} 調整為 ${now}。`,
  reload: '重新整理頁面',
  contactTitle: '補齊聯絡資料',
  contactBody: '結帳前請先補齊以下聯絡資料，以便商店寄送購買通知與聯繫您。',
  contactSubmit: '儲存並繼續結帳',
  checkErrorTitle: '無法購買',
  checkErrorBody: '您的帳號目前無法購買此商品。',
  unverifiedBody: '請先完成電子信箱驗證，才能線上購買。',
  verifyNow: '驗證電子信箱',
  planTitle: '方案尚未開放',
  planBody: '這個方案目前尚未開放線上購買，請洽詢門市。',
  commodityTitle: '找不到商品',
  commodityBody: '此商品已下架或不在這間門市販售，請看看其他方案。',
  backToShop: '回到商店首頁',
  signTitle: '請先簽署電子合約',
  signBody: '購買這項商品前，需先閱讀並簽署商店的電子合約。簽署完成後再回到此頁結帳。',
  signLink: '前往簽署合約',
  close: '我知道了',
};

export const payment = {
  title: '付款',
  leaving: '正在前往付款頁面，請稍候…',
  goOn: '若頁面沒有自動跳轉，請點此繼續',
};

export const result = {
  title: (brand: string) => `訂單結果｜${brand}`,
  orderNo: '訂單編號',
  paidTitle: '付款成功',
  paidBody: '感謝您的購買，購買的項目已加入您的會員帳戶。',
  failedTitle: '付款失敗',
  failedBody: '這筆訂單沒有完成付款，您沒有被扣款。',
  reason: '原因',
  retry: '重新付款',
  checkAgain: '重新確認付款結果',
  awaitingTitle: '付款確認中',
  awaitingBody: '正在等待付款服務商回覆付款結果，完成後此頁會自動更新。',
  expiredTitle: '訂單已逾期',
  expiredBody: '這筆訂單逾時未付款，已自動取消。',
  cancelledTitle: '訂單已取消',
  cancelledBody: '這筆訂單已取消，您沒有被扣款。',
  lines: '購買內容',
  amount: '付款金額',
  payWay: '付款方式',
  card: '付款卡號',
  paidAt: '付款時間',
  activation: '啟用狀態',
  activationStates: {
    active: '已啟用',
    notActive: '尚未啟用',
    expired: '已過期',
    enrolled: '已報名，課程已預約',
  } as Record<string, string>,
  startsOn: (d: string) => `自 ${d} 開始`,
  until: (d: string) => `有效至 ${d}`,
  memberCentre: '前往會員中心查看',
  goBook: '去預約',
  backToShop: '繼續購物',
  quantity: (n: number) => `× ${n}`,
};

export const status = {
  title: '確認付款結果',
  body: '正在向付款服務商確認付款結果，請勿關閉此頁面。',
  checking: '確認中…',
  slow: '付款服務商尚未回覆，我們會持續確認。您也可以稍後到會員中心查看。',
  done: '已取得付款結果',
  close: '關閉',
};

/** The e-invoice part of checkout, the order result page and the member centre. */
export const invoice = {
  legend: '電子發票',
  kinds: {
    member: '會員載具（發票存於會員帳號，開立後以電子郵件通知）',
    mobile: '手機條碼載具',
    certificate: '自然人憑證載具',
    donation: '捐贈發票',
    company: '公司發票（統一編號）',
  } as Record<string, string>,
  mobile: '手機條碼',
  mobileHint: '以 / 開頭，共 8 碼（例：/ABC+123）',
  certificate: '自然人憑證條碼',
  certificateHint: '2 碼大寫英文加 14 碼數字',
  loveCode: '捐贈碼（愛心碼）',
  loveCodeHint: '3 至 7 碼數字',
  taxId: '統一編號',
  title: '公司抬頭',
  bad: {
    mobile: '手機條碼格式不正確：為 / 加上 7 碼英數字（0-9、A-Z、.、+、-）',
    certificate: '自然人憑證條碼格式不正確：為 2 碼大寫英文加上 14 碼數字',
    donation: '捐贈碼格式不正確：為 3 至 7 碼數字',
    company: '統一編號不正確：請確認 8 碼數字',
  } as Record<string, string>,
  required: (label: string) => `請填寫${label}`,
  titleTooLong: '公司抬頭最多 60 個字',
  // the order result page and the member centre
  heading: '電子發票',
  number: '發票號碼',
  date: '發票日期',
  randomCode: '隨機碼',
  period: (n: number) => `第 ${n} 期`,
  second: '重複扣款（已退款）',
  states: { issuing: '開立中', issued: '已開立', voided: '已作廢', allowance: '已折讓' } as Record<string, string>,
  issuingHint: '發票開立中，完成後會顯示於此並以電子郵件通知。',
};

/** The member centre's order history. */
export const memberOrders = {
  title: '我的訂單',
  paid: (day: string, amount: string) => `${day} 付款・${amount}`,
  unpaid: (day: string, amount: string) => `${day} 建立・${amount}`,
  open: (orderNo: string) => `查看訂單 ${orderNo}`,
  more: '顯示更多',
  /** An order closed without payment, as its badge says it. */
  closed: { failed: '付款失敗', cancelled: '已取消', expired: '已逾期未付款' } as Record<string, string>,
};

/** A member's refund of a paid order (the fitness-centre rules' points 6 and 7). */
export const refund = {
  open: '申請退款',
  title: '申請退款',
  coolingOff: '七日內解約：契約生效後七日內且未曾使用（未預約、未進場、未上課），全額退費，不收手續費，送出後立即退款。',
  termination:
    '終止契約：依已繳費用扣除已經過期間（未滿十五日以半個月計，逾十五日以一個月計；無單月費用者依合約期間比例）或已使用堂數的費用退還；門市得收取不超過退款金額百分之二十的手續費，核准後退款。',
  amount: (amount: string) => `可退金額 ${amount}`,
  maxFee: (fee: string) => `手續費最多 ${fee}`,
  revoke: '退款後此商品的使用權利即終止，以此商品預約的未來課程將一併取消。',
  coolingOffByStudio:
    '七日內解約：契約生效後七日內且未曾使用（未預約、未進場、未上課），全額退費，不收手續費，由門市核准後辦理退款。',
  by: {
    transfer: '此訂單以 ACH 銀行帳戶扣款付款，無法由系統退回：門市核准後，將以銀行轉帳退款至您的帳戶。',
    instalments: '此訂單以中租零卡分期付款：門市核准後向中租迪和取消分期契約，不再收取後續分期，已繳款項由中租迪和退還。',
  } as Record<string, string>,
  endsPlan: '此為信用卡定期定額方案：送出申請即終止扣款委託，之後不會再扣款；退款依各期已繳金額退回原信用卡。',
  confirm: '確認申請退款',
  keep: '先不要',
  refunded: (amount: string) => `已退款 ${amount}`,
  requested: '退款申請已送出，待門市核准',
  states: {
    requested: '退款審核中',
    requesting: '退款處理中',
    refunded: '已退款',
    failed: '退款失敗，請洽門市',
    rejected: '退款申請未核准',
  } as Record<string, string>,
};
