package data

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"storefront"
	"time"

	"github.com/jackc/pgx/v5"

	"storefront/rules"
)

// Item types (spec section 1), as they appear in item URLs.
const (
	ItemPasscard         = "passcard"         // 定期通行卡
	ItemCountingPasscard = "countingPasscard" // 分鐘計費卡
	ItemPoint            = "point"            // 儲值票券
	ItemQuantityPasscard = "quantityPasscard" // 計次卡
)

// ItemTypes lists the item types in display order.
var ItemTypes = []string{ItemPasscard, ItemQuantityPasscard, ItemPoint, ItemCountingPasscard}

// IsItemType reports whether s names an item type.
func IsItemType(s string) bool {
	for _, t := range ItemTypes {
		if s == t {
			return true
		}
	}
	return false
}

// Item is a sellable item as lists and pages show it.
type Item struct {
	ID             int64     `json:"id"`
	Type           string    `json:"type" tstype:"'passcard' | 'countingPasscard' | 'point' | 'quantityPasscard'"`
	Name           string    `json:"name"`
	Price          int       `json:"price"`
	OriginalPrice  *int      `json:"originalPrice,omitempty"`
	Description    string    `json:"description"`
	Quantity       *int      `json:"quantity,omitempty"`
	ValidityValue  *int      `json:"validityValue,omitempty"`
	ValidityUnit   *string   `json:"validityUnit,omitempty" tstype:"'M' | 'W' | 'D' | 'Y'"`
	ActivationType string    `json:"activationType"`
	AdminStartDate string    `json:"adminStartDate,omitempty"` // ADMIN_CUSTOM: YYYY-MM-DD
	Image          string    `json:"image"`
	Images         []string  `json:"images"`
	StoreIDs       []int64   `json:"storeIds"`
	OnShelf        bool      `json:"onShelf"`            // sold today (itemSold): on the shelf, its sale not ended
	SaleEnds       string    `json:"saleEnds,omitempty"` // the last Taipei day it is sold (YYYY-MM-DD); none: no end
	UpdatedAt      time.Time `json:"updatedAt"`
	// RecurringPeriods: sold by recurring card payment (payment way '1')
	// too, this many periods of its validity; absent: not sold that way.
	RecurringPeriods *int `json:"recurringPeriods,omitempty"`
}

// ItemList is the brand's on-shelf items by type, with the field names of
// spec section 3.
type ItemList struct {
	CountingPasscard []Item `json:"countingPasscardProjectInfoList"`
	Point            []Item `json:"custPointProjectInfoList"`
	Passcard         []Item `json:"passcardProjectInfoList"`
	QuantityPasscard []Item `json:"quantityPasscardProjectInfoList"`
}

// itemSold is the one rule of whether item i is sold on the Taipei day
// in parameter $n (YYYY-MM-DD): it is on the shelf and its sale has not
// ended (sale_ends is its last day). Lists, item pages, the sitemap and
// checkout all read it.
func itemSold(n int) string {
	return fmt.Sprintf(`(i.on_shelf and (i.sale_ends is null or i.sale_ends >= $%d::date))`, n)
}

// itemDayParam is the parameter of the day in queries of itemCols.
const itemDayParam = 4

var itemCols = `i.id, i.type, i.name, i.price, i.original_price, i.description, i.quantity,
	i.validity_value, i.validity_unit, i.activation_type, coalesce(to_char(i.admin_start_date, 'YYYY-MM-DD'), ''),
	i.image, i.images, ` + itemSold(itemDayParam) + `, coalesce(to_char(i.sale_ends, 'YYYY-MM-DD'), ''), i.updated_at,
	coalesce((select array_agg(s.store_id order by s.store_id) from item_stores s where s.item_id = i.id), '{}'), i.recurring_periods`

// scanItem reads the itemCols of a row, then extra.
func scanItem(r pgx.Row, it *Item, extra ...any) error {
	return r.Scan(append([]any{&it.ID, &it.Type, &it.Name, &it.Price, &it.OriginalPrice, &it.Description, &it.Quantity,
		&it.ValidityValue, &it.ValidityUnit, &it.ActivationType, &it.AdminStartDate, &it.Image, &it.Images,
		&it.OnShelf, &it.SaleEnds, &it.UpdatedAt, &it.StoreIDs, &it.RecurringPeriods}, extra...)...)
}

// ItemFilter selects the items sold on Day (YYYY-MM-DD, Taipei; see
// itemSold): of the given types (none: every type) whose name or
// description holds Keyword.
type ItemFilter struct {
	// Modules are the brand's: only the item types they sell online
	// (Modules.SellsItem) are listed.
	Modules Modules `json:"-"`
	Types   []string
	Keyword string
	Day     string
}

// itemMatch is an ItemFilter's where clause: $1 brand, $2 types, $3 the
// normalized keyword, $4 the day.
var itemMatch = `i.brand_id = $1 and ` + itemSold(itemDayParam) + ` and i.type = any($2)
	and ($3 = '' or strpos(translate(lower(i.name || ' ' || i.description), '伽', '珈'), $3) > 0)`

