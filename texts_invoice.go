package storefront

// ---- e-invoices (rules/invoice.go, checkout/invoice.go) ----

// The invoice choice's field labels.
const (
	TextInvoiceKind   = "發票類型"
	TextMobileBarcode = "手機條碼"
	TextCitizenCert   = "自然人憑證條碼"
	TextLoveCode      = "捐贈碼"
	TextTaxID         = "統一編號"
	TextCompanyTitle  = "公司抬頭"
)

// Refusals of an invoice choice, at their field.
const (
	TextBadMobileBarcode = "手機條碼格式不正確：為 / 加上 7 碼英數字（0-9、A-Z、.、+、-）"
	TextBadCitizenCert   = "自然人憑證條碼格式不正確：為 2 碼大寫英文加上 14 碼數字"
	TextBadLoveCode      = "捐贈碼格式不正確：為 3 至 7 碼數字"
	TextBadTaxID         = "統一編號不正確：請確認 8 碼數字"
)

// What an invoice is called where the member sees it (receipt mail rows).
const (
	TextInvoiceNumber     = "發票號碼"
	TextInvoiceDate       = "發票日期"
	TextRandomCode        = "隨機碼"
	TextInvoice           = "電子發票"
	TextInvoicePending    = "開立中：發票號碼、日期與隨機碼將另以電子郵件通知，並顯示於訂單頁面"
	TextInvoiceUnit       = "式"
	TextInvoiceVoidReason = "重複扣款退款"
)

// The mail of an issued e-invoice (mail.InvoiceIssued).
const (
	TextMailInvoiceTitle = "電子發票開立通知"
	TextMailInvoiceOutro = "電子發票已存入你選擇的載具（或已捐贈）；公司發票請至訂單頁面查看。"
)

// TextMailInvoiceIntro tells the buyer of order orderNo its invoice was issued.
func TextMailInvoiceIntro(orderNo string) string {
	return "訂單 " + orderNo + " 的電子發票已開立，發票資訊如下。"
}
