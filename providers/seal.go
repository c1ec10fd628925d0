package providers

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
)

// Sealer seals secrets at rest (the ACH authorisations' account numbers
// and IDs, the brands' merchant credentials): AES-256-GCM, a random
// 12-byte nonce before the ciphertext, and a label as associated data
// naming where the value belongs (a sealed value opens only under its own
// label: another row's or field's label refuses it, as a wrong key does).
type Sealer struct{ aead cipher.AEAD }

// NewSealer is a sealer of a 32-byte key.
func NewSealer(key []byte) (*Sealer, error) {
	if len(key) != 32 {
		return nil, errors.New("providers: a sealing key must be 32 bytes")
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// Seal seals plain under label: nonce || ciphertext.
func (s *Sealer) Seal(label string, plain []byte) []byte {
	nonce := make([]byte, s.aead.NonceSize())
	rand.Read(nonce)
	return s.aead.Seal(nonce, nonce, plain, []byte(label))
}

// Open opens what Seal sealed under label; another key or label, or a
// changed byte, is an error.
func (s *Sealer) Open(label string, sealed []byte) ([]byte, error) {
	n := s.aead.NonceSize()
	if len(sealed) < n {
		return nil, errors.New("providers: sealed value too short")
	}
	return s.aead.Open(nil, sealed[:n], sealed[n:], []byte(label))
}

// KeyedHash is HMAC-SHA-256 of value under key with label naming what it
// is (label and value are separated, so no two pairs collide): a value we
// must recognise again without keeping it (a deleted member's phone). The
// same key, label and value always give the same 32 bytes.
func KeyedHash(key []byte, label, value string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(label))
	m.Write([]byte{0})
	m.Write([]byte(value))
	return m.Sum(nil)
}
