package storefront

import "fmt"

// Refunds: what a member reads when they leave a contract, and what the
// operator's refund command says.

// TextRefundFeeCap refuses a fee above point 7's ceiling.
func TextRefundFeeCap(most int) string {
	return fmt.Sprintf("手續費不得超過退款金額的百分之二十（最多 NT$%d）", most)
}
