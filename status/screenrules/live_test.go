package screenrules

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// A rule file written, changed, broken and removed while amux runs takes
// effect without a restart — also when the rules folder itself did not
// exist when watching began.
func TestLiveRulesReloadWhenFilesChange(t *testing.T) {
	home := t.TempDir()
	l := NewLive(home)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- l.Watch(ctx, nil) }()
	defer func() { cancel(); <-done }()
	screen := []string{"◐ Reticulating splines", "", "> ", "  ? for shortcuts"}
	reads := func(want string) func() bool {
		return func() bool {
			v, _ := l.Match("claude", screen)
			return v.State == want
		}
	}
	if !reads(StateIdle)() {
		t.Fatal("the built-in rules should read this screen idle")
	}
	// The folder is created after Watch started.
	<-l.Watching()
	writeRules(t, home, "claude", "[[rule]]\nname = \"splines\"\nstate = \"working\"\nany = [\"Reticulating\"]\n")
	waitUntil(t, "the new rule to apply", reads(StateWorking))

	// A broken file keeps the built-ins and says why.
	path := filepath.Join(home, DirName, "claude.toml")
	if err := os.WriteFile(path, []byte("[[rule]]\nname = \"x\"\nstate = \"nonsense\"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the broken file to be reported", func() bool { return len(l.Errs()) > 0 })
	if !reads(StateIdle)() {
		t.Fatal("a broken file must fall back to the built-ins")
	}
	// Fixed, then removed.
	writeRules(t, home, "claude", "[[rule]]\nname = \"splines\"\nstate = \"working\"\nany = [\"Reticulating\"]\n")
	waitUntil(t, "the fixed file to apply", func() bool { return reads(StateWorking)() && len(l.Errs()) == 0 })
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the removal to apply", reads(StateIdle))
}
