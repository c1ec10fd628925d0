package providers

// The NewebPay sandbox's periodic gateway (NDNP): POST /MPG/period checks
// MerchantID_ and PostData_ as the gateway does (refusals carry the
// manual's codes: PER10001 unknown merchant, PER10002 PostData_ that does
// not decrypt, PER10004 a missing field, PER10007 a bad amount, PER10009
// a bad period type, PER10010 a bad order number, PER10015 a bad day of
// the month, PER10020 a bad start type, PER10024 too many periods,
// PER10032 an order number used before, PER10066 a bad Version), then
// shows a card form. The test cards of MPG (approved, declined) and a
// second approved card, TestCardSecond (to change to). A declined card
// makes no mandate (PER10034). POST /MPG/period/AlterStatus suspends,
// terminates or restarts a mandate (NPA-B051).
//
// The periods run on a clock the test controls: AdvancePeriods (or POST
// /period/advance, dev only) runs the next period of every active
// mandate, as a month (or the mandate's period) passing would, and
// notifies each one's NotifyURL with the real encrypted NPA-N050 answer;
// DeclineNext (or POST /period/decline with CardNo) makes the next period
// charged to a card decline. Each charge (the creation's, a period's,
// under its own order number MerOrderNo_n) is refunded by the refund API
// (CloseType=2, captured at once) and answered by the trade query with
// what was refunded of it. Of a card only its first 6 and last 4 digits
// are kept.

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// sandboxMerchantField keeps, in a pending mandate's fields, the merchant
// that sent it.
const sandboxMerchantField = "_merchant"

// TestCardSecond is a second approved card of the periodic sandbox.
const TestCardSecond = "4000221111111114"

// sandboxMandate is a mandate the sandbox holds.
type sandboxMandate struct {
	merchant                                                 NewebPay // whose mandate it is
	merchantOrderNo, periodNo, periodType, periodPoint, card string
	notifyURL                                                string
	amount, times, already                                   int
	state                                                    string // active, suspended, terminated
	start                                                    time.Time
}

// periodState is the periodic gateway's part of the sandbox.
type periodState struct {
	pending  map[string]url.Values      // forms waiting for their card, by token
	mandates map[string]*sandboxMandate // by PeriodNo
	byOrder  map[string]string          // MerOrderNo → PeriodNo (also refused ones: PER10032)
	declines map[string]int             // card → periods still to decline
}

func (s *NewebPaySandbox) periods() *periodState {
	if s.period == nil {
		s.period = &periodState{pending: map[string]url.Values{}, mandates: map[string]*sandboxMandate{},
			byOrder: map[string]string{}, declines: map[string]int{}}
	}
	return s.period
}

// servePeriod answers the periodic gateway's paths; false: not one of them.
func (s *NewebPaySandbox) servePeriod(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodPost {
		return false
	}
	switch r.URL.Path {
	case "/MPG/period":
		s.periodGateway(w, r)
	case "/MPG/period/pay":
		s.periodPay(w, r)
	case "/MPG/period/AlterStatus":
		s.alterStatus(w, r)
	case "/period/advance":
		n, err := strconv.Atoi(r.FormValue("periods"))
		if err != nil || n < 1 || n > 99 {
			n = 1
		}
		s.AdvancePeriods(n)
		s.Wait()
		w.WriteHeader(http.StatusNoContent)
	case "/period/decline":
		s.DeclineNext(r.FormValue("CardNo"))
		w.WriteHeader(http.StatusNoContent)
	default:
		return false
	}
	return true
}

// DeclineNext makes the next period charged to card decline.
func (s *NewebPaySandbox) DeclineNext(card string) {
	card = strings.NewReplacer(" ", "", "-", "").Replace(card)
	s.mu.Lock()
	s.periods().declines[card]++
	s.mu.Unlock()
}

// AdvancePeriods runs the next n periods of every active mandate that has
// periods left, notifying each result (wait for them with Wait).
func (s *NewebPaySandbox) AdvancePeriods(n int) {
	for range n {
		type charge struct {
			url    string
			fields [][2]string
		}
		var out []charge
		s.mu.Lock()
		ps := s.periods()
		for _, m := range ps.mandates {
			if m.state != "active" || m.already >= m.times {
				continue
			}
			m.already++
			ok := ps.declines[m.card] == 0
			if !ok {
				ps.declines[m.card]--
			}
			out = append(out, charge{m.notifyURL, s.periodAnswer(m, ok)})
		}
		plan := s.plan
		s.mu.Unlock()
		for _, c := range out {
			s.notify(c.url, c.fields, plan)
		}
		s.Wait()
	}
}

