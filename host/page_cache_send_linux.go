package host

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// memoryFile is a memory file (memfd) holding b, and the path that opens
// another handle to it with an offset of its own.
func memoryFile(b []byte) (*os.File, string, error) {
	fd, err := unix.MemfdCreate("page", unix.MFD_CLOEXEC)
	if err != nil {
		return nil, "", err
	}
	f := os.NewFile(uintptr(fd), "page")
	if _, err := f.Write(b); err != nil {
		f.Close()
		return nil, "", err
	}
	return f, "/proc/self/fd/" + strconv.Itoa(fd), nil
}
