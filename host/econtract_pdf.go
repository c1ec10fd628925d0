package host

import (
	"storefront/data"
)

// contractPDFBytes renders a signed contract as a PDF.
func contractPDFBytes(rec *data.SignedRecord) ([]byte, error) {
	return nil, &data.Error{Kind: data.KindUnavailable, Code: data.CodeUnavailable, Message: "合約 PDF 尚未提供"}
}
