package storefront

// Notifications through LINE.

// TextLineNotice is a notification as LINE shows it: the brand in
// brackets, the title, the text and the link.
func TextLineNotice(brand, title, text, link string) string {
	return "【" + brand + "】" + title + "\n\n" + text + "\n\n" + link
}
