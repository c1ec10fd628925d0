package rules

// OpeningHours is one schema.org OpeningHoursSpecification: the days
// (schema.org's day names) open from Opens to Closes ("HH:MM"; a close
// before the opening is past midnight, 23:59 is until midnight).
type OpeningHours struct {
	DayOfWeek []string `json:"dayOfWeek"`
	Opens     string   `json:"opens"`
	Closes    string   `json:"closes"`
}

var schemaDays = [7]string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
