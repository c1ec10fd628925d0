// The documents a member accepts (spec sections 1 and 2: terms of service,
// privacy policy, refund policy), shown inside the page by the terms
// dialog, and the dialog's own texts. Loaded with the dialog only. The
// official copies stay at the ticket service's fixed links (lib/links).

export interface TermsSection {
  heading: string;
  paragraphs: string[];
}

export interface TermsDocument {
  title: string;
  updated: string;
  sections: TermsSection[];
}

export const termsDialog = {
  updated: (d: string) => `最後更新：${d}`,
  accept: '我已閱讀並同意',
  close: '關閉',
  official: '於新視窗開啟正式版本',
  /** The document's text, for the scroll area's label. */
  body: (title: string) => `${title}全文`,
};

export const documents: Record<'terms' | 'privacy' | 'refund', TermsDocument> = {
  terms: {
    title: '服務條款',
    updated: '2026 年 1 月 1 日',
    sections: [
      {
        heading: '一、適用範圍',
        paragraphs: [
          '本條款適用於您透過本線上商店（以下稱「本服務」）瀏覽、購買及使用各品牌之通行卡、計次卡、儲值票券、分鐘計費卡、學期課程與課程預約。您勾選同意或完成購買，即表示已閱讀、瞭解並同意本條款。',
        ],
      },
      {
        heading: '二、會員帳號',
        paragraphs: [
          '您應提供正確、完整的註冊資料並隨時更新。帳號與密碼由您自行妥善保管，不得轉讓或出借；經由您的帳號所為之一切行為，視為您本人之行為。',
          '發現帳號遭冒用時，請立即通知品牌或本服務，我們將協助停止該帳號之使用。',
        ],
      },
      {
        heading: '三、購買與付款',
        paragraphs: [
          '商品價格、內容、效期與使用規則以結帳頁面所示為準。訂單於付款完成並經金流服務確認後成立；付款失敗或逾時未付款之訂單不成立。',
          '分期、定期扣款或 ACH 授權扣款等付款方式，另依各該約定辦理。',
        ],
      },
      {
        heading: '四、使用與預約',
        paragraphs: [
          '票券與通行卡之啟用方式（付款後立即啟用、首次預約或首次入場啟用、自訂開始日期等）與使用期限，依各商品說明。課程預約、取消與候補，依各品牌公告之規則辦理；逾取消期限者，恕無法於線上取消。',
          '需簽署電子合約之商品，應於購買前完成簽署。',
        ],
      },
      {
        heading: '五、退款',
        paragraphs: ['退款依「退款政策」及消費者保護法等相關法令辦理。'],
      },
      {
        heading: '六、服務之變更與中止',
        paragraphs: [
          '因系統維護、不可抗力或其他不可歸責於本服務之事由，本服務得暫停或中止全部或一部；我們將盡可能事先公告。',
        ],
      },
      {
        heading: '七、條款之修訂與準據法',
        paragraphs: [
          '本條款修訂時將公告於本服務，修訂後您繼續使用本服務，視為同意修訂內容。本條款以中華民國法律為準據法；如有爭議，以臺灣臺北地方法院為第一審管轄法院。',
        ],
      },
    ],
  },
  privacy: {
    title: '隱私權政策',
    updated: '2026 年 1 月 1 日',
    sections: [
      {
        heading: '一、蒐集之資料',
        paragraphs: [
          '為提供會員、購買、預約與通知服務，我們蒐集您的姓名、電子信箱、手機號碼、品牌要求之會員欄位、交易與預約紀錄，以及使用本服務時的連線紀錄（IP 位址、瀏覽器資訊與時間）。',
          '信用卡資料由金流服務商處理，本服務不儲存完整卡號。',
        ],
      },
      {
        heading: '二、利用之目的與範圍',
        paragraphs: [
          '資料僅用於會員管理、訂單與付款處理、課程預約與入場、客戶服務、寄送交易與預約通知，以及法令要求之保存，並僅提供予您所購買品牌及完成交易所必要之金流、發票服務商。',
        ],
      },
      {
        heading: '三、通知信',
        paragraphs: ['預約等通知信可隨時透過信末「取消訂閱」連結或會員中心停止接收；帳號安全與交易相關信件不在此限。'],
      },
      {
        heading: '四、您的權利',
        paragraphs: [
          '依個人資料保護法，您得查詢、閱覽、製給複本、補充、更正、請求停止蒐集處理利用或刪除您的個人資料。請於會員中心辦理，或聯絡您所購買之品牌。',
        ],
      },
      {
        heading: '五、資料安全',
        paragraphs: ['我們以加密連線傳輸資料，密碼以不可逆方式保存，並限制內部存取權限。'],
      },
    ],
  },
  refund: {
    title: '退款政策',
    updated: '2026 年 1 月 1 日',
    sections: [
      {
        heading: '一、未使用之商品',
        paragraphs: [
          '購買後尚未啟用、未使用之通行卡、計次卡、儲值票券與分鐘計費卡，得於購買日起 7 日內向品牌申請全額退款。',
        ],
      },
      {
        heading: '二、已使用之商品',
        paragraphs: [
          '已啟用或已使用之商品，依品牌公告之退費標準，扣除已使用部分之費用及手續費後退還餘額；學期課程依開課後已進行之堂數比例計算。',
        ],
      },
      {
        heading: '三、申請方式與退款時間',
        paragraphs: [
          '請洽購買之品牌門市或客服辦理。退款以原付款方式退回：信用卡約 7 至 14 個工作天，LINE Pay 與銀行帳戶依各機構作業時間。',
        ],
      },
      {
        heading: '四、不適用之情形',
        paragraphs: ['品牌已於商品說明中載明不得退費之優惠商品，依其說明辦理，但不影響您依法得主張之權利。'],
      },
    ],
  },
};
