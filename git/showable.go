package git

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// NotShownError says why a file is not shown as an untracked diff: git
// --no-index would read a FIFO until someone writes to it, and read a
// device or a huge file whole, only for the viewer to keep DiffLimit bytes.
type NotShownError struct {
	Path   string // as asked, relative to the work tree
	Reason string // "is a named pipe (FIFO), not a regular file", …
}

// Error implements error: the file first, then why.
func (e *NotShownError) Error() string { return e.Path + " " + e.Reason }

// showable checks, without opening it, that the untracked file rel of the
// work tree is one git can show: a regular file within DiffLimit, or a
// link (git shows where it points and never follows it). A missing file is
// left to git to report.
func (c *checkout) showable(rel string) error {
	fi, err := os.Lstat(filepath.Join(c.top, filepath.FromSlash(rel)))
	if err != nil {
		return nil
	}
	m := fi.Mode()
	switch {
	case m&fs.ModeSymlink != 0:
		return nil
	case m&fs.ModeNamedPipe != 0:
		return &NotShownError{Path: rel, Reason: "is a named pipe (FIFO), not a regular file: there is nothing to show"}
	case m&fs.ModeDevice != 0, m&fs.ModeSocket != 0, m.IsDir(), !m.IsRegular():
		return &NotShownError{Path: rel, Reason: "is not a regular file: there is nothing to show"}
	case fi.Size() > DiffLimit:
		return &NotShownError{Path: rel, Reason: fmt.Sprintf("is too large to show (%s; the viewer shows files up to %s)",
			byteSize(fi.Size()), byteSize(DiffLimit))}
	}
	return nil
}

// byteSize renders n bytes the way a person reads a file's size.
func byteSize(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	v, i := float64(n), -1
	for v >= unit && i < 4 {
		v /= unit
		i++
	}
	return fmt.Sprintf("%.1f %ciB", v, "KMGTP"[i])
}
