// Texts of term-schedule purchase and overdue counting passcards.
export const term = {
  title: (name: string, brand: string) => `報名${name}｜${brand}`,
  heading: '報名學期課程',
  trial: '體驗課（限一次）',
  sessions: (left: number, total: number) => `剩餘 ${left}／${total} 堂`,
  seatsLeft: (n: number) => `剩餘名額 ${n} 位`,
  price: '報名費用',
  store: '上課門市',
  payWay: '付款方式',
  payWays: { '2': '信用卡', LINEPAY: 'LINE Pay' } as Record<string, string>,
  termsLead: '我已閱讀並同意',
  termsLink: '購買條款',
  refundLink: '退款政策',
  and: '與',
  termsRequired: '請先閱讀並同意購買條款',
  payWayRequired: '請選擇付款方式',
  submit: '前往付款',
  checking: '檢查中…',
};

export const overdue = {
  title: (brand: string) => `分鐘卡欠費補繳｜${brand}`,
  heading: '分鐘卡欠費補繳',
  checkoutHeading: '補繳分鐘卡欠費',
  none: '您的分鐘卡目前沒有待繳的欠費。',
  owed: (min: number) => `超出使用 ${min} 分鐘`,
  rule: (unit: number, price: string) => `計費方式：每 ${unit} 分鐘（未滿以 ${unit} 分鐘計）${price}`,
  pay: '補繳',
  amount: '應繳金額',
  submit: '前往付款',
};
