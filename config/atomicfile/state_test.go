package atomicfile

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A state-home file kept as a link (a dotfiles repository's config.json)
// is updated through the link: the target gets the bytes and keeps its
// mode, the link stays a link.
func TestUpdateWritesThroughASymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "dotfiles", "config.json")
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "home", "config.json")
	if err := os.MkdirAll(filepath.Dir(link), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../dotfiles/config.json", link); err != nil {
		t.Fatal(err)
	}
	err := Update(context.Background(), link, 0o600, func(old []byte, exists bool) ([]byte, error) {
		if !exists || string(old) != "old" {
			t.Fatalf("update saw %q (exists %v)", old, exists)
		}
		return []byte("new"), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", fi.Mode(), err)
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Fatalf("the link's target holds %q", b)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o644 {
		t.Fatalf("the target's mode changed to %v", fi.Mode().Perm())
	}
}

// What is not a regular file refuses the update at once, saying why, and
// nothing is written: a FIFO (no writer: an open would wait forever), a
// link to a device, a link that leads nowhere.
func TestUpdateRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	tty := filepath.Join(dir, "tty.json")
	dangling := filepath.Join(dir, "dangling.json")
	for link, dest := range map[string]string{tty: "/dev/null", dangling: filepath.Join(dir, "gone", "x.json")} {
		if err := os.Symlink(dest, link); err != nil {
			t.Fatal(err)
		}
	}
	for path, want := range map[string]string{fifo: "named pipe", tty: "device", dangling: "cannot reach"} {
		called := false
		err := Update(context.Background(), path, 0o600, func([]byte, bool) ([]byte, error) {
			called = true
			return []byte("{}"), nil
		})
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), want) || called {
			t.Errorf("%s: err %v (called %v), want a refusal saying %q", filepath.Base(path), err, called, want)
		}
	}
	if _, err := os.Lstat(filepath.Join(dir, "gone")); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("a write followed the dangling link")
	}
}

// ReadState follows a link to a regular file and refuses a device, a FIFO
// and a folder, naming them.
func TestReadStateReadsOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	if err := os.WriteFile(real, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.json")
	tty := filepath.Join(dir, "tty.json")
	fifo := filepath.Join(dir, "fifo.json")
	_ = os.Symlink(real, link)
	_ = os.Symlink("/dev/tty", tty)
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadState(link); err != nil || string(b) != "{}" {
		t.Fatalf("through a link: %q %v", b, err)
	}
	for _, p := range []string{tty, fifo, dir} {
		if _, err := ReadState(p); !errors.Is(err, ErrRefused) {
			t.Errorf("%s: %v, want a refusal", p, err)
		}
	}
	if _, err := ReadStateDir(fifo); !errors.Is(err, ErrRefused) {
		t.Errorf("a FIFO listed as a folder: %v", err)
	}
}
