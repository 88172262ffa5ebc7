package git

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// An untracked FIFO or a 5 GiB file (sparse: it takes no disk) is refused
// at once, naming why, instead of git blocking on the pipe or reading five
// gigabytes for a viewer that keeps eight megabytes.
func TestUntrackedDiffRefusesFIFOsAndHugeFiles(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	repo := newRepo(t)
	if err := syscall.Mkfifo(filepath.Join(repo, "pipe"), 0o600); err != nil {
		t.Fatal(err)
	}
	big, err := os.Create(filepath.Join(repo, "big.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(5 << 30); err != nil {
		t.Fatal(err)
	}
	big.Close()
	for path, want := range map[string]string{"pipe": "named pipe", "big.bin": "too large to show (5.0 GiB"} {
		_, err := r.FileDiff(ctxT(t), repo, DiffRequest{Mode: DiffUntracked, Path: path})
		var ns *NotShownError
		if !errors.As(err, &ns) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want a refusal saying %q", path, err, want)
		}
	}
	os.WriteFile(filepath.Join(repo, "small.txt"), []byte("hi\n"), 0o644)
	if files, err := r.FileDiff(ctxT(t), repo, DiffRequest{Mode: DiffUntracked, Path: "small.txt"}); err != nil || len(files) != 1 {
		t.Fatalf("a small file: %v %v", files, err)
	}
}
