package members

import (
	"context"

	"storefront/data"
	"storefront/providers"
	"storefront/rules"
)

// phoneLabel names what PhoneHash hashes (providers.KeyedHash).
const phoneLabel = "deleted-phone"

// PhoneHash is the keyed hash a deleted account keeps of its phone, so
// the phone cannot register at the brand again (error -60000014) while
// the number itself is erased; nil when phone is "".
func (f *Flows) PhoneHash(brandID, phone string) []byte {
	if phone == "" {
		return nil
	}
	return providers.KeyedHash(f.PhoneKey, phoneLabel, brandID+"\x00"+phone)
}

// DeleteAccount deletes member u's account (u as its session loaded it;
// the caller has checked the password) in one transaction: the account
// keeps no personal data, its sessions end, its future bookings are
// cancelled and its recurring plans are ended at NewebPay by outbox jobs
// (data.Tx.DeleteUser tells what stays). It returns the ended sessions'
// hashes, for the caller to drop from caches.
func (f *Flows) DeleteAccount(ctx context.Context, u *data.User) ([][]byte, error) {
	now := f.Now()
	var d *data.Deleted
	err := f.DB.InTx(ctx, func(t *data.Tx) (err error) {
		if d, err = t.DeleteUser(u.BrandID, u.ID, u.Phone, f.PhoneHash(u.BrandID, u.Phone), now); err != nil {
			return err
		}
		for _, number := range d.Plans {
			if err := t.QueueJob(data.JobEndPlan, number, data.EndPlan{BrandID: u.BrandID, Number: number}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(d.Plans) > 0 {
		f.queued()
	}
	return d.Revoked, nil
}

// HashDeletedPhones replaces the phone of every account deleted before
// the program deleted accounts (by hand, phone in clear) by its keyed
// hash; run at start, it finds none after the first time.
func (f *Flows) HashDeletedPhones(ctx context.Context) (int, error) {
	list, err := f.DB.DeletedPhones(ctx)
	for _, d := range list {
		if err := f.DB.HashDeletedPhone(ctx, d.ID, d.Phone, f.PhoneHash(d.BrandID, d.Phone)); err != nil {
			return 0, err
		}
	}
	return len(list), err
}

// PurgeDeleted removes the deleted accounts whose records are past
// retention (rules.PurgeBefore) with those records; it returns how many.
func (f *Flows) PurgeDeleted(ctx context.Context) (int64, error) {
	return f.DB.PurgeDeletedUsers(ctx, rules.PurgeBefore(f.Now()))
}
