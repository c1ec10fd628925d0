//go:build !linux

package host

import (
	"errors"
	"os"
)

// memoryFile: only Linux has them here; documents are written from memory.
func memoryFile([]byte) (*os.File, string, error) {
	return nil, "", errors.New("no memory files on this system")
}
