package data_test

import (
	"context"
	"storefront"
	"testing"
	"time"

	"storefront/data"
	"storefront/data/dbtest"
	"storefront/data/demo"
	"storefront/rules"
)

func TestLoadBrand(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx := context.Background()

	b, err := db.LoadBrand(ctx, "demo")
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "森活運動館" || len(b.Stores) != 2 || !b.ModuleSet().Has(data.ModuleWebShop) {
		t.Fatalf("demo brand = %+v", b)
	}
	if b.DomainFor("production") != "fit.demo.test" || b.DomainFor("dev") != "" {
		t.Fatalf("demo domains = %+v", b.Domains)
	}
	if len(b.CustomFields) != 4 || b.CustomFields[0].Key != "phone" {
		t.Fatalf("demo custom fields = %+v", b.CustomFields)
	}

	for id, code := range map[string]int{"closed": storefront.CodeBrandTerminated, "nosuch": storefront.CodeBrandNotFound} {
		_, err := db.LoadBrand(ctx, id)
		if e := storefront.AsError(err); e.Kind != storefront.KindNotFound || e.Code != code {
			t.Errorf("LoadBrand(%q) error = %v; want not found %d", id, err, code)
		}
	}
}

func TestItemListHidesOffShelf(t *testing.T) {
	db := dbtest.NewDemo(t)
	l, err := db.ItemList(context.Background(), "demo", data.AllModules, rules.Day(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Passcard) != 4 || len(l.QuantityPasscard) != 3 || len(l.Point) != 2 || len(l.CountingPasscard) != 2 {
		t.Fatalf("item list sizes = %d %d %d %d", len(l.Passcard), len(l.QuantityPasscard), len(l.Point), len(l.CountingPasscard))
	}
	for _, it := range l.Passcard {
		if it.Name == "夏季限定通行卡" {
			t.Fatal("an off-shelf item is listed")
		}
	}
}

func TestDemoLoadsOnce(t *testing.T) {
	db := dbtest.NewDemo(t)
	loaded, err := demo.LoadIfEmpty(context.Background(), db, dbtest.ImageDir)
	if err != nil || loaded {
		t.Fatalf("second demo load = %v, %v; want false, nil", loaded, err)
	}
}

func TestBrandChangeBumpsVersionAndNotifies(t *testing.T) {
	db := dbtest.NewDemo(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	changed := make(chan string, 16)
	go db.ListenBrandChanges(ctx, func(id string) { changed <- id })
	dbtest.WaitListening(t, db, "brand_changed")

	before, _ := db.LoadBrand(ctx, "yoga")
	if _, err := db.Pool.Exec(ctx, `update items set price = price + 1 where brand_id = 'yoga'`); err != nil {
		t.Fatal(err)
	}
	after, _ := db.LoadBrand(ctx, "yoga")
	if after.DataVersion <= before.DataVersion {
		t.Fatalf("data version %d -> %d; want it bumped", before.DataVersion, after.DataVersion)
	}
	select {
	case id := <-changed:
		if id != "yoga" {
			t.Fatalf("notified %q; want yoga", id)
		}
	case <-ctx.Done():
		t.Fatal("no notification")
	}
}
