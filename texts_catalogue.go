package storefront

import "fmt"

// ---- catalogue ----

// Texts of the catalogue a visitor browses.
const (
	TextCourseNotFound = "找不到這堂課程"
	TextItemMissing    = "找不到這項商品"
	TextTermNotFound   = "找不到這個學期課程"
	TextClassNotFound  = "找不到這個班別"
)

// Texts of the catalogue command (storefront catalogue import|export),
// for the operator who runs it.
const TextCatalogueDryRun = "試算（--dry-run，未寫入）："

// TextCatalogueExported reports a brand's catalogue written to dir.
func TextCatalogueExported(brand, dir string) string {
	return fmt.Sprintf("已匯出品牌 %s 到 %s\n", brand, dir)
}

// TextNotADirectory refuses an import from path, which is no directory.
func TextNotADirectory(path string) string { return path + "：不是目錄" }

// TextCatalogueProblems heads the list of an import's n problems.
func TextCatalogueProblems(dir string, n int) string {
	return fmt.Sprintf("%s 有 %d 個問題，未寫入任何資料：", dir, n)
}
