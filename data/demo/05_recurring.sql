-- Recurring card payment: the plan brand's monthly plan is also
-- sold by monthly card payment (payment way '1'), twelve months.
update items set recurring_periods = 12 where brand_id = 'plan' and slug = 'monthly';
