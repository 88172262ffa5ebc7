package workspace

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"amux.dev/amux/git"
)

// syncBuffer is a log sink safe for the engine's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// Every change a person asks for leaves an info line with the workspace
// and the outcome (a refusal a warn line with the reason): create, commit,
// an approval, delete.
func TestEveryChangeIsLoggedWithTheWorkspaceAndTheOutcome(t *testing.T) {
	ctx := context.Background()
	var out syncBuffer
	e := newEngine(t, func(o *Options) {
		o.Logger = slog.New(slog.NewTextHandler(&out, &slog.HandlerOptions{Level: slog.LevelInfo}))
	})
	repo := newRepo(t, nil)
	runGit(t, repo, "config", "user.name", "t")
	runGit(t, repo, "config", "user.email", "t@example.com")
	res, err := e.Create(ctx, CreateRequest{Repo: repo, Name: "feat", SkipSetup: true})
	if err != nil {
		t.Fatal(err)
	}
	id := res.Workspace.ID
	mustWrite(t, filepath.Join(res.Workspace.Root, "new.txt"), "x\n")
	runGit(t, res.Workspace.Root, "add", "new.txt")
	if _, err := e.Commit(ctx, id, git.CommitRequest{Message: "add new"}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Commit(ctx, id, git.CommitRequest{Message: "nothing staged"}); err == nil {
		t.Fatal("an empty commit went through")
	}
	sc := newScript(KindArchive, SourceRepo, []string{"true"})
	if err := e.ApproveArchive(ctx, id, sc); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Delete(ctx, id, DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	log := out.String()
	for _, want := range []string{
		`level=INFO msg="create workspace" workspace=` + id + ` name=feat`,
		`level=INFO msg=commit workspace=` + id,
		`level=WARN msg=commit workspace=` + id,
		`level=INFO msg="approve archive script" workspace=` + id,
		`level=INFO msg="delete workspace" workspace=` + id + ` name=feat`,
	} {
		if !strings.Contains(log, want) {
			t.Errorf("the log lacks %q:\n%s", want, log)
		}
	}
	if n := strings.Count(log, "outcome=done"); n != 4 {
		t.Errorf("%d lines with outcome=done, want 4:\n%s", n, log)
	}
	if !strings.Contains(log, "outcome=failed") {
		t.Errorf("the refused commit has no outcome:\n%s", log)
	}
}