// Items returns one page of the brand's on-shelf items matching f, in
// display order. pageSize 0 means every match.
func (db *DB) Items(ctx context.Context, brandID string, f ItemFilter, pageNumber, pageSize int) (*Page[Item], error) {
	types := f.Types
	if len(types) == 0 {
		types = ItemTypes
	}
	types = slices.DeleteFunc(slices.Clone(types), func(t string) bool { return !f.Modules.SellsItem(t) })
	limit := any(nil) // no limit
	if pageSize > 0 {
		limit = pageSize
	} else {
		pageNumber = 1
	}
	rows, err := db.Pool.Query(ctx, `select `+itemCols+`, count(*) over () from items i where `+itemMatch+`
		order by array_position($2, i.type), i.sort, i.id
		limit $5 offset $6`, brandID, types, Normalize(f.Keyword), f.Day, limit, (pageNumber-1)*max(pageSize, 0))
	if err != nil {
		return nil, dbErr(err)
	}
	page := &Page[Item]{List: []Item{}, PageNumber: pageNumber, PageSize: pageSize}
	for rows.Next() {
		var it Item
		if err := scanItem(rows, &it, &page.Total); err != nil {
			rows.Close()
			return nil, dbErr(err)
		}
		page.List = append(page.List, it)
	}
	if err := rows.Err(); err != nil {
		return nil, dbErr(err)
	}
	if len(page.List) == 0 && pageNumber > 1 {
		err = db.Pool.QueryRow(ctx, `select count(*) from items i where `+itemMatch,
			brandID, types, Normalize(f.Keyword), f.Day).Scan(&page.Total)
	}
	return page, dbErr(err)
}

// ByType returns the list of items of type t.
func (l *ItemList) ByType(t string) []Item {
	switch t {
	case ItemCountingPasscard:
		return l.CountingPasscard
	case ItemPoint:
		return l.Point
	case ItemPasscard:
		return l.Passcard
	case ItemQuantityPasscard:
		return l.QuantityPasscard
	}
	return nil
}

// ItemList loads the brand's items sold on day (of the types its modules
// sell online), grouped by type.
func (db *DB) ItemList(ctx context.Context, brandID string, mods Modules, day string) (*ItemList, error) {
	page, err := db.Items(ctx, brandID, ItemFilter{Modules: mods, Day: day}, 1, 0)
	if err != nil {
		return nil, err
	}
	l := &ItemList{CountingPasscard: []Item{}, Point: []Item{}, Passcard: []Item{}, QuantityPasscard: []Item{}}
	for _, it := range page.List {
		switch it.Type {
		case ItemCountingPasscard:
			l.CountingPasscard = append(l.CountingPasscard, it)
		case ItemPoint:
			l.Point = append(l.Point, it)
		case ItemPasscard:
			l.Passcard = append(l.Passcard, it)
		default:
			l.QuantityPasscard = append(l.QuantityPasscard, it)
		}
	}
	return l, nil
}

// Item loads item id of the given type of the brand, sold on day or not
// (see Item.OnShelf). An unknown item, or one of another type or brand, is
// not found.
func (db *DB) Item(ctx context.Context, brandID, itemType string, id int64, day string) (*Item, error) {
	rows, err := db.Pool.Query(ctx, `select `+itemCols+` from items i where i.brand_id = $1 and i.type = $2 and i.id = $3`,
		brandID, itemType, id, day)
	if err != nil {
		return nil, dbErr(err)
	}
	it, err := pgx.CollectExactlyOneRow(rows, func(r pgx.CollectableRow) (Item, error) {
		var it Item
		return it, scanItem(r, &it)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, &storefront.Error{Kind: storefront.KindNotFound, Message: storefront.TextItemMissing}
	}
	if err != nil {
		return nil, dbErr(err)
	}
	return &it, nil
}

// Entitlement is what buying quantity of the item gives, as the booking
// rules see it before it starts (rules.PurchasePays), for a class at
// store storeID.
func (it *Item) Entitlement(storeID int64, quantity int) rules.Entitlement {
	e := rules.Entitlement{Kind: rules.KindTicket, TicketType: itemTicketType(it.Type), StartType: it.ActivationType, Available: true,
		UsableAtStore: len(it.StoreIDs) == 0 || slices.Contains(it.StoreIDs, storeID)}
	switch it.Type {
	case ItemPasscard:
		e.Kind, e.TicketType = rules.KindPasscard, ""
	case ItemCountingPasscard:
		e.Kind, e.TicketType = rules.KindTiming, ""
	}
	if it.Quantity != nil {
		e.Remain = *it.Quantity * quantity
	}
	return e
}

// itemTicketType is the ticket type a ticket item's holding gets: a
// quantity passcard is a count ticket of its visits, a point item an
// online point ticket.
func itemTicketType(itemType string) string {
	if itemType == ItemPoint {
		return "onlinePoint"
	}
	return "count"
}
