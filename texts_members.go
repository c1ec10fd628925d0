package storefront

// The texts of the members' flows (registration, point shares; see
// texts.go).

// ---- members ----

// The refusals of a registration and of an account's fields.
const (
	TextAcceptTerms       = "請先閱讀並同意服務條款與隱私權政策"
	TextBadEmail          = "電子信箱格式不正確"
	TextPasswordNotDigest = "密碼須以 MD5 雜湊後傳送（32 位十六進位字元）"
)

// TextUnknownCustomField is a custom field the brand has not, by its key.
func TextUnknownCustomField(key string) string { return "不明的自訂欄位：" + key }

// The refusals of a point share.
const (
	TextShareAccount      = "請輸入對方的電子信箱或手機號碼"
	TextShareToSelf       = "不能分享點數給自己"
	TextSharePoints       = "分享點數 points 需為正整數"
	TextNoShareableTicket = "查無可分享的點數票券"
)