// periodDate is the day mandate m's period k is authorised.
func periodDate(m *sandboxMandate, k int) time.Time {
	switch m.periodType {
	case "D":
		d, _ := strconv.Atoi(m.periodPoint)
		return m.start.AddDate(0, 0, d*(k-1))
	case "W":
		return m.start.AddDate(0, 0, 7*(k-1))
	case "Y":
		return m.start.AddDate(k-1, 0, 0)
	}
	return m.start.AddDate(0, k-1, 0)
}

// periodAnswer is the NPA-N050 notification of mandate m's current period
// (m.already), approved or declined. The caller holds s.mu.
func (s *NewebPaySandbox) periodAnswer(m *sandboxMandate, ok bool) [][2]string {
	status, msg, respond, auth := "SUCCESS", "授權成功", "00", randomDigits(6)
	if !ok {
		status, msg, respond, auth = "TRA10003", "授權失敗（卡片額度不足）", "51", ""
	}
	next := ""
	if m.already < m.times {
		next = periodDate(m, m.already+1).Format("2006-01-02")
	}
	at := periodDate(m, m.already)
	orderNo, tradeNo := m.merchantOrderNo+"_"+strconv.Itoa(m.already), at.Format("060102")+randomDigits(11)
	if ok {
		s.periodTrade(m, orderNo, tradeNo, at)
	}
	return periodForm(m.merchant, map[string]any{"Status": status, "Message": msg, "Result": map[string]any{
		"RespondCode": respond, "MerchantID": m.merchant.MerchantID, "MerchantOrderNo": m.merchantOrderNo,
		"OrderNo": orderNo, "TradeNo": tradeNo,
		"AuthDate": at.Format("2006-01-02 15:04:05"), "TotalTimes": strconv.Itoa(m.times), "AlreadyTimes": strconv.Itoa(m.already),
		"AuthAmt": m.amount, "AuthCode": auth, "EscrowBank": "HNCB", "AuthBank": "Sandbox", "NextAuthDate": next, "PeriodNo": m.periodNo,
	}})
}

// periodTrade records the charge tradeNo of mandate m (its own order
// number orderNo) at at: the refund API refunds it (captured at once) and
// the trade query answers it, with what was refunded. The caller holds
// s.mu.
func (s *NewebPaySandbox) periodTrade(m *sandboxMandate, orderNo, tradeNo string, at time.Time) {
	s.charged[tradeNo] = &sandboxTrade{merchantID: m.merchant.MerchantID, merchantOrderNo: orderNo, amount: m.amount}
	s.mpg[orderNo] = &Trade{MerchantID: m.merchant.MerchantID, MerchantOrderNo: orderNo, TradeNo: tradeNo, Status: TradePaid,
		Amount: m.amount, Card4No: m.card[len(m.card)-4:], PayTime: at.Format("2006-01-02 15:04:05")}
}

// periodForm encrypts a periodic answer with merchant n's keys into its
// one form field.
func periodForm(n NewebPay, answer map[string]any) [][2]string {
	v, _ := n.PeriodMessage(answer)
	return [][2]string{{"Period", v.Get("Period")}}
}

// perError answers the periodic gateway's error page.
func perError(w http.ResponseWriter, code, msg string) { mpgError(w, code, msg) }

func (s *NewebPaySandbox) periodGateway(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		perError(w, "PER10003", "POST 資料傳遞錯誤")
		return
	}
	n, known := s.merchant(r.PostForm.Get("MerchantID_"))
	if !known {
		perError(w, "PER10001", "商店資料取得失敗")
		return
	}
	plain, err := n.decrypt(r.PostForm.Get("PostData_"))
	if err != nil {
		perError(w, "PER10002", "資料解密錯誤")
		return
	}
	t, err := url.ParseQuery(string(plain))
	if err != nil {
		perError(w, "PER10002", "資料解密錯誤")
		return
	}
	if code, msg := s.checkMandate(t); code != "" {
		perError(w, code, msg)
		return
	}
	token := randomDigits(32)
	t.Set(sandboxMerchantField, n.MerchantID)
	s.mu.Lock()
	s.periods().pending[token] = t
	s.mu.Unlock()
	s.periodForm(w, http.StatusOK, token, t, "")
}

