package data

import (
	"context"

	"github.com/jackc/pgx/v5"
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
	ID             int64   `json:"id"`
	Type           string  `json:"type"`
	Name           string  `json:"name"`
	Price          int     `json:"price"`
	OriginalPrice  *int    `json:"originalPrice,omitempty"`
	Description    string  `json:"description"`
	Quantity       *int    `json:"quantity,omitempty"`
	ValidityValue  *int    `json:"validityValue,omitempty"`
	ValidityUnit   *string `json:"validityUnit,omitempty"`
	ActivationType string  `json:"activationType"`
	Image          string  `json:"image"`
	StoreIDs       []int64 `json:"storeIds"`
}

// ItemList is the brand's on-shelf items by type, with the field names of
// spec section 3.
type ItemList struct {
	CountingPasscard []Item `json:"countingPasscardProjectInfoList"`
	Point            []Item `json:"custPointProjectInfoList"`
	Passcard         []Item `json:"passcardProjectInfoList"`
	QuantityPasscard []Item `json:"quantityPasscardProjectInfoList"`
}

// ItemList loads the brand's on-shelf items, grouped by type.
func (db *DB) ItemList(ctx context.Context, brandID string) (*ItemList, error) {
	rows, err := db.Pool.Query(ctx, `
		select i.id, i.type, i.name, i.price, i.original_price, i.description, i.quantity,
		       i.validity_value, i.validity_unit, i.activation_type, i.image,
		       coalesce(array_agg(s.store_id order by s.store_id) filter (where s.store_id is not null), '{}')
		  from items i left join item_stores s on s.item_id = i.id
		 where i.brand_id = $1 and i.on_shelf
		 group by i.id
		 order by i.sort, i.id`, brandID)
	if err != nil {
		return nil, dbErr(err)
	}
	items, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Item, error) {
		var it Item
		err := r.Scan(&it.ID, &it.Type, &it.Name, &it.Price, &it.OriginalPrice, &it.Description, &it.Quantity,
			&it.ValidityValue, &it.ValidityUnit, &it.ActivationType, &it.Image, &it.StoreIDs)
		return it, err
	})
	if err != nil {
		return nil, dbErr(err)
	}
	l := &ItemList{CountingPasscard: []Item{}, Point: []Item{}, Passcard: []Item{}, QuantityPasscard: []Item{}}
	for _, it := range items {
		switch it.Type {
		case ItemCountingPasscard:
			l.CountingPasscard = append(l.CountingPasscard, it)
		case ItemPoint:
			l.Point = append(l.Point, it)
		case ItemPasscard:
			l.Passcard = append(l.Passcard, it)
		case ItemQuantityPasscard:
			l.QuantityPasscard = append(l.QuantityPasscard, it)
		}
	}
	return l, nil
}
