package workspace

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestCappedOutputKeepsHeadAndTail(t *testing.T) {
	path := filepath.Join(t.TempDir(), "logs", "setup-workspace.log")
	const limit = minOutputCap
	c, err := createCapped(path, limit)
	if err != nil {
		t.Fatal(err)
	}
	fl := NewFollower(path)
	var total int
	resets := 0
	for i := 0; total < 5*limit; i++ {
		line := fmt.Sprintf("line %07d %s\n", i, bytes.Repeat([]byte("x"), 100))
		if _, err := c.Write([]byte(line)); err != nil {
			t.Fatal(err)
		}
		total += len(line)
		if i%500 == 0 {
			if _, reset, err := fl.Next(1 << 30); err != nil {
				t.Fatal(err)
			} else if reset {
				resets++
			}
		}
		if fi, err := os.Stat(path); err != nil || fi.Size() > limit {
			t.Fatalf("file grew past the cap: %v %v", fi.Size(), err)
		}
	}
	last := "the very end\n"
	c.Write([]byte(last))
	c.Close()
	c.Write([]byte("after close"))

	got := readFile(t, path)
	if !contains(got[:200], "line 0000000 ") {
		t.Fatal("head not kept")
	}
	if !contains(got, "bytes of output elided]") {
		t.Fatal("no elision marker")
	}
	if !contains(got[len(got)-len(last):], "the very end") || contains(got, "after close") {
		t.Fatalf("tail wrong: %q", got[len(got)-40:])
	}
	if bytes.Count([]byte(got), []byte("elided]")) != 1 {
		t.Fatal("markers accumulated")
	}
	if resets == 0 {
		t.Fatal("follower never noticed a compaction")
	}
	tail, err := ReadTail(path, 13)
	if err != nil || string(tail) != last {
		t.Fatalf("ReadTail = %q %v", tail, err)
	}
	if b, err := ReadTail(filepath.Join(t.TempDir(), "missing"), 10); err != nil || b != nil {
		t.Fatal("missing file must read as empty")
	}
}

func TestFollowerSeesANewRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "run.log")
	c, _ := createCapped(path, 0)
	c.Write([]byte("first run, long output\n"))
	fl := NewFollower(path)
	if b, reset, _ := fl.Next(1 << 20); string(b) != "first run, long output\n" || reset {
		t.Fatalf("%q %v", b, reset)
	}
	c.Close()
	c2, _ := createCapped(path, 0)
	defer c2.Close()
	c2.Write([]byte("second run, even longer output\n"))
	b, reset, _ := fl.Next(1 << 20)
	if !reset || string(b) != "second run, even longer output\n" {
		t.Fatalf("new run not detected: %q reset=%v", b, reset)
	}
	c2.Write([]byte("more"))
	if b, reset, _ := fl.Next(1 << 20); string(b) != "more" || reset {
		t.Fatalf("%q %v", b, reset)
	}
}