// checkMandate checks PostData_'s fields as the gateway does.
func (s *NewebPaySandbox) checkMandate(t url.Values) (code, msg string) {
	for _, f := range []string{"RespondType", "TimeStamp", "Version", "MerOrderNo", "ProdDesc", "PeriodAmt", "PeriodType",
		"PeriodPoint", "PeriodStartType", "PeriodTimes", "PayerEmail"} {
		if t.Get(f) == "" {
			return "PER10004", f + " 資料不齊全"
		}
	}
	if t.Get("Version") != PeriodVersion {
		return "PER10066", "Version 參數錯誤"
	}
	if t.Get("RespondType") != "JSON" {
		return "PER10012", "回傳格式錯誤（本沙盒僅支援 JSON）"
	}
	ts, err := strconv.ParseInt(t.Get("TimeStamp"), 10, 64)
	if age := s.now().Sub(time.Unix(ts, 0)); err != nil || age > mpgStale || age < -mpgStale {
		return "PER10036", "驗證資料錯誤（時間戳記逾時）"
	}
	if !merchantOrderNo.MatchString(t.Get("MerOrderNo")) {
		return "PER10010", "商店訂單編號錯誤，只允許英數與底線"
	}
	if amt, err := strconv.Atoi(t.Get("PeriodAmt")); err != nil || amt <= 0 || amt > 999999 {
		return "PER10007", "委託金額格式不對，金額必須為數字"
	}
	switch pt, pp := t.Get("PeriodType"), t.Get("PeriodPoint"); pt {
	case "M":
		if d, err := strconv.Atoi(pp); err != nil || len(pp) != 2 || d < 1 || d > 31 {
			return "PER10015", "月期授權時間資料不正確，日期格式為 01 到 31"
		}
	case "D", "W", "Y":
	default:
		return "PER10009", "週期設定錯誤"
	}
	if st := t.Get("PeriodStartType"); st != "1" && st != "2" && st != "3" {
		return "PER10020", "首期授權模式設定錯誤(1-3)，請檢查"
	}
	if n, err := strconv.Atoi(t.Get("PeriodTimes")); err != nil || n < 1 || n > 99 {
		return "PER10024", "授權期數格式不對（1 到 99）"
	}
	for _, f := range []string{"ReturnURL", "NotifyURL", "BackURL"} {
		if u := t.Get(f); u != "" && originOf(u) == "" {
			return "PER10025", "網址格式錯誤（" + f + "）"
		}
	}
	s.mu.Lock()
	_, used := s.periods().byOrder[t.Get("MerOrderNo")]
	s.mu.Unlock()
	if used {
		return "PER10032", "該訂單編號已重覆"
	}
	return "", ""
}

func (s *NewebPaySandbox) periodForm(w http.ResponseWriter, status int, token string, t url.Values, errMsg string) {
	amt, _ := strconv.Atoi(t.Get("PeriodAmt"))
	start := map[string]string{"1": "十元驗證（不扣款）", "2": "立即扣第一期", "3": "不驗證"}[t.Get("PeriodStartType")]
	writeCardPage(w, status, cardPage{Title: "信用卡定期定額", Action: "period/pay", Button: "同意定期定額委託",
		Cards: "測試卡號：4000-2211-1111-1111 或 4000-2211-1111-1114 授權成功；4000-2211-1111-1112 授權失敗。",
		Rows: [][3]string{{"商品", t.Get("ProdDesc")}, {"委託單號", t.Get("MerOrderNo")}, {"每期金額", "NT$ " + twd(amt), "amount"},
			{"期數", t.Get("PeriodTimes") + " 期", "times"}, {"首期", start, "start-type"}},
		Token: token, Err: errMsg, Back: t.Get("BackURL")})
}

