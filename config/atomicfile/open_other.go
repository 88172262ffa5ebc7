//go:build !unix

package atomicfile

import (
	"errors"
	"os"
)

// readFlags is a plain read where O_NONBLOCK and O_NOCTTY do not exist.
const readFlags = os.O_RDONLY

// openBeneath refuses: without O_NOFOLLOW a read that follows no link
// cannot be promised.
func openBeneath(root, rel string) (*os.File, error) {
	return nil, errors.New("reading files without following links is not supported on this system")
}
