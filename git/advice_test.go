package git

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A commit git refuses is explained in git's own words, whole, with the
// known fix: no identity (the user's config has none and auto-detection
// is off), and an index.lock another process holds.
func TestExplainGivesGitsReasonAndTheFix(t *testing.T) {
	home := isolate(t)
	dir := newRepo(t)
	// No identity at all from here on: the global one goes, and git may
	// not guess one from the host name.
	if err := os.Remove(filepath.Join(home, ".gitconfig")); err != nil {
		t.Fatal(err)
	}
	tgit(t, dir, "config", "user.useConfigOnly", "true")
	writeFile(t, filepath.Join(dir, "a.txt"), "beta\n")
	tgit(t, dir, "add", "a.txt")
	r := runner(Options{})
	ctx := context.Background()
	_, err := r.Commit(ctx, dir, CommitRequest{Message: "change a"})
	if err == nil {
		t.Fatal("a commit without an identity went through")
	}
	ex := Explain(err)
	if !strings.Contains(ex.Reason, "Please tell me who you are") || strings.Contains(ex.Reason, "--file=-") {
		t.Errorf("reason = %q, want git's words without the command line", ex.Reason)
	}
	if !strings.Contains(ex.Fix, "set user.name and user.email") {
		t.Errorf("fix = %q", ex.Fix)
	}
	if lines := ex.Lines(); len(lines) < 3 || !strings.HasPrefix(lines[len(lines)-1], "fix: ") {
		t.Errorf("lines = %q", lines)
	}

	tgit(t, dir, "config", "user.name", "amux test")
	tgit(t, dir, "config", "user.email", "test@amux.invalid")
	lock := filepath.Join(dir, ".git", "index.lock")
	writeFile(t, lock, "")
	_, err = r.Commit(ctx, dir, CommitRequest{Message: "change a"})
	if ex := Explain(err); !strings.Contains(ex.Reason, "index.lock") || !strings.Contains(ex.Fix, "remove "+lock) {
		t.Errorf("index.lock: %+v (err %v)", ex, err)
	}
	if ex := Explain(os.ErrPermission); ex.Reason != os.ErrPermission.Error() || ex.Fix != "" {
		t.Errorf("plain error: %+v", ex)
	}
}