func (s *NewebPaySandbox) periodPay(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		perError(w, "PER10037", "付款頁參數不足")
		return
	}
	token := r.PostForm.Get("token")
	s.mu.Lock()
	t, ok := s.periods().pending[token]
	s.mu.Unlock()
	if !ok {
		perError(w, "PER10037", "付款頁參數不足")
		return
	}
	now := s.now().In(taipei)
	card, _, wrong := readCard(r.PostForm, now, TestCardApproved, TestCardSecond, TestCardDeclined)
	if wrong != "" {
		s.periodForm(w, http.StatusBadRequest, token, t, wrong)
		return
	}
	amt, _ := strconv.Atoi(t.Get("PeriodAmt"))
	times, _ := strconv.Atoi(t.Get("PeriodTimes"))
	n, _ := s.merchant(t.Get(sandboxMerchantField))
	m := &sandboxMandate{merchant: n, merchantOrderNo: t.Get("MerOrderNo"), periodType: t.Get("PeriodType"), periodPoint: t.Get("PeriodPoint"),
		card: card, notifyURL: t.Get("NotifyURL"), amount: amt, times: times, state: "active", start: now}
	charge := t.Get("PeriodStartType") == "2"
	s.mu.Lock()
	ps := s.periods()
	_, still := ps.pending[token]
	delete(ps.pending, token)
	_, used := ps.byOrder[m.merchantOrderNo]
	ok = card != TestCardDeclined
	if charge && ok && ps.declines[card] > 0 {
		ps.declines[card]--
		ok = false
	}
	if still && !used {
		ps.byOrder[m.merchantOrderNo] = ""
		if ok {
			m.periodNo = "P" + now.Format("060102150405") + randomDigits(6)
			if charge {
				m.already = 1
			}
			ps.mandates[m.periodNo] = m
			ps.byOrder[m.merchantOrderNo] = m.periodNo
		}
	}
	plan := s.plan
	s.mu.Unlock()
	if !still || used {
		perError(w, "PER10032", "該訂單編號已重覆")
		return
	}
	status, msg, respond, auth := "SUCCESS", "委託單成立，且首次授權成功", "00", randomDigits(6)
	if !ok {
		status, msg, respond, auth = "PER10034", "授權失敗，委託單建立失敗", "05", ""
	}
	tradeNo := now.Format("060102150405") + randomDigits(5)
	if ok && charge {
		s.mu.Lock()
		s.periodTrade(m, m.merchantOrderNo, tradeNo, now)
		s.mu.Unlock()
	}
	dates := make([]string, 0, times)
	for k := 1; k <= times; k++ {
		dates = append(dates, periodDate(m, k).Format("2006-01-02"))
	}
	fields := periodForm(n, map[string]any{"Status": status, "Message": msg, "Result": map[string]any{
		"MerchantID": n.MerchantID, "MerchantOrderNo": m.merchantOrderNo, "PeriodType": m.periodType, "AuthTimes": times,
		"DateArray": strings.Join(dates, ","), "PeriodAmt": amt, "PeriodNo": m.periodNo, "AuthTime": now.Format("20060102150405"),
		"TradeNo": tradeNo, "CardNo": card[:6] + "******" + card[12:], "AuthCode": auth,
		"RespondCode": respond, "EscrowBank": "HNCB", "AuthBank": "Sandbox", "PaymentMethod": "CREDIT",
	}})
	s.notify(t.Get("NotifyURL"), fields, plan)
	text := "委託建立成功"
	if !ok {
		text = "授權失敗，委託未成立"
	}
	writeReturnPage(w, "委託結果", text, t.Get("ReturnURL"), fields)
}

// alterStatus is NPA-B051: suspend, terminate or restart a mandate.
func (s *NewebPaySandbox) alterStatus(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	r.ParseForm()
	n, known := s.merchant(r.PostForm.Get("MerchantID_"))
	if !known {
		n = s.n
	}
	answer := func(status, msg string, result map[string]any) {
		fields := periodForm(n, map[string]any{"Status": status, "Message": msg, "Result": result})
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(map[string]string{"period": fields[0][1]})
	}
	if !known {
		answer("PER10001", "商店資料取得失敗", nil)
		return
	}
	plain, err := n.decrypt(r.PostForm.Get("PostData_"))
	if err != nil {
		answer("PER10002", "資料解密錯誤", nil)
		return
	}
	t, _ := url.ParseQuery(string(plain))
	if t.Get("Version") != AlterStatusVersion {
		answer("PER10066", "Version 參數錯誤", nil)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.periods().mandates[t.Get("PeriodNo")]
	if m == nil || m.merchant.MerchantID != n.MerchantID || m.merchantOrderNo != t.Get("MerOrderNo") {
		answer("PER10067", "查無委託單資料", nil)
		return
	}
	result := map[string]any{"MerOrderNo": m.merchantOrderNo, "PeriodNo": m.periodNo, "AlterType": t.Get("AlterType")}
	switch a := t.Get("AlterType"); {
	case m.state == "terminated" && a == AlterTerminate:
		answer("PER10065", "該定期定額委託單為終止狀態，無法重複終止", result)
	case m.state == "terminated":
		answer("PER10064", "該定期定額委託單為終止狀態，無法變更", result)
	case a == AlterTerminate:
		m.state = "terminated"
		answer("SUCCESS", "委託單已終止", result)
	case a == AlterSuspend && m.state == "active":
		m.state = "suspended"
		answer("SUCCESS", "委託單已暫停", result)
	case a == AlterRestart && m.state == "suspended":
		m.state = "active"
		answer("SUCCESS", "委託單已啟用", result)
	default:
		answer("PER10063", "委託單狀態無法變更", result)
	}
}

// MandateState is a mandate's state in the sandbox ("" unknown): active,
// suspended or terminated.
func (s *NewebPaySandbox) MandateState(merOrderNo string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	ps := s.periods()
	if m := ps.mandates[ps.byOrder[merOrderNo]]; m != nil {
		return m.state
	}
	return ""
}
