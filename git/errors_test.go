package git

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A path that does not exist is reported as such, not as "not a git
// repository": nothing was there to be one.
func TestMissingPathIsNotCalledANonRepository(t *testing.T) {
	isolate(t)
	r := runner(Options{})
	missing := filepath.Join(t.TempDir(), "no", "such")
	_, err := r.Toplevel(ctxT(t), missing)
	if !errors.Is(err, ErrNoSuchPath) || !errors.Is(err, fs.ErrNotExist) || errors.Is(err, ErrNotRepo) {
		t.Fatalf("missing path: %v", err)
	}
	if !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "no such directory") {
		t.Fatalf("message %q", err)
	}
	dangling := filepath.Join(t.TempDir(), "link")
	os.Symlink(filepath.Join(t.TempDir(), "gone"), dangling)
	if _, err := r.Toplevel(ctxT(t), dangling); !errors.Is(err, ErrNoSuchPath) {
		t.Fatalf("dangling link: %v", err)
	}
	file := filepath.Join(t.TempDir(), "f")
	os.WriteFile(file, nil, 0o600)
	if _, err := r.Toplevel(ctxT(t), file); !errors.Is(err, ErrNotDirectory) || errors.Is(err, ErrNotRepo) {
		t.Fatalf("a file: %v", err)
	}
}

func TestResolveBaseInAnEmptyRepository(t *testing.T) {
	isolate(t)
	repo := t.TempDir()
	if out, err := exec.Command("git", "init", "-q", repo).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	_, err := runner(Options{}).ResolveBase(ctxT(t), repo, "")
	if !errors.Is(err, ErrEmptyRepo) {
		t.Fatalf("empty repository: %v", err)
	}
}
