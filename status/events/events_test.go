package events

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

func rec(session, from, to string, at time.Time) Record {
	return Record{At: at, Session: session, Workspace: "ws1", From: from, To: to, Source: "activity"}
}

func TestAppendAndTailKeepOrderAndPrivacy(t *testing.T) {
	dir := filepath.Join(t.TempDir(), DirName)
	l := Open(dir)
	ctx := context.Background()
	for i, to := range []string{"idle", "working", "done", "idle"} {
		from := ""
		if i > 0 {
			from = []string{"idle", "working", "done"}[i-1]
		}
		if err := l.Append(ctx, rec("amux-ws1-tab-a-1", from, to, t0.Add(time.Duration(i)*time.Second))); err != nil {
			t.Fatal(err)
		}
	}
	got, err := l.Tail("amux-ws1-tab-a-1", 3)
	if err != nil {
		t.Fatal(err)
	}
	var path []string
	for _, r := range got {
		path = append(path, r.From+">"+r.To)
	}
	if strings.Join(path, " ") != "idle>working working>done done>idle" {
		t.Fatalf("tail = %v", path)
	}
	fi, _ := os.Stat(dir)
	if fi.Mode().Perm() != 0o700 {
		t.Fatalf("dir mode %v", fi.Mode())
	}
	fi, _ = os.Stat(filepath.Join(dir, "amux-ws1-tab-a-1.jsonl"))
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("file mode %v", fi.Mode())
	}
}

// A history never grows past its bound: rotated at MaxBytes, two old files
// kept, the oldest dropped; the newest records are always there.
func TestRotationBoundsTheHistory(t *testing.T) {
	dir := t.TempDir()
	l := Open(dir)
	l.maxBytes = 4 << 10
	ctx := context.Background()
	big := strings.Repeat("x", 200)
	for i := range 200 {
		r := rec("s", "working", "done", t0.Add(time.Duration(i)*time.Second))
		r.Message = big
		if err := l.Append(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	total := int64(0)
	entries, _ := os.ReadDir(dir)
	var files []string
	for _, e := range entries {
		info, _ := e.Info()
		if strings.HasPrefix(e.Name(), "s.jsonl") {
			files = append(files, e.Name())
			total += info.Size()
			if info.Size() > l.maxBytes {
				t.Fatalf("%s is %d bytes, over the bound", e.Name(), info.Size())
			}
		}
	}
	if len(files) != 1+Keep || total > int64(1+Keep)*l.maxBytes {
		t.Fatalf("files %v, %d bytes", files, total)
	}
	got, _ := l.Tail("s", 1)
	if len(got) != 1 || !got[0].At.Equal(t0.Add(199*time.Second)) {
		t.Fatalf("the newest record is missing: %+v", got)
	}
}

// A link or a directory planted where a history file goes is refused,
// never followed or written through.
func TestAppendRefusesWhatIsNotAPrivateFile(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(target, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(dir, "linked.jsonl")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(dir, "dir.jsonl"), 0o700); err != nil {
		t.Fatal(err)
	}
	l := Open(dir)
	for _, s := range []string{"linked", "dir"} {
		if err := l.Append(context.Background(), rec(s, "", "idle", t0)); err == nil {
			t.Errorf("%s: append went through", s)
		}
	}
	if b, _ := os.ReadFile(target); string(b) != "keep" {
		t.Fatalf("the link target was written: %q", b)
	}
}

// A session name that is not a safe file name is hashed, never used as a
// path.
func TestUnsafeSessionNamesAreHashed(t *testing.T) {
	for _, s := range []string{"../escape", "a/b", ".hidden", "x\x1by", ""} {
		name := FileName(s)
		if strings.ContainsAny(name, "/\x1b") || strings.HasPrefix(name, ".") || !strings.HasPrefix(name, "session-") {
			t.Errorf("%q → %q", s, name)
		}
	}
	if FileName("amux-ws1-tab-a-1") != "amux-ws1-tab-a-1.jsonl" {
		t.Fatal("a plain session name keeps its name")
	}
}

func TestSinceFiltersAcrossSessions(t *testing.T) {
	dir := t.TempDir()
	l := Open(dir)
	ctx := context.Background()
	now := time.Now().UTC()
	must := func(r Record) {
		if err := l.Append(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	must(rec("a", "", "idle", now.Add(-2*time.Hour)))
	must(rec("a", "idle", "working", now.Add(-30*time.Minute)))
	must(rec("b", "working", "done", now.Add(-10*time.Minute)))
	other := rec("c", "idle", "blocked", now.Add(-5*time.Minute))
	other.Workspace = "ws2"
	must(other)
	// A torn last line (a write in progress) is skipped.
	f, _ := os.OpenFile(filepath.Join(dir, "b.jsonl"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(`{"at":"2026`)
	f.Close()
	got, err := l.Since(now.Add(-time.Hour), func(r Record) bool { return r.Workspace == "ws1" })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Session != "a" || got[1].Session != "b" {
		t.Fatalf("since = %+v", got)
	}
}

func TestRecordLine(t *testing.T) {
	exit := 1
	r := Record{At: t0, Session: "amux-ws1-tab-a-1", From: "working", To: "error", Source: "command", Exit: &exit, Message: "make failed"}
	if got := r.Line(time.UTC); got != "12:00:00 amux-ws1-tab-a-1 working → error (command, exit 1): make failed" {
		t.Fatalf("%q", got)
	}
	r = Record{At: t0, Session: "s", To: "blocked", Source: "screen", Kind: "permission"}
	if got := r.Line(time.UTC); got != "12:00:00 s · → blocked (screen, permission)" {
		t.Fatalf("%q", got)
	}
}
