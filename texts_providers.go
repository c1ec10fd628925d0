package storefront

// ---- providers ----

// TextRecurringProduct describes a recurring mandate on the gateway's page
// when the item's name leaves nothing the gateway takes.
const TextRecurringProduct = "定期定額"
