//go:build unix

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// generous is a deadline no healthy read comes near; tests that must not
// block rely on the open never blocking, not on this running out.
const generous = time.Minute

// openers are the two ways ReadRegular opens a file: the platform's
// (openat2 on Linux) and the component walk it falls back to. Both must
// refuse the same things.
var openers = map[string]func(root, rel string) (*os.File, error){
	"platform": openBeneath,
	"walk":     openBeneathWalk,
}

// readWith is ReadRegular with the opener chosen by the test.
func readWith(open func(root, rel string) (*os.File, error), root, rel string, limit int64) ([]byte, error) {
	data, err := within(generous, func() ([]byte, error) {
		f, err := open(root, rel)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return readCapped(f, limit)
	})
	if err != nil {
		return nil, decorate(err, rel, root, filepath.Join(root, rel))
	}
	return data, nil
}

// tree makes a checkout-like folder: a regular file, a link to it, a
// linked directory, a directory where a file is expected, a FIFO, and links
// to character devices.
func tree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(root, ".amux", "dir.json"), 0o755))
	must(os.WriteFile(filepath.Join(root, ".amux", "scripts.json"), []byte(`{"run":"x"}`), 0o644))
	must(os.Symlink("scripts.json", filepath.Join(root, ".amux", "link.json")))
	must(os.Symlink(".amux", filepath.Join(root, "linked")))
	must(os.Symlink("/dev/zero", filepath.Join(root, "zero")))
	must(os.Symlink("/dev/tty", filepath.Join(root, "tty")))
	must(os.WriteFile(filepath.Join(root, "plain"), []byte("not a dir"), 0o644))
	must(syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644))
	return root
}

func TestReadRegularReadsARegularFile(t *testing.T) {
	root := tree(t)
	for name, open := range openers {
		got, err := readWith(open, root, ".amux/scripts.json", 1<<20)
		if err != nil || string(got) != `{"run":"x"}` {
			t.Errorf("%s: got %q, %v", name, got, err)
		}
	}
	got, err := ReadRegular(root, ".amux/scripts.json", 1<<20, generous)
	if err != nil || string(got) != `{"run":"x"}` {
		t.Errorf("ReadRegular: got %q, %v", got, err)
	}
}

func TestReadRegularMissingIsNotExist(t *testing.T) {
	root := tree(t)
	for name, open := range openers {
		for _, rel := range []string{"absent.json", "absent/scripts.json", "plain/scripts.json"} {
			_, err := readWith(open, root, rel, 1<<20)
			if !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s %s: want not-exist, got %v", name, rel, err)
			}
		}
	}
}

func TestReadRegularRefuses(t *testing.T) {
	root := tree(t)
	cases := []struct{ rel, want string }{
		{".amux/link.json", "is a symlink; amux does not follow links"},
		{"linked/scripts.json", "passes through linked, a symlink"},
		{".amux/dir.json", "is a directory, not a regular file"},
		{"zero", "is a symlink"}, // a device behind a link is never opened
		{"tty", "is a symlink"},
		{"fifo", "is a named pipe (FIFO), not a regular file"},
	}
	for name, open := range openers {
		for _, c := range cases {
			_, err := readWith(open, root, c.rel, 1<<20)
			if !errors.Is(err, ErrRefused) || !strings.HasPrefix(err.Error(), c.rel+" "+c.want) {
				t.Errorf("%s %s: want a refusal %q, got %v", name, c.rel, c.want, err)
			}
		}
	}
}

func TestReadRegularRefusesPathsOutsideRoot(t *testing.T) {
	root := tree(t)
	for _, rel := range []string{"../x", "/etc/passwd", ".amux/../../x", "", "."} {
		if _, err := ReadRegular(root, rel, 1<<20, generous); !errors.Is(err, ErrRefused) {
			t.Errorf("%q: want a refusal, got %v", rel, err)
		}
	}
}

