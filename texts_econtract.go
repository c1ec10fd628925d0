package storefront

import "fmt"

// The texts of the e-contracts: the signing's refusals (rules/signing.go),
// the contract calls' labels, and the signed contract's PDF and mail (see
// texts.go).

// ---- e-contracts ----

// Labels of the contract calls' query parameters, as bad-request answers
// name them.
const (
	TextLabelContractID = "合約代碼 contractId "
	TextLabelItemID     = "商品代碼 itemId "
	TextLabelStoreID    = "門市代碼 storeId "
	TextNameAContract   = "請指定合約代碼 contractId 或商品代碼 itemId"
)

// Refusals of a signing's shape (rules.CheckSigning).
const (
	TextBadContractID      = "合約代碼 contractId 格式錯誤"
	TextBadContractVersion = "合約版本 version 格式錯誤"
	TextSignerName         = "簽署人姓名"
	TextBadTextHash        = "合約內容雜湊 textSha256 格式錯誤"
	TextTooManyFields      = "合約欄位過多"
)

// The rows of the signed contract's PDF and mail.
const (
	TextContract       = "合約"
	TextVersion        = "版本"
	TextSigner         = "簽署人"
	TextSignedAt       = "簽署時間"
	TextTaipeiTime     = "（台北時間）"
	TextContractSHA256 = "合約內容 SHA-256"
	TextSignatureLabel = "簽名："
)

// TextSignerAccount names who signed: the name they typed, with the
// account beside it (its name, e-mail and member number at signing).
func TextSignerAccount(typed, name, email string, memberNo int64) string {
	return fmt.Sprintf("%s（會員帳號：%s，%s，會員編號 %d）", typed, name, email, memberNo)
}

// TextContractEdition is the PDF's line under the title: the brand and the
// version signed.
func TextContractEdition(brand string, version int) string {
	return fmt.Sprintf("%s\u3000第 %d 版", brand, version)
}
