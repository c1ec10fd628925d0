package storefront

// The texts of the members' flows (registration; see texts.go).

// ---- members ----

// The refusals of a registration and of an account's fields.
const (
	TextAcceptTerms       = "請先閱讀並同意服務條款與隱私權政策"
	TextBadEmail          = "電子信箱格式不正確"
	TextPasswordNotDigest = "密碼須以 MD5 雜湊後傳送（32 位十六進位字元）"
)

// TextUnknownCustomField is a custom field the brand has not, by its key.
func TextUnknownCustomField(key string) string { return "不明的自訂欄位：" + key }
