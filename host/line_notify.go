package host

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"storefront"
	"storefront/data"
	"storefront/providers"
)

// The brand's LINE Official Account (its Messaging API channel, kind
// linebot): the pushes' channel, the add-friend link, and its webhook,
// POST /api/line/webhook/{brandId} on the platform's origin (the Webhook
// URL an operator registers in the LINE Developers console), which keeps
// whether each linked member is a friend of the account (follow,
// unfollow).

// lineWebhookPath is the brand's webhook.
const lineWebhookPath = "/api/line/webhook/{brandId}"

// maxLineWebhook caps a webhook's body (LINE may bundle several events).
const maxLineWebhook = 1 << 20

// lineBotInfoTTL is how long a LINE Official Account's identity (its
// basic id, for the add-friend link) is kept before LINE is asked again;
// lineBotInfoWait, how long the member centre waits for it.
const (
	lineBotInfoTTL  = time.Hour
	lineBotInfoWait = 3 * time.Second
)

// lineBot is brand brandID's LINE Messaging API channel (outbox.LineChannel);
// a channel of the dev sandbox uses the sandbox's client.
func (s *Server) lineBot(ctx context.Context, brandID string) (providers.LineBot, bool, error) {
	a, err := s.merchants().Of(ctx, brandID)
	if err != nil {
		return providers.LineBot{}, false, err
	}
	ch := a.LineBot
	if ch.HTTP == nil && ch.URL == s.cfg.LineBot.URL {
		ch.HTTP = s.cfg.LineBot.HTTP
	}
	return ch, ch.Configured(), nil
}

// addFriendURL is LINE's add-friend link of channel ch's account; "" when
// LINE does not tell its basic id now (asked once an hour per channel).
func (s *Server) addFriendURL(ctx context.Context, ch providers.LineBot) string {
	key := ch.URL + " " + ch.ChannelID
	info, ok := s.lineBotInfo.Get(key)
	if !ok {
		ctx, cancel := context.WithTimeout(ctx, lineBotInfoWait)
		defer cancel()
		var err error
		if info, err = ch.Info(ctx); err != nil {
			s.log.Warn("LINE bot info", "channel", ch, "err", err)
			return ""
		}
		s.lineBotInfo.Add(key, info)
	}
	return ch.AddFriendURL(info.BasicID)
}

// POST /api/line/webhook/{brandId}: the brand's LINE Official Account's
// webhook. Nothing is read before X-Line-Signature verifies over the raw
// body with the brand's channel secret (missing or wrong: 401, nothing
// changed); a brand without the channel or its secret is 404. follow and
// unfollow events record whether the linked member is a friend, each at
// its timestamp, so a redelivered or late older event changes nothing;
// other events are ignored. 200 once recorded (5xx: LINE redelivers).
func (s *Server) lineWebhook(w http.ResponseWriter, r *http.Request) {
	b, err := s.brand(r.Context(), r.PathValue("brandId"), nil)
	if err != nil {
		s.providerRefused(w, r, "LINE webhook", err)
		return
	}
	ch, ok, err := s.lineBot(r.Context(), b.ID)
	switch {
	case err != nil:
		s.providerRefused(w, r, "LINE webhook", err)
		return
	case !ok || ch.ChannelSecret == "":
		s.providerRefused(w, r, "LINE webhook", &storefront.Error{Kind: storefront.KindNotFound, Code: storefront.CodeLineNoWebhook})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxLineWebhook))
	if err != nil {
		http.Error(w, storefront.TextBadForm, http.StatusBadRequest)
		return
	}
	hook, err := providers.ParseLineWebhook(ch.ChannelSecret, body, r.Header.Get(providers.LineSignatureHeader))
	switch {
	case errors.Is(err, providers.ErrLineSignature):
		s.log.Warn("LINE webhook: signature refused", "request_id", requestIDOf(r), "brand", b.ID)
		s.providerRefused(w, r, "LINE webhook", &storefront.Error{Kind: storefront.KindUnauthorized, Code: storefront.CodeLineSignature})
		return
	case err != nil:
		s.providerRefused(w, r, "LINE webhook", &storefront.Error{Kind: storefront.KindInvalid, Code: storefront.CodeBadRequest, Err: err})
		return
	}
	var facts []data.LineFriendship
	redelivered := 0
	for _, e := range hook.Events {
		if (e.Type != providers.LineEventFollow && e.Type != providers.LineEventUnfollow) || e.Source.Type != "user" ||
			e.Source.UserID == "" || e.Timestamp <= 0 {
			continue
		}
		facts = append(facts, data.LineFriendship{Sub: e.Source.UserID, Friend: e.Type == providers.LineEventFollow, At: e.At()})
		if e.DeliveryContext.IsRedelivery {
			redelivered++
		}
	}
	changed, err := s.db.SetLineFriends(r.Context(), b.ID, facts)
	if err != nil {
		s.providerRefused(w, r, "LINE webhook", err)
		return
	}
	s.log.Info("LINE webhook", "request_id", requestIDOf(r), "brand", b.ID, "events", len(hook.Events), "friendships", len(facts),
		"redelivered", redelivered, "changed", changed)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("OK"))
}

// sandboxWebhooks are the webhook URLs of the dev sandbox's channel
// channelID, as an operator registers them: each active brand's whose
// LINE Official Account is that channel, with its secret.
func (s *Server) sandboxWebhooks(ctx context.Context, channelID string) []string {
	brands, err := s.db.ActiveBrands(ctx)
	if err != nil {
		s.log.Warn("LINE sandbox webhooks", "err", err)
		return nil
	}
	var urls []string
	for _, b := range brands {
		if ch, ok, err := s.lineBot(ctx, b.ID); err == nil && ok && ch.ChannelID == channelID && ch.ChannelSecret != "" {
			urls = append(urls, s.cfg.PublicURL+brandPath(lineWebhookPath, b.ID))
		}
	}
	return urls
}
