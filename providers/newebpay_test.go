package providers

import "testing"

// The MPG manual's sample (藍新金流 MPG 串接手冊, sample data of the
// TradeInfo and TradeSha section): HashKey 12345678901234567890123456789012,
// HashIV 1234567890123456.
const (
	sampleKey   = "12345678901234567890123456789012"
	sampleIV    = "1234567890123456"
	samplePlain = "MerchantID=3430112&RespondType=JSON&TimeStamp=1485232229&Version=1.4&MerchantOrderNo=S_1485232229&Amt=40&ItemDesc=UnitTest"
	sampleInfo  = "ff91c8aa01379e4de621a44e5f11f72e4d25bdb1a18242db6cef9ef07d80b0165e476fd1d9acaa53170272c82d122961e1a0700a7427cfa1cf90db7f6d6593bbc93102a4d4b9b66d9974c13c31a7ab4bba1d4e0790f0cbbbd7ad64c6d3c8012a601ceaa808bff70f94a8efa5a4f984b9d41304ffd879612177c622f75f4214fa"
	sampleSha   = "EA0A6CC37F40C1EA5692E7CBB8AE097653DF3E91365E6A9CD7E91312413C7BB8"
)

func TestNewebPaySampleVector(t *testing.T) {
	n := NewebPay{MerchantID: "3430112", HashKey: sampleKey, HashIV: sampleIV, URL: "https://ccore.newebpay.com"}
	info, err := n.encrypt(samplePlain)
	if err != nil || info != sampleInfo {
		t.Fatalf("encrypt = %s, %v\nwant %s", info, err, sampleInfo)
	}
	if got := n.tradeSha(sampleInfo); got != sampleSha {
		t.Fatalf("TradeSha = %s; want %s", got, sampleSha)
	}
	plain, err := n.decrypt(sampleInfo)
	if err != nil || string(plain) != samplePlain {
		t.Fatalf("decrypt = %q, %v", plain, err)
	}
}
