package storefront

// Error codes: the spec's catalogue (section 8) and the few of ours. The
// Traditional Chinese text a visitor reads for each is in texts.go
// (CodeText).
const (
	CodeAccountNotFound     = -10002
	CodeAccountNotFound2    = -10042
	CodeWrongPassword       = -10004
	CodeAlreadyRegistered   = -10005
	CodeWrongCode           = -10045
	CodeCodeExpired         = -10046
	CodeAppRegistered       = -10090
	CodeWrongToken          = -10047
	CodeResendTooSoon       = -10049
	CodeMemberNotFound      = -10050
	CodeLinkExpired         = -10051
	CodeBookingNotFound     = -60000002
	CodeBookingCancelled    = -60000007
	CodeBookingPastValidity = -60000006
	CodeBookingBoughtOnline = -60000008
	CodePastCancelTime      = -60000009
	CodeCoachClass          = -60000010
	CodeCheckedIn           = -60000011
	CodeCannotCancel        = -60000012
	CodeAccountDeleted      = -60000014
	CodeStoreNotFound       = -10040
	CodeOrderNotFound       = -78000000
	CodeTypeNotSupported    = -78000001
	CodeNotEnjoyCoupon      = -78000002

	// CodeBrandTerminated is the brand load's answer for a brand whose
	// service has ended (spec section 8).
	CodeBrandTerminated = -999999999
	// CodeBrandNotFound is the brand load's answer for an unknown brand
	// (spec section 8 names the code; its text is ours).
	CodeBrandNotFound = -10013

	// Codes of ours, outside the spec's catalogue.
	CodeBadRequest   = -1 // malformed or invalid input; the message says what
	CodeNotFound     = -2 // generic not found
	CodeInternal     = -3 // our fault
	CodeUnavailable  = -4 // overloaded or a dependency is down
	CodeItemOffShelf = -5 // item taken off the shelf
	CodeForbidden    = -6 // not allowed
	CodeDatabaseDown = -7 // the database cannot be reached: 503 with Retry-After

	// Codes of ours for members.
	CodeLoginRequired    = -21 // no session: log in first
	CodeSessionInvalid   = -22 // the session is unknown, expired, revoked or of another brand or member
	CodeTooManyAttempts  = -23 // wrong passwords: wait (the message says how long)
	CodeMailFailed       = -24 // the mail could not be sent
	CodeCrossSiteRefused = -25 // a state-changing call from another site

	// Codes of ours for booking; not logged in is
	// CodeLoginRequired.
	CodeSessionFull      = -30 // no seat left in the session
	CodeBookingClosed    = -31 // outside the session's booking window (or it has started)
	CodeNoEntitlement    = -32 // nothing the member holds can pay for the session
	CodeTimeConflict     = -33 // the member has another booking at that time
	CodeEmailNotVerified = -34 // the brand wants a verified e-mail before booking
	CodeNotWaiting       = -35 // the member is not on the session's waiting list
	CodeNotFull          = -36 // the session has seats: book it instead of waiting
	CodeAlreadyBooked    = -37 // the member already holds a seat in the session
	CodeCheckInClosed    = -38 // outside the session's check-in window
	CodeCheckInInvalid   = -39 // the check-in QR code is forged or has expired

	// Codes of ours for checkout and payment.
	CodePriceChanged       = -40 // the price the page showed is no longer the price
	CodeQuantityNotAllowed = -41 // the quantity is outside what one order may buy
	CodeContactIncomplete  = -42 // the member's contact info lacks required fields
	CodePlanNotEnabled     = -43 // the brand sells no plans
	CodePaymentFailed      = -44 // the provider refused or the payment does not match the order
	CodePayWayNotAccepted  = -45 // the store does not take this payment way
	CodeOrderExpired       = -46 // the order can no longer be paid: expired, cancelled or failed
	// -47: free (a member who must verify the e-mail first is
	// CodeEmailNotVerified, -34, for buying as for booking)
	CodeContractUnsigned = -48 // an e-contract must be signed first (please sign)
	CodeNotSoldInStore   = -49 // the item is not sold in the chosen store

	// Codes of ours for e-contracts and the app.
	CodeContractNotFound = -55 // no such contract template for the brand
	CodeContractOutdated = -56 // the version or text hash signed is not the contract's newest text
	CodeContractSigned   = -57 // the member already signed this version (read-only)
	CodeSignatureInvalid = -58 // the signature is not a PNG image of an allowed size
	CodeLinkTokenInvalid = -59 // an unsubscribe link or holding QR token is forged or expired

	// Codes of ours for recurring card payments and card change.
	CodeNotRecurring        = -60 // the order is not a paid recurring (payment way '1') order of the member
	CodeRecurringDone       = -61 // every period was charged: no card to change
	CodeNotPaymentFailed    = -62 // no declined period: nothing to re-charge (changeFailCard)
	CodeOperatorOnly        = -63 // the admin path needs the configured operator token
	CodeRecurringNotOffered = -64 // the item is not sold by recurring payment
	// Codes of ours for deferred payments: ACH and Chailease.
	CodeACHInvalid       = -65 // the ACH authorisation form has a bad field (the message names it)
	CodeACHAgreement     = -66 // the ACH agreement was not accepted, or its text changed
	CodeACHRefused       = -67 // the bank (ACH exchange) did not take the authorisation
	CodeInstalmentsWrong = -68 // an instalment count Chailease does not offer
	CodeAwaitingBank     = -69 // the order waits for the bank's answer: nothing to pay here
	// Codes of ours for term schedules and counting passcards.
	CodeTermFull       = -70 // a session of the term class has no seat left
	CodeTrialUsed      = -71 // the member has had the term's trial class
	CodeTermEnrolled   = -72 // the member already bought the term class
	CodeTermNoSessions = -73 // no session of the class is left to buy (or no trial)
	CodeNothingOwed    = -74 // the counting passcard owes nothing
	// Codes of ours for e-invoices: a refused invoice choice, by its field.
	CodeInvoiceKind  = -75 // not an invoice choice the checkout offers
	CodeInvoiceCode  = -76 // the barcode, certificate, love code or 統一編號 is not valid
	CodeInvoiceTitle = -77 // the company title is missing or not plain text
	// Codes of ours for the door scanner and plan sharing.
	CodeOtherBrandToken = -50 // the holding QR is another brand's than the scanner's
	CodeNoVisitsLeft    = -51 // the count card has no visit left
	CodeOutsideValidity = -52 // today is outside the holding's validity
	CodeNoMinutesLeft   = -53 // no timing card has minutes left to enter with
	CodeNotEnoughPoints = -54 // more points to share than the ticket holds
	// Codes of ours for membership freezes.
	CodeFreezeRefused  = -90 // a freeze request the rules refuse (the field in the error's data)
	CodeFreezeOverlap  = -91 // the member already asked for or has a freeze over those days
	CodeFreezeNotFound = -92 // no such freeze of the brand
	CodeFreezeDecided  = -93 // the freeze was already decided
	CodeFrozen         = -94 // the member's membership is frozen on the session's day
	// Codes of ours for the late-cancel and no-show policy.
	CodeBookingSuspended = -95 // late cancels or no-shows suspended the member's online booking (the message: why, until when)

	// Codes of ours for LINE Login.
	CodeLineState           = -100 // the login's state is forged, replayed, expired or another browser's
	CodeLineRefused         = -101 // LINE's answer does not prove the login (code refused, ID token not verified)
	CodeLineLinkedElsewhere = -102 // the LINE user is linked to another member of the brand
	CodeLineEmailTaken      = -103 // a member has that e-mail: log in with the password, then link LINE
	CodeLineNoPassword      = -104 // unlinking would leave the account no way to log in
	CodeLineUnavailable     = -105 // the brand has no LINE Login channel
	CodeLineNoPending       = -106 // no LINE login waits for a registration in this browser
	CodeLineAlreadyLinked   = -107 // the member has linked a LINE user already
	CodeNotifyNeedsLine     = -108 // notifications by LINE chosen without a linked LINE user (or the brand has no LINE Official Account)
	CodeNotifyStaysOn       = -109 // a transactional notification cannot be turned off
	// Codes of ours for the LINE Official Account's webhook.
	CodeLineNoWebhook = -110 // the brand takes no LINE webhook (no Messaging API channel, or no channel secret)
	CodeLineSignature = -111 // a LINE webhook whose X-Line-Signature is missing or does not verify

)
