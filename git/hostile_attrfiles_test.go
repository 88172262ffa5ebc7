package git

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"amux.dev/amux/config/atomicfile"
)

// TestHostileAttributesFilesRefusedNotOpened: with a repo-configured filter
// to check for, a work tree .gitattributes that is a link to /dev/tty, or
// one too large to inspect, refuses the write with a message naming the
// file and why, and the driver never runs. (A read of /dev/tty would block
// on a terminal and take the person's keys.)
func TestHostileAttributesFilesRefusedNotOpened(t *testing.T) {
	cases := []struct {
		name, want string
		plant      func(t *testing.T, repo string)
	}{
		{"link to /dev/tty", "sub/.gitattributes is a symlink", func(t *testing.T, repo string) {
			if err := os.MkdirAll(filepath.Join(repo, "sub"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink("/dev/tty", filepath.Join(repo, "sub", ".gitattributes")); err != nil {
				t.Fatal(err)
			}
		}},
		{"oversize", ".gitattributes is larger than", func(t *testing.T, repo string) {
			f, err := os.Create(filepath.Join(repo, ".gitattributes"))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if err := f.Truncate(maxAttrFile + 1); err != nil { // sparse
				t.Fatal(err)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			isolate(t)
			marker := filepath.Join(t.TempDir(), "marker")
			repo := newRepo(t)
			configureFilter(t, repo, "evil", marker)
			c.plant(t, repo)
			writeFile(t, filepath.Join(repo, "new.txt"), "n\n")
			err := runner(Options{}).AddAll(ctxT(t), repo)
			if !errors.Is(err, atomicfile.ErrRefused) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want a refusal %q, got %v", c.want, err)
			}
			assertNoMarker(t, marker)
		})
	}
}

// TestUsersAttributesFileMayBeALink: the user's own core.attributesFile
// (outside any checkout) is read through a link, as git reads it, so a
// binding there is still found.
func TestUsersAttributesFileMayBeALink(t *testing.T) {
	home := isolate(t)
	marker := filepath.Join(t.TempDir(), "marker")
	repo := newRepo(t)
	configureFilter(t, repo, "evil", marker)
	real := filepath.Join(home, "dotfiles", "attributes")
	writeFile(t, real, "*.txt filter=evil\n")
	if err := os.MkdirAll(filepath.Join(home, ".config", "git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, filepath.Join(home, ".config", "git", "attributes")); err != nil {
		t.Fatal(err)
	}
	_, err := runner(Options{}).CreateWorktree(ctxT(t), repo, filepath.Join(t.TempDir(), "ws"), "feature", "main")
	assertDriverRefused(t, err, "filter", "evil")
	assertNoMarker(t, marker)
}
