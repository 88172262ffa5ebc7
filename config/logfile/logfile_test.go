package logfile

import (
	"bufio"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func readLines(t *testing.T, paths ...string) []string {
	t.Helper()
	var out []string
	for _, p := range paths {
		f, err := os.Open(p)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 64<<10), 64<<10)
		for sc.Scan() {
			out = append(out, sc.Text())
		}
		f.Close()
	}
	return out
}

func TestLogIsPrivateLevelFilteredAndUnderTheStateHome(t *testing.T) {
	home := t.TempDir()
	l, err := Open(home, Options{Level: slog.LevelWarn})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	log := l.Logger()
	log.Info("chatter")
	log.Warn("delete left a worktree", "workspace", "ab12", "err", "busy")
	if l.Path() != filepath.Join(home, "logs", "amux.log") {
		t.Fatalf("path = %s", l.Path())
	}
	fi, err := os.Stat(l.Path())
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v %v", fi.Mode(), err)
	}
	lines := readLines(t, l.Path())
	if len(lines) != 1 || !strings.Contains(lines[0], "level=WARN") || !strings.Contains(lines[0], "workspace=ab12") {
		t.Fatalf("lines = %q", lines)
	}
}

// However much is logged, the log stays within (Keep+1)×MaxBytes, keeps
// the newest records whole, and drops the oldest.
func TestLogRotatesAndStaysBounded(t *testing.T) {
	home := t.TempDir()
	l, err := Open(home, Options{MaxBytes: 4 << 10, Keep: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	log := l.Logger()
	for i := range 2000 {
		log.Info("record", "n", i, "pad", strings.Repeat("x", 40))
	}
	var total int64
	entries, _ := os.ReadDir(filepath.Join(home, "logs"))
	for _, e := range entries {
		fi, _ := e.Info()
		total += fi.Size()
		if !strings.HasPrefix(e.Name(), "amux.log") || strings.HasSuffix(e.Name(), ".3") {
			t.Errorf("unexpected file %s", e.Name())
		}
		if fi.Mode().Perm() != 0o600 && !strings.HasSuffix(e.Name(), ".lock") {
			t.Errorf("%s mode %v", e.Name(), fi.Mode())
		}
	}
	if total > 3*(4<<10)+4096 { // + the lock file's directory slack
		t.Fatalf("log uses %d bytes, cap %d", total, 3*(4<<10))
	}
	lines := readLines(t, l.Path()+".2", l.Path()+".1", l.Path())
	for _, ln := range lines {
		if !strings.HasPrefix(ln, "time=") || !strings.HasSuffix(ln, strings.Repeat("x", 40)) {
			t.Fatalf("a record was cut: %q", ln)
		}
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "n=1999 ") {
		t.Fatalf("newest record missing: %q", last)
	}
	if strings.Contains(lines[0], "n=0 ") {
		t.Fatal("oldest record kept past the cap")
	}
}

// Two amux processes share one state home: rotation by one is seen by the
// other, and no record is lost or split between them.
func TestTwoWritersShareTheLog(t *testing.T) {
	home := t.TempDir()
	const per = 300
	var wg sync.WaitGroup
	for w := range 2 {
		l, err := Open(home, Options{MaxBytes: 4 << 10, Keep: 20})
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			log := l.Logger()
			for i := range per {
				log.Info("rec", "w", w, "i", i)
			}
		}()
	}
	wg.Wait()
	var paths []string
	for i := 20; i >= 1; i-- {
		paths = append(paths, fmt.Sprintf("%s.%d", Path(home), i))
	}
	lines := readLines(t, append(paths, Path(home))...)
	if _, err := os.Stat(Path(home) + ".3"); err != nil {
		t.Fatal("the writers never rotated: the test proves nothing")
	}
	seen := map[string]bool{}
	for _, ln := range lines {
		var w, i int
		if _, err := fmt.Sscanf(ln[strings.Index(ln, "w="):], "w=%d i=%d", &w, &i); err != nil {
			t.Fatalf("split record %q", ln)
		}
		seen[fmt.Sprint(w, i)] = true
	}
	if len(seen) != 2*per {
		t.Fatalf("%d distinct records, want %d", len(seen), 2*per)
	}
}

func TestRotationByAnotherWriterIsFollowed(t *testing.T) {
	home := t.TempDir()
	a, _ := Open(home, Options{MaxBytes: 1 << 10, Keep: 1})
	b, _ := Open(home, Options{MaxBytes: 1 << 10, Keep: 1})
	defer a.Close()
	defer b.Close()
	for range 40 {
		a.Logger().Info("from a", "pad", strings.Repeat("a", 30))
	}
	b.Logger().Info("from b")
	if lines := readLines(t, Path(home)); !strings.Contains(lines[len(lines)-1], "from b") {
		t.Fatalf("b wrote into a rotated file: %q", lines)
	}
}

func TestLogRefusesALinkAndCutsHugeRecords(t *testing.T) {
	home := t.TempDir()
	os.MkdirAll(filepath.Join(home, Dir), 0o700)
	target := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Symlink(target, Path(home)); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(home, Options{}); err == nil {
		t.Fatal("log opened through a symlink")
	}
	if _, err := os.Stat(target); err == nil {
		t.Fatal("symlink target created")
	}
	home = t.TempDir()
	l, err := Open(home, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	l.Logger().Warn("big", "blob", strings.Repeat("z", 100<<10))
	fi, _ := os.Stat(l.Path())
	if fi.Size() > maxRecord {
		t.Fatalf("record of %d bytes kept whole", fi.Size())
	}
	if lines := readLines(t, l.Path()); len(lines) != 1 || !strings.HasSuffix(lines[0], "…[cut]") {
		t.Fatalf("cut record = %.80q", lines)
	}
}
