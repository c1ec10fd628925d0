package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"storefront/data/catalogue"
)

var catalogueOnly = flag.Bool("catalogue-only", false, "measure the catalogue import row only")

// The import's scale and its budget.
const (
	scaleStores    = 50
	scaleCourses   = 2000
	scaleSchedules = 100000
	importBudget   = time.Minute
)

// scaleCatalogue writes a brand "scale" with scaleStores stores,
// scaleCourses courses and scaleSchedules schedules into dir.
func scaleCatalogue(dir string) error {
	c := &catalogue.Catalogue{Brand: catalogue.Brand{ID: "scale", Name: "規模測試", Colour: "FF91C423",
		Modules: []string{"WEB_SHOP", "FIND_ACTIVITY"}}}
	for i := range scaleStores {
		c.Stores = append(c.Stores, catalogue.Store{ID: fmt.Sprintf("store-%d", i+1), ShortName: fmt.Sprintf("第%d館", i+1), Name: fmt.Sprintf("規模測試 第%d館", i+1),
			OpeningHours: "每日 06:00–23:00"})
	}
	c.Teachers = []catalogue.Teacher{{ID: "teacher", Name: "測試老師"}}
	per := scaleSchedules / scaleCourses
	for i := range scaleCourses {
		co := catalogue.Course{ID: fmt.Sprintf("course-%d", i+1), Store: c.Stores[i%scaleStores].ID, Name: fmt.Sprintf("課程 %d", i+1),
			Category: "團體課", Teacher: "teacher", MinPrice: 300, MaxPrice: 400, OnShelf: true,
			Booking: catalogue.Booking{OpensHours: 336, ClosesMinutes: 30, CancelHours: 12, CountAllowed: true, PasscardAllowed: true}}
		for j := range per {
			h := 7 + i%12
			co.Schedules = append(co.Schedules, catalogue.Schedule{Date: fmt.Sprintf("+%dd", j+1),
				Start: fmt.Sprintf("%02d:00", h), End: fmt.Sprintf("%02d:50", h), Capacity: 20})
		}
		c.Courses = append(c.Courses, co)
	}
	return catalogue.Write(dir, c)
}

// catalogueRow imports the scale brand with bin/storefront into the
// database at dbURL while a host at base keeps answering its brand home.
func catalogueRow(dbURL, base, tmp string, add func(row)) error {
	dir := filepath.Join(tmp, "scale")
	if err := scaleCatalogue(dir); err != nil {
		return err
	}
	// raw JSON size, for the row's detail
	var size int64
	filepath.Walk(dir, func(_ string, fi os.FileInfo, _ error) error { size += fi.Size(); return nil })
	stop := make(chan struct{})
	var mu sync.Mutex
	var lat []float64
	failed := 0
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // a visitor reloading the brand home during the import
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			t0 := time.Now()
			req, _ := http.NewRequest("GET", base+"/", nil)
			req.Host = benchHost
			res, err := http.DefaultClient.Do(req)
			mu.Lock()
			if err != nil || res.StatusCode != 200 {
				failed++
			} else {
				lat = append(lat, ms(time.Since(t0)))
			}
			mu.Unlock()
			if res != nil {
				res.Body.Close()
			}
			time.Sleep(50 * time.Millisecond)
		}
	}()
	cmd := exec.Command("bin/storefront", "catalogue", "import", dir)
	cmd.Env = append(os.Environ(), "DATABASE_URL="+dbURL, "STOREFRONT_CATALOGUE_IMAGES="+imagesDir, "LOG_LEVEL=warn")
	t0 := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(t0)
	close(stop)
	wg.Wait()
	if err != nil {
		return fmt.Errorf("catalogue import: %v\n%s", err, out)
	}
	sort.Float64s(lat)
	maxMs := 0.0
	if len(lat) > 0 {
		maxMs = lat[len(lat)-1]
	}
	add(row{what: fmt.Sprintf("catalogue import: %d stores, %d courses, %d schedules", scaleStores, scaleCourses, scaleSchedules),
		value:   fmt.Sprintf("%.1f s (%.1f MB of JSON)", took.Seconds(), float64(size)/1e6),
		budget:  "< 60 s",
		verdict: verdict(took < importBudget, fmt.Sprintf("%.1f s", took.Seconds()))})
	add(row{what: "brand home answered during the import",
		value:   fmt.Sprintf("%d answers, %d failed, p50 %.0f ms, max %.0f ms", len(lat), failed, median(lat), maxMs),
		budget:  "every page answered",
		verdict: verdict(failed == 0 && len(lat) > 0, fmt.Sprintf("%d failed", failed))})
	return nil
}