// A FIFO whose writer is open but never writes would block a plain read
// forever; the call returns a refusal while the writer is still open.
func TestReadRegularDoesNotWaitOnAnOpenFIFO(t *testing.T) {
	root := tree(t)
	w, err := os.OpenFile(filepath.Join(root, "fifo"), os.O_RDWR, 0) // RDWR: this open does not wait for a reader
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	for name, open := range openers {
		if _, err := readWith(open, root, "fifo", 1<<20); !errors.Is(err, ErrRefused) {
			t.Errorf("%s: want a refusal, got %v", name, err)
		}
	}
	if _, err := ReadRegularFile(filepath.Join(root, "fifo"), 1<<20, generous); !errors.Is(err, ErrRefused) {
		t.Errorf("ReadRegularFile: want a refusal, got %v", err)
	}
}

// A 50 MB file is refused from its size, without reading it.
func TestReadRegularRefusesAnOversizeFile(t *testing.T) {
	root := tree(t)
	f, err := os.Create(filepath.Join(root, "big.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(50 << 20); err != nil { // sparse: no 50 MB written
		t.Fatal(err)
	}
	f.Close()
	for name, open := range openers {
		_, err := readWith(open, root, "big.json", 1<<20)
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "is larger than the 1 MiB amux reads") {
			t.Errorf("%s: want a size refusal, got %v", name, err)
		}
	}
	if _, err := ReadRegularFile(filepath.Join(root, "big.json"), 1<<20, generous); !errors.Is(err, ErrRefused) {
		t.Errorf("ReadRegularFile: want a size refusal, got %v", err)
	}
}

func TestReadRegularFileFollowsLinksToRegularFilesOnly(t *testing.T) {
	root := tree(t)
	got, err := ReadRegularFile(filepath.Join(root, ".amux", "link.json"), 1<<20, generous)
	if err != nil || string(got) != `{"run":"x"}` {
		t.Errorf("link to a regular file: got %q, %v", got, err)
	}
	for _, p := range []string{"/dev/null", "/dev/zero", filepath.Join(root, "zero"), filepath.Join(root, ".amux", "dir.json")} {
		_, err := ReadRegularFile(p, 1<<20, generous)
		if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("%s: want a refusal, got %v", p, err)
		}
	}
	if _, err := ReadRegularFile(filepath.Join(root, "absent"), 1<<20, generous); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: want not-exist, got %v", err)
	}
}

// A read that does not finish in time is abandoned: the caller has its
// error while the read is provably still blocked.
func TestWithinReturnsWhileTheReadIsStillBlocked(t *testing.T) {
	release, finished := make(chan struct{}), make(chan struct{})
	_, err := within(10*time.Millisecond, func() ([]byte, error) {
		defer close(finished)
		<-release
		return []byte("late"), nil
	})
	select {
	case <-finished:
		t.Fatal("within waited for the read to finish")
	default:
	}
	if !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "could not be read within") {
		t.Fatalf("want a deadline refusal, got %v", err)
	}
	close(release)
	<-finished
}

// BenchmarkReadRegular measures the bounded read of a small scripts file
// against a plain os.ReadFile: the price of two opens, the fstats and the
// deadline goroutine.
func BenchmarkReadRegular(b *testing.B) {
	root := b.TempDir()
	if err := os.MkdirAll(filepath.Join(root, ".amux"), 0o755); err != nil {
		b.Fatal(err)
	}
	p := filepath.Join(root, ".amux", "scripts.json")
	if err := os.WriteFile(p, []byte(`{"setup-workspace": ["npm ci"], "run": "npm start"}`), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Run("ReadRegular", func(b *testing.B) {
		for b.Loop() {
			if _, err := ReadRegular(root, ".amux/scripts.json", 1<<20, generous); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("walk", func(b *testing.B) {
		for b.Loop() {
			if _, err := readWith(openBeneathWalk, root, ".amux/scripts.json", 1<<20); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("os.ReadFile", func(b *testing.B) {
		for b.Loop() {
			if _, err := os.ReadFile(p); err != nil {
				b.Fatal(err)
			}
		}
	})
}
