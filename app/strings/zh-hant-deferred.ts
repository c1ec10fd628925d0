// Texts of the deferred payments: the ACH authorisation form
// and the pending ACH order.
export const ach = {
  legend: 'ACH 扣款授權資料',
  bankCode: '銀行代碼（3 碼）',
  branchCode: '分行代碼（4 碼）',
  account: '帳號',
  accountHint: '10 至 16 位數字，不含「-」',
  holderName: '戶名',
  holderId: '身分證字號或居留證號',
  agreement: 'ACH 授權扣款約定書',
  agreeLead: '我已閱讀並同意 ',
  agreeRequired: '請先閱讀並同意 ACH 授權扣款約定書',
  bad: {
    bankCode: '銀行代碼需為 3 位數字',
    branchCode: '分行代碼需為 4 位數字',
    account: '帳號需為 10 至 16 位數字',
    holderId: '身分證字號或居留證號不正確',
  },
  pendingTitle: '等待銀行回覆扣款授權',
  pendingBody: '扣款授權已送交銀行，約需二至五個營業日。銀行核准並扣款成功後，訂單即完成付款，商品會出現在會員中心。',
  mandate: '扣款帳戶',
  mandateStates: { pending: '等待銀行回覆', approved: '銀行已核准', rejected: '銀行未核准' } as Record<string, string>,
  instalments: (n: number) => `分 ${n} 期`,
};
